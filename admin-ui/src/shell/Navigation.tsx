import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { appEvents } from './events';
import { useArea } from './area';

/** Spec doc1 §2: after each navigation the page scrolls to the top after about 100 ms. */
export const ScrollToTopAfterNavigation = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => window.scrollTo({ top: 0 }), 100);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return null;
};

/** 501 'redirect_to_not_found' from any call lands on the 404 route of the page's language. */
export const NotFoundRedirector = () => {
  const navigate = useNavigate();
  const { paths } = useArea();
  useEffect(
    () => appEvents.subscribe((event) => event.type === 'not-found' && navigate(paths.notFound)),
    [navigate, paths.notFound],
  );
  return null;
};

/**
 * An area's back office opened without a session goes to its sign-in page as react-admin's checkAuth
 * would send it (the realm's stored data forgotten, the address asked for kept for after sign-in), but
 * before downloading react-admin and the back office: `/`, `/ar/merchant` and any bookmark land there.
 */
export const SignedInOnly = ({ children }: { children: ReactNode }) => {
  const { session, paths } = useArea();
  const { pathname, search } = useLocation();
  const signedIn = session.token() !== null;
  useEffect(() => {
    if (!signedIn) session.clear();
  }, [signedIn, session]);
  return signedIn ? (
    children
  ) : (
    <Navigate to={paths.signIn} state={{ nextPathname: pathname, nextSearch: search }} />
  );
};
