import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { SignInAgainDialog } from '../auth-pages/SignInAgainDialog';
import { appEvents } from './events';
import { useArea } from './area';

/** Offline: blocks the page until the browser is back online, then closes by itself. */
const OfflineDialog = () => {
  const translate = useTranslate();
  const [offline, setOffline] = useState(() => !navigator.onLine);
  useEffect(() => {
    const goOnline = () => setOffline(false);
    const goOffline = () => setOffline(true);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, []);
  return (
    <Dialog open={offline} aria-labelledby="offline-title" sx={{ zIndex: 2000 }}>
      <DialogTitle id="offline-title">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <WifiOffIcon color="error" />
          <span>{translate('errors.no_internet_connection')}</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('errors.please_check_and_try_again')}</DialogContentText>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 2 }}>
          <CircularProgress size={18} />
          <DialogContentText variant="body2">
            {translate('app.dialogs.waiting_for_connection')}
          </DialogContentText>
        </Stack>
      </DialogContent>
    </Dialog>
  );
};

/**
 * The dialogs of spec doc2 §8.1 that are not tied to one screen: a 501 message, the unexpected-error
 * dialog (reported once, reloads the page when closed) and the offline notice.
 */
export const AppDialogs = () => {
  const translate = useTranslate();
  const { reportError } = useArea();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [unexpected, setUnexpected] = useState(false);
  const reported = useRef(false);

  useEffect(
    () =>
      appEvents.subscribe((event) => {
        if (event.type === 'server-message') setServerMessage(event.message);
        if (event.type === 'unexpected') {
          // One report per page: after the first error the page is reloaded anyway.
          if (!reported.current) {
            reported.current = true;
            void reportError(event.error);
          }
          setUnexpected(true);
        }
      }),
    [reportError],
  );

  return (
    <>
      <Dialog
        open={serverMessage !== null}
        onClose={() => setServerMessage(null)}
        aria-labelledby="server-message-title"
      >
        <DialogTitle id="server-message-title">{translate('app.dialogs.notice')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {serverMessage && translate(serverMessage, { _: serverMessage })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setServerMessage(null)} autoFocus>
            {translate('app.common.close')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={unexpected} aria-labelledby="unexpected-title" sx={{ zIndex: 1900 }}>
        <DialogTitle id="unexpected-title">
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <ErrorOutlineIcon color="error" />
            <span>{translate('errors.sorry_there_is_an_error_happened')}</span>
          </Stack>
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('app.dialogs.error_reported')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => window.location.reload()} autoFocus>
            {translate('app.dialogs.reload')}
          </Button>
        </DialogActions>
      </Dialog>
      <SignInAgainDialog />
      <OfflineDialog />
    </>
  );
};
