import { useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Spec doc1 §4: another sign-in ends the earlier session, after offering it to the user. */
export const AnotherSessionDialog = ({
  open,
  onContinue,
  onCancel,
}: {
  open: boolean;
  onContinue: () => void;
  onCancel: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="another-session-title"
      data-testid="another-session-dialog"
    >
      <DialogTitle id="another-session-title">{translate('app.auth.another_session_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('auth.another_session_exists')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('app.common.cancel')}</Button>
        <Button onClick={onContinue} variant="contained" autoFocus data-testid="continue-here">
          {translate('app.auth.continue_here')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
