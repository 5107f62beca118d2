import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isHandled, isHttpError } from '../../http/errors';
import { AuthLayout } from '../../shell/AuthLayout';
import { useArea } from '../../shell/area';

type Outcome =
  { state: 'checking' } | { state: 'verified'; email: string } | { state: 'invalid'; message: string };

/**
 * merchant/verify-email/{token}: the link mailed to a new e-mail address. Opening it verifies the
 * address (once: the link is spent), after which signing in by that e-mail works.
 */
export const VerifyEmailPage = () => {
  const { token = '' } = useParams();
  const area = useArea();
  const translate = useTranslate();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'checking' });
  // a link is good once: sent once even if the page is rendered twice
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    area
      .http(`${area.apiBase}/verify_email`, {
        method: 'POST',
        body: JSON.stringify({ token }),
        anonymous: true,
      })
      .then(({ json }) => setOutcome({ state: 'verified', email: (json as { email: string }).email }))
      .catch((error: unknown) => {
        if (!isHandled(error))
          setOutcome({
            state: 'invalid',
            message: isHttpError(error) ? error.message : 'auth.verify_token_invalid',
          });
      });
  }, [area, token]);

  return (
    <AuthLayout title={translate('app.auth.verify_title')}>
      {outcome.state === 'checking' && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} />
          <Typography>{translate('app.auth.checking_link')}</Typography>
        </Stack>
      )}
      {outcome.state !== 'checking' && (
        <Stack spacing={2} data-testid="verify-email-outcome">
          {outcome.state === 'verified' ? (
            <Alert severity="success">
              {translate('auth.email_verified')}
              <Typography component="bdi" dir="ltr" sx={{ display: 'block', fontWeight: 500 }}>
                {outcome.email}
              </Typography>
            </Alert>
          ) : (
            <Alert severity="error">{translate(outcome.message)}</Alert>
          )}
          <Button component={Link} to={area.paths.signIn} variant="contained">
            {translate('app.auth.back_to_sign_in')}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
};
