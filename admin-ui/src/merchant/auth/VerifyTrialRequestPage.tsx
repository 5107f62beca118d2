import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isHandled, isHttpError } from '../../http/errors';
import { AuthLayout } from '../../shell/AuthLayout';
import { useArea } from '../../shell/area';

type Outcome = { state: 'checking' } | { state: 'done'; message: string; ok: boolean };

/**
 * merchant/free-trial/verify/{requestId}/{token}: the link mailed to whoever asked for a free trial.
 * Opening it confirms her address; the request then waits for the platform's decision.
 */
export const VerifyTrialRequestPage = () => {
  const { requestId = '', token = '' } = useParams();
  const area = useArea();
  const translate = useTranslate();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'checking' });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    area
      .http('/api/public/free-trial-requests/verify', {
        method: 'POST',
        body: JSON.stringify({ request_id: requestId, token }),
        anonymous: true,
      })
      .then(() => setOutcome({ state: 'done', ok: true, message: 'trial.email_verified' }))
      .catch((error: unknown) => {
        if (!isHandled(error))
          setOutcome({
            state: 'done',
            ok: false,
            message: isHttpError(error) ? error.message : 'trial.token_invalid',
          });
      });
  }, [area, requestId, token]);

  return (
    <AuthLayout title={translate('app.auth.verify_title')}>
      {outcome.state === 'checking' ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} />
          <Typography>{translate('app.auth.checking_link')}</Typography>
        </Stack>
      ) : (
        <Alert severity={outcome.ok ? 'success' : 'error'} data-testid="verify-trial-outcome">
          {translate(outcome.message)}
        </Alert>
      )}
    </AuthLayout>
  );
};
