import { useState } from 'react';
import { Button } from 'react-admin';
import { useCanAccess, useNotify, useRecordContext, useRefresh, useTranslate } from 'ra-core';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import GavelIcon from '@mui/icons-material/GavelOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { failureKey, isHandled, isHttpError, messageParams } from '../http/errors';
import { useArea } from '../shell/area';
import { PENALTIES } from './penalties';
import type { Customer } from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';

/**
 * "Add a penalty" on the customer's page (with the right to change customers, 22): a penalty of type 2
 * ("others") with why; no-shows (type 1) are recorded by the appointment book.
 */
export const PenaltyButton = () => {
  const record = useRecordContext<Customer>();
  const { canAccess } = useCanAccess({ resource: 'customers', action: 'edit' });
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!record || !canAccess) return null;

  const close = () => {
    setOpen(false);
    setNotes('');
    setError(null);
  };
  const save = async () => {
    setSaving(true);
    try {
      await dataProvider.send('POST', `customers/${encodeURIComponent(String(record.id))}/penalties`, {
        notes,
      });
      notify('app.management.penalty_added', { type: 'success' });
      close();
      refresh();
    } catch (e) {
      if (isHttpError(e) && e.body?.errors?.notes) setError(translate(e.body.errors.notes, messageParams(e)));
      else if (!isHandled(e)) notify(failureKey(e), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button
        label="app.management.add_penalty"
        onClick={() => setOpen(true)}
        data-testid="customer-add-penalty"
      >
        <GavelIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.management.add_penalty_title', { name: record.name })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.management.add_penalty_hint')}
          </Typography>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label={translate(`resources.accounting/customers-penalties.fields.notes`)}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'penalty-notes' } }}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton variant="contained" onClick={save} disabled={saving} data-testid="penalty-save">
            {translate('ra.action.save')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
};

/** The customer's penalties (no-shows included) on her card, opening her penalties in the list. */
export const PenaltiesField = (_props: { source: 'penalties' }) => {
  const record = useRecordContext<Customer & { penalties?: number; no_shows?: number }>();
  const translate = useTranslate();
  const { basename } = useArea();
  const { canAccess } = useCanAccess({ resource: PENALTIES, action: 'list' });
  if (!record) return null;
  const count = record.penalties ?? 0;
  const label = translate('app.management.penalties_count', {
    count,
    no_shows: record.no_shows ?? 0,
  });
  if (!canAccess || count === 0) return <Typography variant="body2">{label}</Typography>;
  const filter = encodeURIComponent(JSON.stringify({ customer_id: String(record.id) }));
  return (
    <Link
      component={RouterLink}
      to={`${basename}/${PENALTIES}?filter=${filter}`}
      variant="body2"
      data-testid="customer-penalties-link"
    >
      {label}
    </Link>
  );
};
