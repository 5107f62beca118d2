import { useState, type FormEvent } from 'react';
import { useTranslate } from 'ra-core';
import { compose, email, required } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { failureKey, isHandled } from '../http/errors';
import { useArea } from '../shell/area';
import { AuthTextField, useApiFieldErrors, useIssueText } from './fields';

const emailRule = compose(required, email);

type Request = {
  /** the API's route, under the merchant's API base */
  path: string;
  hint: string;
  button: string;
  /** what the screen says once asked, if the answer says nothing */
  sent: string;
  testId: string;
};

const PASSWORD: Request = {
  path: 'forgot_password',
  hint: 'app.auth.forgot_hint',
  button: 'app.auth.send_link',
  sent: 'auth.reset_link_sent',
  testId: 'forgot-password',
};
const ACCOUNT_ID: Request = {
  path: 'forgot_account_id',
  hint: 'app.auth.forgot_account_id_hint',
  button: 'app.auth.send_account_id',
  sent: 'auth.account_id_sent',
  testId: 'forgot-account-id',
};

/** Asks for a reset link; the answer is the same whether or not the e-mail is known (docs/api.md). */
export const ForgotPasswordForm = ({ onBack }: { onBack: () => void }) => (
  <ForgotForm request={PASSWORD} onBack={onBack} />
);

/** "Forgot account ID": the account ID and username go by mail; the same answer for any e-mail. */
export const ForgotAccountIdForm = ({ onBack }: { onBack: () => void }) => (
  <ForgotForm request={ACCOUNT_ID} onBack={onBack} />
);

const ForgotForm = ({ request, onBack }: { request: Request; onBack: () => void }) => {
  const area = useArea();
  const translate = useTranslate();
  const issueText = useIssueText();
  const apiFieldErrors = useApiFieldErrors();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; message: string } | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const issue = emailRule(value.trim());
    setError(issue ? issueText('email', issue) : '');
    if (issue) return;
    setSending(true);
    setOutcome(null);
    try {
      const { json } = await area.http(`${area.apiBase}/${request.path}`, {
        method: 'POST',
        body: JSON.stringify({ email: value.trim() }),
        anonymous: true,
      });
      const message = (json as { message?: string } | null)?.message ?? request.sent;
      setOutcome({ severity: 'success', message });
    } catch (failure) {
      if (!isHandled(failure)) {
        setError(apiFieldErrors(failure).email ?? '');
        setOutcome({
          severity: 'error',
          message: failureKey(failure),
        });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid={request.testId}>
      <Stack spacing={2}>
        <Typography color="text.secondary">{translate(request.hint)}</Typography>
        {outcome && (
          <Alert severity={outcome.severity} data-testid="forgot-outcome">
            {translate(outcome.message, { _: translate('app.errors.unknown') })}
          </Alert>
        )}
        <AuthTextField
          label={translate('app.auth.email')}
          slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'forgot-email' } }}
          type="email"
          autoComplete="email"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError('');
          }}
          error={Boolean(error)}
          helperText={error || undefined}
          required
          fullWidth
          autoFocus
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={sending}
          startIcon={sending ? <CircularProgress size={18} color="inherit" /> : undefined}
          data-testid="forgot-submit"
        >
          {translate(request.button)}
        </Button>
        <Button variant="text" onClick={onBack} sx={{ alignSelf: 'center' }}>
          {translate('app.auth.back_to_sign_in')}
        </Button>
      </Stack>
    </Box>
  );
};
