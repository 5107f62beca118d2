import { Link, Navigate } from 'react-router-dom';
import { useCanAccess, useTranslate } from 'ra-core';
import { wizardProgress, wizardStepsOf, type GlobalInformation } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';

const LANDED_KEY = 'rawnaq.wizard.landed';

/** On the welcome page while the setup wizard is unfinished: how far it is, and the way back into it. */
export const WizardCall = () => {
  const translate = useTranslate();
  const { basename } = useArea();
  const { canAccess } = useCanAccess({ resource: 'wizard', action: 'show' });
  const information = useGlobalInformation<GlobalInformation>();
  if (!canAccess || !information) return null;
  const { wizard_progress: done = [], country_id: country } = information.global_informations.account;
  const progress = wizardProgress(done);
  if (wizardStepsOf(country).every((step) => done.includes(step))) return null;
  // a new salon's owner lands in the wizard from her first welcome page (once a tab: the welcome
  // page stays hers to come back to)
  if (progress === 0 && window.sessionStorage.getItem(LANDED_KEY) === null) {
    window.sessionStorage.setItem(LANDED_KEY, '1');
    return <Navigate to={`${basename}/wizard`} replace />;
  }
  return (
    <Alert
      severity="info"
      variant="outlined"
      sx={{ mb: 3, alignItems: 'center' }}
      data-testid="wizard-call"
      action={
        <Button component={Link} to={`${basename}/wizard`} variant="contained" data-testid="continue-setup">
          {translate(progress === 0 ? 'app.wizard.call.start' : 'app.wizard.call.continue')}
        </Button>
      }
    >
      <AlertTitle>{translate('app.wizard.call.title', { progress })}</AlertTitle>
      {translate('app.wizard.call.text')}
      <LinearProgress variant="determinate" value={progress} sx={{ mt: 1, height: 6, borderRadius: 3 }} />
    </Alert>
  );
};
