import { useState } from 'react';
import { useCanAccess, useNotify, useRefresh, useTranslate } from 'ra-core';
import { cancelRefusal, usedInstruments } from '@rawnaq/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import { isHandled, isHttpError } from '../http/errors';
import { useInvoiceMoney } from '../sales/InvoiceParts';
import type { Invoice } from '../sales/types';
import { newKey } from '../shell/newKey';
import { CreditNoteButton } from './CreditNoteButton';
import { useAppDataProvider } from '../http/useAppDataProvider';

/**
 * "Cancel invoice" on the invoice page, for whoever sells (page 3, 13): asks why and confirms; an
 * invoice the rules keep (VAT, products, a gift-card sale, a credit note) says so, with the way out
 * (a credit note), instead of a form that cannot succeed.
 */
export const CancelInvoiceButton = ({ invoice }: { invoice: Invoice }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const money = useInvoiceMoney(invoice.currency);
  const { canAccess } = useCanAccess({ resource: 'billing', action: 'show' });
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // one key per dialog opened: a second click or a retry cancels once
  const [key, setKey] = useState(newKey);
  if (!canAccess || invoice.state === 'cancelled') return null;
  const refused = cancelRefusal({
    vat: invoice.vat,
    lines: invoice.lines,
    credited: (invoice.credited ?? 0) > 0,
    instruments: usedInstruments(invoice),
  });
  const close = () => (setOpen(false), setError(undefined));
  const cancel = async () => {
    if (!reason.trim()) return setError(translate('validation.is_required'));
    setBusy(true);
    try {
      await dataProvider.send('POST', `invoices/${invoice.id}/cancel`, { reason }, { idempotencyKey: key });
      notify('app.notes.cancel.done', { type: 'info', messageArgs: { number: invoice.number } });
      close();
      refresh();
    } catch (e) {
      if (isHandled(e)) return;
      const fields = isHttpError(e)
        ? (e.body as { errors?: Record<string, string> } | null)?.errors
        : undefined;
      setError(translate(fields?.reason ?? (e as Error).message));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        color="error"
        variant="outlined"
        startIcon={<BlockIcon />}
        onClick={() => (setKey(newKey()), setOpen(true))}
        data-testid="invoice-cancel"
      >
        {translate('app.notes.cancel.button')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" data-testid="invoice-cancel-dialog">
        {refused ? (
          <>
            <DialogTitle>{translate('app.notes.cancel.refused_title')}</DialogTitle>
            <DialogContent>
              <DialogContentText data-testid="invoice-cancel-refused">
                {translate(refused.key, refused.params)}
              </DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>{translate('app.notes.cancel.close')}</Button>
              <CreditNoteButton invoice={invoice} variant="contained" />
            </DialogActions>
          </>
        ) : (
          <>
            <DialogTitle>{translate('app.notes.cancel.title', { number: invoice.number })}</DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ mb: 2 }}>
                {translate('app.notes.cancel.content', { total: money(invoice.paid) })}
              </DialogContentText>
              <TextField
                autoFocus
                fullWidth
                multiline
                minRows={2}
                label={translate('app.notes.cancel.reason')}
                value={reason}
                onChange={(e) => (setReason(e.target.value), setError(undefined))}
                error={Boolean(error)}
                helperText={error}
                slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'invoice-cancel-reason' } }}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>{translate('app.notes.cancel.keep')}</Button>
              <Button
                color="error"
                variant="contained"
                onClick={cancel}
                disabled={busy}
                data-testid="invoice-cancel-confirm"
              >
                {translate('app.notes.cancel.confirm')}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
};
