import { useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import { useFormat } from '../format/useFormat';
import type { Invoice } from '../sales/types';

/** A cancelled invoice says so at its top: when and why. */
export const CancelledNotice = ({ invoice }: { invoice: Invoice }) => {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  if (invoice.state !== 'cancelled' || !invoice.cancelled_at) return null;
  return (
    <Alert severity="warning" data-testid="invoice-cancelled">
      {translate('app.notes.cancel.cancelled', {
        date: dateTime(invoice.cancelled_at),
        reason: invoice.cancel_reason ?? '',
      })}
    </Alert>
  );
};
