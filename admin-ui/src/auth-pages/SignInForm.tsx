import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { compose, digitsOnly, email, maxLength, required, type Validator } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { readSignInNotice } from '../auth/session';
import { signIn } from '../auth/signIn';
import { failureKey, isHandled, isHttpError, messageParams } from '../http/errors';
import { useArea } from '../shell/area';
import { AnotherSessionDialog } from './AnotherSessionDialog';
import { SessionEndedText } from './SessionEndedText';
import { AuthTextField, PasswordField, useApiFieldErrors, useIssueText, type FieldErrors } from './fields';

export type SignInMethod = 'account' | 'email';

const RULES: Record<string, Validator> = {
  accountId: compose(required, digitsOnly),
  username: compose(required, maxLength(100)),
  email: compose(required, email),
  password: required,
};

const FIELDS: Record<SignInMethod, string[]> = {
  account: ['accountId', 'username', 'password'],
  email: ['email', 'password'],
};

/** Remembered on this device (not with the session) so the desk's usual way of signing in comes first. */
const METHOD_KEY = 'rawnaq.sign-in-method';
const ACCOUNT_KEY = 'rawnaq.sign-in-account';

/**
 * Sign-in by account ID + username, or by e-mail (spec doc1 §2 "Screens known by label"). A 409
 * "another session exists" asks whether to continue, and continuing signs in again with `force`.
 */
export const SignInForm = ({
  methods,
  onForgotPassword,
  onForgotAccountId,
  warmUp,
}: {
  methods: SignInMethod[];
  onForgotPassword?: () => void;
  /** "Forgot account ID" (the merchant's sign-in) */
  onForgotAccountId?: () => void;
  /** Starts fetching the signed-in app while the server checks the password. */
  warmUp?: () => void;
}) => {
  const area = useArea();
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const issueText = useIssueText();
  const apiFieldErrors = useApiFieldErrors();
  const [method, setMethod] = useState<SignInMethod>(() => {
    const stored = window.localStorage.getItem(METHOD_KEY);
    return methods.includes(stored as SignInMethod) ? (stored as SignInMethod) : methods[0];
  });
  const [values, setValues] = useState<Record<string, string>>(() => ({
    accountId: window.localStorage.getItem(ACCOUNT_KEY) ?? '',
    username: '',
    email: '',
    password: '',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  // the attempts left, or the minutes a pause lasts (auth.wrong_credentials_remaining, auth.sign_in_paused)
  const [alertParams, setAlertParams] = useState<Record<string, string | number>>({});
  const [notice] = useState(() => readSignInNotice(area.area));
  const [submitting, setSubmitting] = useState(false);
  const [askForce, setAskForce] = useState(false);

  const change = (field: string) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  const nextPath = () => {
    const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
    const next = state?.nextPathname;
    return next &&
      next.startsWith(area.basename) &&
      !next.startsWith(area.paths.signIn) &&
      !next.endsWith('/logout')
      ? `${next}${state?.nextSearch ?? ''}`
      : area.paths.home;
  };

  const submit = async (force: boolean) => {
    const fields = FIELDS[method];
    const found: FieldErrors = {};
    for (const field of fields) {
      const issue = RULES[field](values[field]?.trim?.() ?? values[field]);
      if (issue) found[field] = issueText(field, issue);
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    const credentials =
      method === 'account'
        ? { accountId: Number(values.accountId), username: values.username.trim(), password: values.password }
        : { email: values.email.trim(), password: values.password };
    setSubmitting(true);
    setAlert(null);
    warmUp?.();
    try {
      await signIn(area, credentials, force);
      window.localStorage.setItem(METHOD_KEY, method);
      if (method === 'account') window.localStorage.setItem(ACCOUNT_KEY, values.accountId);
      navigate(nextPath(), { replace: true });
    } catch (error) {
      if (isHttpError(error) && error.status === 409 && error.message === 'auth.another_session_exists')
        setAskForce(true);
      else if (!isHandled(error)) {
        setErrors(apiFieldErrors(error));
        setAlert(failureKey(error));
        setAlertParams(messageParams(error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(false);
  };

  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => ({
    name,
    label: translate(label),
    value: values[name],
    onChange: change(name),
    error: Boolean(errors[name]),
    helperText: errors[name] || undefined,
    fullWidth: true,
    required: true,
    ...extra,
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      {methods.length > 1 && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('app.auth.method')}
          </Typography>
          <ToggleButtonGroup
            value={method}
            exclusive
            fullWidth
            color="primary"
            size="small"
            onChange={(_, next: SignInMethod | null) => {
              if (next) {
                setMethod(next);
                setErrors({});
                setAlert(null);
              }
            }}
            sx={{ mb: 3 }}
          >
            <ToggleButton value="account" data-testid="method-account">
              {translate('app.auth.by_account')}
            </ToggleButton>
            <ToggleButton value="email" data-testid="method-email">
              {translate('app.auth.by_email')}
            </ToggleButton>
          </ToggleButtonGroup>
        </>
      )}
      <Stack spacing={2}>
        {notice && !alert && (
          <Alert severity="warning" data-testid="sign-in-notice">
            <SessionEndedText messageKey={notice.key} params={notice.params} />
          </Alert>
        )}
        {alert && (
          <Alert severity="error" data-testid="sign-in-error">
            {translate(alert, { ...alertParams, _: translate('app.errors.unknown') })}
          </Alert>
        )}
        {method === 'account' ? (
          <>
            <AuthTextField
              {...field('accountId', 'app.auth.account_id', {
                autoComplete: 'organization',
                slotProps: { htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'account-id' } },
              })}
            />
            <AuthTextField
              {...field('username', 'app.auth.username', {
                autoComplete: 'username',
                slotProps: { htmlInput: { dir: 'ltr', 'data-testid': 'username' } },
              })}
            />
          </>
        ) : (
          <AuthTextField
            {...field('email', 'app.auth.email', {
              type: 'email',
              autoComplete: 'email',
              slotProps: { htmlInput: { dir: 'ltr', 'data-testid': 'email' } },
            })}
          />
        )}
        <PasswordField
          {...field('password', 'app.auth.password', {
            autoComplete: 'current-password',
            slotProps: { htmlInput: { 'data-testid': 'password' } },
          })}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={submitting}
          startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
          data-testid="sign-in-submit"
        >
          {translate('app.auth.sign_in')}
        </Button>
        {(onForgotPassword || onForgotAccountId) && (
          <Stack direction="row" sx={{ justifyContent: 'center', flexWrap: 'wrap', columnGap: 1 }}>
            {onForgotAccountId && (
              <Button variant="text" onClick={onForgotAccountId} data-testid="forgot-account-id-link">
                {translate('app.auth.forgot_account_id')}
              </Button>
            )}
            {onForgotPassword && (
              <Button variant="text" onClick={onForgotPassword} data-testid="forgot-password-link">
                {translate('app.auth.forgot_password')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      <AnotherSessionDialog
        open={askForce}
        onCancel={() => setAskForce(false)}
        onContinue={() => {
          setAskForce(false);
          void submit(true);
        }}
      />
    </Box>
  );
};
