import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import type { GlobalInformation } from '@rawnaq/contracts';
import { appEvents } from '../shell/events';
import { useArea } from '../shell/area';
import { FullPageLoading } from './FullPageMessage';
import {
  useGlobalInformation,
  useGlobalInformationRetrying,
  useGlobalInformationStore,
} from './globalInformationContext';

/** A locked screen stays locked across reloads and typed addresses until the password is given. */
export const LockGuard = ({ children }: { children: ReactNode }) => {
  const { session, paths } = useArea();
  const location = useLocation();
  if (session.token() && session.isLocked())
    return <Navigate to={paths.lock} replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <>{children}</>;
};

/** No merchant screen shows before the global information is loaded (spec doc1 §2). */
export const GlobalInformationGate = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const store = useGlobalInformationStore();
  const information = useGlobalInformation();
  const retrying = useGlobalInformationRetrying();
  const { session } = useArea();
  const signedIn = session.token() !== null;
  useEffect(() => {
    if (signedIn) void store.get();
  }, [store, signedIn]);
  // Signed out: react-admin's own check sends the user to sign-in; nothing to load here.
  if (!signedIn || information) return <>{children}</>;
  return <FullPageLoading message={translate(retrying ? 'app.loading.retrying' : 'app.loading.global')} />;
};

/** react-admin's error boundary inside the layout: the unexpected-error dialog takes it from here. */
export const LayoutError = ({ error }: { error?: unknown }) => {
  useEffect(() => {
    appEvents.emit({ type: 'unexpected', error });
  }, [error]);
  return null;
};

/**
 * The advanced accounting screens (the books, the audit log) need the add-on with its wizard done
 * (status 2). Spec doc1 §2: status 0 or missing sends the user to the welcome page; status 1 to the
 * accounting wizard.
 */
export const AdvancedAccountingGate = ({ children }: { children: ReactNode }) => {
  const information = useGlobalInformation<GlobalInformation>();
  const { basename } = useArea();
  const status = information?.global_informations.account.advanced_accounting_status ?? 0;
  if (information && status !== 2)
    return <Navigate to={`${basename}/advanced-accounting/${status === 1 ? 'wizard' : 'welcome'}`} replace />;
  return <>{children}</>;
};
