import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Title } from 'react-admin';
import { useNotify, useRequireAccess, useTranslate } from 'ra-core';
import { wizardStepsOf, type GlobalInformation, type WizardStep } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { failureKey, isHandled } from '../http/errors';
import { useGlobalInformation, useGlobalInformationStore } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';
import { useIsPhone } from '../layout/ResponsiveDataTable';
import { VatSection } from '../settings/GeneralSettingsPage';
import { BusinessHoursSection } from '../settings/BusinessHoursSection';
import { GeneralInfoSection } from '../settings/GeneralInfoSection';
import { InvoiceSection } from '../settings/OtherSections';
import type { AfterSave } from '../settings/SettingsSection';
import { EmployeesStep } from './EmployeesStep';
import { ServicesStep } from './ServicesStep';
import { EInvoicingStep } from '../einvoicing/EInvoicingStep';
import { canOpen, stepAfter, stepperState, type WizardAnswer } from './stepper';
import { useAppDataProvider } from '../http/useAppDataProvider';

const FORMS: Record<WizardStep, (props: AfterSave) => React.JSX.Element> = {
  'general-informations': GeneralInfoSection,
  vat: VatSection,
  'business-hours': BusinessHoursSection,
  employees: EmployeesStep,
  'invoice-setting': InvoiceSection,
  einvoicing: EInvoicingStep,
  'activate-services': ServicesStep,
};

/**
 * The setup wizard (`merchant/wizard`, doc1 "Screen behaviours"): six steps in the spec's order, each
 * completed, current or pending, with the weighted progress of `GET wizard`. Each step is the real
 * settings form; saving it records the step (`POST wizard/update_progress`), refreshes the global
 * information (doc1 §4) and moves on; the last one lands on the welcome page.
 */
export const WizardPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { basename } = useArea();
  const phone = useIsPhone();
  const dataProvider = useAppDataProvider();
  const store = useGlobalInformationStore<GlobalInformation>();
  const country = useGlobalInformation<GlobalInformation>()?.global_informations.account.country_id;
  // a Saudi salon's wizard has its e-invoicing step
  const all = useMemo(() => wizardStepsOf(country), [country]);
  const { isPending: checking } = useRequireAccess({ resource: 'wizard', action: 'show' });
  const [answer, setAnswer] = useState<WizardAnswer>();
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<WizardStep | null>(null);

  const load = useCallback(async () => {
    try {
      const next = await dataProvider.send<WizardAnswer>('GET', 'wizard');
      setAnswer(next);
      setFailed(false);
      return next;
    } catch (error) {
      if (!isHandled(error)) setFailed(true);
      return undefined;
    }
  }, [dataProvider]);

  useEffect(() => {
    if (!checking) void load();
  }, [checking, load]);

  const state = useMemo(
    () => (answer ? stepperState(answer, chosen, all) : undefined),
    [answer, chosen, all],
  );

  const record = (step: WizardStep) => async () => {
    try {
      const { wizard_progress: done } = await dataProvider.send<{ wizard_progress: string[] }>(
        'POST',
        'wizard/update_progress',
        { step },
      );
      await Promise.all([store.refresh(), load()]);
      const next = stepAfter(done ?? [], step, all);
      if (next === null) {
        notify('app.wizard.finished', { type: 'success' });
        navigate(`${basename}/`);
        return;
      }
      setChosen(next);
      window.scrollTo({ top: 0 });
    } catch (error) {
      if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
    }
  };

  if (checking) return null;
  const open = state?.open ?? null;
  const Form = open ? FORMS[open] : undefined;
  const last =
    open === 'activate-services' || state?.steps.filter((s) => s.status !== 'completed').length === 1;
  return (
    <Box sx={{ py: 2, maxWidth: 1000 }} data-testid="wizard-page">
      <Title title="app.wizard.title" />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {translate('app.wizard.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.wizard.hint')}
        </Typography>
        {failed ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void load()}>
                {translate('app.common.retry')}
              </Button>
            }
          >
            {translate('app.errors.unknown')}
          </Alert>
        ) : !state ? (
          <Skeleton height={72} />
        ) : (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
              <LinearProgress
                variant="determinate"
                value={state.progress}
                sx={{ flex: 1, height: 10, borderRadius: 5 }}
                aria-label={translate('app.wizard.progress', { progress: state.progress })}
              />
              <Typography sx={{ fontWeight: 600, minWidth: 90 }} data-testid="wizard-progress">
                {translate('app.wizard.progress', { progress: state.progress })}
              </Typography>
            </Box>
            {/* Six steps side by side are wider than a phone: there they stand one under another. */}
            <Stepper
              nonLinear
              alternativeLabel={!phone}
              orientation={phone ? 'vertical' : 'horizontal'}
              activeStep={state.steps.findIndex((s) => s.open)}
            >
              {state.steps.map((s) => (
                <Step
                  key={s.step}
                  completed={s.status === 'completed'}
                  data-testid={`wizard-step-${s.step}`}
                  data-status={s.status}
                >
                  <StepButton
                    disabled={!canOpen(state, s.step)}
                    onClick={() => setChosen(s.step)}
                    optional={
                      <Typography variant="caption" color="text.secondary">
                        {translate(`app.wizard.status.${s.status}`)}
                      </Typography>
                    }
                  >
                    {translate(`app.wizard.steps.${s.step}`)}
                  </StepButton>
                </Step>
              ))}
            </Stepper>
          </>
        )}
      </Paper>
      {state?.finished && !chosen && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          data-testid="wizard-done"
          action={
            <Button color="inherit" onClick={() => navigate(`${basename}/`)}>
              {translate('app.menu.welcome')}
            </Button>
          }
        >
          {translate('app.wizard.all_done')}
        </Alert>
      )}
      {open && Form && (
        <Box key={open} data-testid={`wizard-form-${open}`}>
          <Form
            onSaved={record(open)}
            submitLabel={last ? 'app.wizard.finish' : 'app.wizard.save_and_continue'}
          />
        </Box>
      )}
    </Box>
  );
};
