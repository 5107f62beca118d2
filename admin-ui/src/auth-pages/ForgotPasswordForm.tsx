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

/** Asks for a reset link; the answer is the same whether or not the e-mail is known (docs/api.md). */
export const ForgotPasswordForm = ({ onBack }: { onBack: () => void }) => {
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
      const { json } = await area.http(`${area.apiBase}/forgot_password`, {
        method: 'POST',
        body: JSON.stringify({ email: value.trim() }),
        anonymous: true,
      });
      const message = (json as { message?: string } | null)?.message ?? 'auth.reset_link_sent';
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
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <Typography color="text.secondary">{translate('app.auth.forgot_hint')}</Typography>
        {outcome && (
          <Alert severity={outcome.severity} data-testid="forgot-outcome">
            {translate(outcome.message, { _: translate('app.errors.unknown') })}
          </Alert>
        )}
        <AuthTextField
          label={translate('app.auth.email')}
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
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={sending}
          startIcon={sending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {translate('app.auth.send_link')}
        </Button>
        <Button variant="text" onClick={onBack} sx={{ alignSelf: 'center' }}>
          {translate('app.auth.back_to_sign_in')}
        </Button>
      </Stack>
    </Box>
  );
};
