import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { signIn } from '../auth/signIn';
import { failureKey, isHttpError, messageParams } from '../http/errors';
import { appEvents } from '../shell/events';
import { useArea } from '../shell/area';
import { PasswordField } from './fields';
import { SessionEndedText } from './SessionEndedText';

type StoredUser = { account_id?: number; username?: string; email?: string; name?: string };

/**
 * A save was refused because the session ended (the same user signed in on another device, or it
 * expired). The save waits and the form stays as it was under this dialog: once the user signs in
 * again as the same user, the save is sent again. Leaving instead goes to the sign-in page.
 */
export const SignInAgainDialog = () => {
  const translate = useTranslate();
  const area = useArea();
  const [reason, setReason] = useState<string | null>(null);
  const [reasonParams, setReasonParams] = useState<Record<string, string | number>>({});
  const [password, setPassword] = useState('');
  const [askForce, setAskForce] = useState(false);
  const [failure, setFailure] = useState<{ key: string; params: Record<string, string | number> } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  // every save waiting for the sign-in (two forms may have saved at once)
  const waiting = useRef<Array<(signedIn: boolean) => void>>([]);
  const settleAll = (signedIn: boolean) => {
    waiting.current.splice(0).forEach((settle) => settle(signedIn));
  };

  useEffect(
    () =>
      appEvents.subscribe((event) => {
        if (event.type !== 'signed-out-while-saving') return;
        waiting.current.push(event.settle);
        if (waiting.current.length > 1) return;
        setReason(event.message);
        setReasonParams(event.params ?? {});
        setPassword('');
        setFailure(null);
        setAskForce(false);
      }),
    [],
  );

  const user = area.session.user<StoredUser>() ?? {};
  const credentials: Record<string, unknown> | null =
    area.area === 'merchant' && user.account_id && user.username
      ? { accountId: user.account_id, username: user.username }
      : user.email
        ? { email: user.email }
        : null;

  const submit = async (force: boolean) => {
    if (!credentials) return;
    setBusy(true);
    setFailure(null);
    try {
      await signIn(area, { ...credentials, password }, force);
      setReason(null);
      settleAll(true);
    } catch (error) {
      if (isHttpError(error) && error.status === 409 && error.message === 'auth.another_session_exists')
        setAskForce(true);
      else
        setFailure({
          key: failureKey(error),
          params: messageParams(error),
        });
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(false);
  };

  const leave = () => {
    settleAll(false);
    area.session.clear();
    window.location.assign(area.paths.signIn);
  };

  return (
    <Dialog
      open={reason !== null}
      aria-labelledby="sign-in-again-title"
      data-testid="sign-in-again-dialog"
      sx={{ zIndex: 1800 }}
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="sign-in-again-title">{translate('app.auth.sign_in_again_title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {reason && <SessionEndedText messageKey={reason} params={reasonParams} />}{' '}
              {translate('app.auth.sign_in_again_hint')}
            </DialogContentText>
            {user.username || user.email ? (
              <DialogContentText dir="auto" data-testid="sign-in-again-user">
                {translate('app.auth.signed_in_as', { name: user.username ?? user.email ?? '' })}
              </DialogContentText>
            ) : null}
            {askForce && (
              <Alert severity="warning" data-testid="sign-in-again-other-session">
                {translate('auth.another_session_exists')}
              </Alert>
            )}
            {failure && (
              <Alert severity="error" data-testid="sign-in-again-error">
                {translate(failure.key, { ...failure.params, _: translate('app.errors.unknown') })}
              </Alert>
            )}
            <PasswordField
              label={translate('app.auth.password')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              autoFocus
              fullWidth
              required
              slotProps={{ htmlInput: { 'data-testid': 'sign-in-again-password' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={leave} data-testid="sign-in-again-leave">
            {translate('app.auth.sign_in_again_leave')}
          </Button>
          {askForce ? (
            <Button
              variant="contained"
              disabled={busy || !password}
              onClick={() => void submit(true)}
              data-testid="sign-in-again-continue-here"
            >
              {translate('app.auth.continue_here')}
            </Button>
          ) : (
            <Button
              type="submit"
              variant="contained"
              disabled={busy || !password || !credentials}
              data-testid="sign-in-again-submit"
            >
              {translate('app.auth.sign_in')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
};
