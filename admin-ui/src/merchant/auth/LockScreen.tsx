import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import type { SignedInUser } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { PasswordField } from '../../auth-pages/fields';
import { signOut } from '../../auth/signIn';
import { isHandled, isHttpError } from '../../http/errors';
import { AuthLayout } from '../../shell/AuthLayout';
import { useArea } from '../../shell/area';

/**
 * The lock screen: the session stays open on the server, but nothing shows until the signed-in
 * user's password is given again (`POST unlock`).
 */
export const LockScreen = () => {
  const area = useArea();
  const { session, paths, basename } = area;
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  if (!session.token()) return <Navigate to={paths.signIn} replace />;
  const user = session.user<SignedInUser>();
  const from = (location.state as { from?: string } | null)?.from;
  const back = from && from.startsWith(basename) && !from.startsWith(paths.lock) ? from : paths.home;

  const unlock = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(translate('validation.is_required', { field: translate('app.auth.password') }));
      return;
    }
    setChecking(true);
    setError(null);
    try {
      await area.http(`${area.apiBase}/unlock`, { method: 'POST', body: JSON.stringify({ password }) });
      session.setLocked(false);
      navigate(back, { replace: true });
    } catch (failure) {
      if (isHttpError(failure) && failure.status === 401 && failure.message !== 'auth.wrong_credentials') {
        // Not a wrong password: the session itself is gone (ended elsewhere or expired).
        session.clear();
        navigate(paths.signIn, { replace: true });
      } else if (!isHandled(failure))
        // the attempts left, or the minutes the pause lasts (wrong tries count with the sign-in's)
        setError(
          isHttpError(failure)
            ? translate(failure.message, failure.body?.params ?? {})
            : translate('app.errors.unknown'),
        );
    } finally {
      setChecking(false);
    }
  };

  const leave = async () => {
    await signOut(area);
    navigate(paths.signIn, { replace: true });
  };

  return (
    <AuthLayout title={translate('app.lock.title')}>
      <Box component="form" onSubmit={unlock} noValidate data-testid="lock-screen">
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <LockIcon color="primary" />
            <Typography>{translate('app.lock.hint', { name: user?.name ?? '' })}</Typography>
          </Stack>
          {error && <Alert severity="error">{error}</Alert>}
          <PasswordField
            label={translate('app.auth.password')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="current-password"
            autoFocus
            required
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={checking}>
            {translate('app.lock.unlock')}
          </Button>
          <Button variant="text" onClick={() => void leave()} sx={{ alignSelf: 'center' }}>
            {translate('app.lock.sign_out')}
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
};
