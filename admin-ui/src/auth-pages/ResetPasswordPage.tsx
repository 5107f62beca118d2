import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { fieldIssues, resetPasswordInput } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PasswordField, useApiFieldErrors, useIssueText, type FieldErrors } from './fields';
import { failureKey, isHandled, isHttpError } from '../http/errors';
import { AuthLayout } from '../shell/AuthLayout';
import { useArea } from '../shell/area';

type LinkState =
  { state: 'checking' } | { state: 'valid'; email: string } | { state: 'invalid'; message: string };

/**
 * merchant/reset-password/{token} and manager/reset-password/{token}: the link from the mail (a forgotten
 * password, or a new owner's or platform staff member's first one), checked first, then a new password.
 */
export const ResetPasswordPage = () => {
  const { token = '' } = useParams();
  const area = useArea();
  const translate = useTranslate();
  const issueText = useIssueText();
  const apiFieldErrors = useApiFieldErrors();
  const [link, setLink] = useState<LinkState>({ state: 'checking' });
  const [values, setValues] = useState({ password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    let live = true;
    area
      .http(`${area.apiBase}/reset_password/${encodeURIComponent(token)}`, { anonymous: true })
      .then(({ json }) => live && setLink({ state: 'valid', email: (json as { email: string }).email }))
      .catch((error: unknown) => {
        if (live && !isHandled(error))
          setLink({
            state: 'invalid',
            message: isHttpError(error) ? error.message : 'auth.reset_token_invalid',
          });
      });
    return () => {
      live = false;
    };
  }, [area, token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { token, ...values };
    const parsed = resetPasswordInput.safeParse(body);
    if (!parsed.success) {
      const issues = fieldIssues(parsed.error, body);
      setErrors(
        Object.fromEntries(
          Object.entries(issues).map(([field, found]) => [
            field,
            issueText(field, {
              key: found.key,
              params: { ...found.params, other: translate('app.auth.new_password') },
            }),
          ]),
        ),
      );
      return;
    }
    setErrors({});
    setSaving(true);
    setAlert(null);
    try {
      await area.http(`${area.apiBase}/reset_password`, {
        method: 'POST',
        body: JSON.stringify(body),
        anonymous: true,
      });
      setDone(true);
    } catch (error) {
      if (!isHandled(error)) {
        setErrors(apiFieldErrors(error));
        setAlert(failureKey(error));
      }
    } finally {
      setSaving(false);
    }
  };

  const backToSignIn = (
    <Button component={Link} to={area.paths.signIn} variant={done ? 'contained' : 'text'}>
      {translate('app.auth.back_to_sign_in')}
    </Button>
  );

  return (
    <AuthLayout title={translate('app.auth.reset_title')}>
      {link.state === 'checking' && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} />
          <Typography>{translate('app.auth.checking_link')}</Typography>
        </Stack>
      )}
      {link.state === 'invalid' && (
        <Stack spacing={2}>
          <Alert severity="error">{translate(link.message)}</Alert>
          {backToSignIn}
        </Stack>
      )}
      {link.state === 'valid' && done && (
        <Stack spacing={2}>
          <Alert severity="success" data-testid="reset-done">
            {translate('app.auth.reset_done')}
          </Alert>
          {backToSignIn}
        </Stack>
      )}
      {link.state === 'valid' && !done && (
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={2}>
            <Typography color="text.secondary">
              {translate('app.auth.reset_for')}{' '}
              {/* an address is read left to right, and a long one wraps inside the card */}
              <bdi dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                {link.email}
              </bdi>
            </Typography>
            {alert && <Alert severity="error">{translate(alert)}</Alert>}
            <PasswordField
              label={translate('app.auth.new_password')}
              value={values.password}
              onChange={(event) => setValues((v) => ({ ...v, password: event.target.value }))}
              error={Boolean(errors.password)}
              helperText={errors.password || translate('app.auth.password_hint')}
              autoComplete="new-password"
              required
              fullWidth
            />
            <PasswordField
              label={translate('app.auth.confirm_password')}
              value={values.password_confirmation}
              onChange={(event) => setValues((v) => ({ ...v, password_confirmation: event.target.value }))}
              error={Boolean(errors.password_confirmation)}
              helperText={errors.password_confirmation || undefined}
              autoComplete="new-password"
              required
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" disabled={saving}>
              {translate('app.auth.save_password')}
            </Button>
            {backToSignIn}
          </Stack>
        </Box>
      )}
    </AuthLayout>
  );
};
