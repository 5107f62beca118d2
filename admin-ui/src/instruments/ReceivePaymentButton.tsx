import { useState } from 'react';
import { useCanAccess, useNotify, useRefresh, useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import { useFormat } from '../format/useFormat';
import { amountText } from '../billing/basket';
import { useGlobalInformation } from '../layout/globalInformationContext';
import type { Currency, GlobalInformation } from '@rawnaq/contracts';
import { PaymentDialog } from './PaymentDialog';
import { useAppDataProvider } from '../http/useAppDataProvider';

/**
 * "Receive payment": what an invoice or a debit note left owed, paid now (POST invoices/:id/payments,
 * debit-notes/:id/payments), for whoever may sell. A debit note is not paid from the wallet (as its own
 * payments are not).
 */
export const ReceivePaymentButton = ({
  invoice,
  document = 'invoice',
  variant = 'outlined',
}: {
  invoice: { id: string; number: number; owed: number; customer_id?: string | null };
  document?: 'invoice' | 'debit_note';
  variant?: 'outlined' | 'contained' | 'text';
}) => {
  const debit = document === 'debit_note';
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { money } = useFormat();
  const information = useGlobalInformation<GlobalInformation>();
  const currency = (information?.global_informations.account.currency ?? 'SAR') as Currency;
  const dataProvider = useAppDataProvider();
  const { canAccess } = useCanAccess({ resource: 'billing', action: 'show' });
  const [open, setOpen] = useState(false);
  if (!canAccess || invoice.owed <= 0) return null;
  return (
    // the dialog's clicks bubble through React to the row it was opened from: they stop here
    <span onClick={(e) => e.stopPropagation()}>
      <Button
        size="small"
        variant={variant}
        startIcon={<PaymentsIcon />}
        onClick={(e) => {
          // a row of the list (a link on a phone) is under the button: open the dialog, not the row
          e.preventDefault();
          e.stopPropagation();
          setOpen(true);
        }}
        data-testid="receive-payment"
      >
        {translate('app.receivables.receive')}
      </Button>
      <PaymentDialog
        open={open}
        title={translate(`app.receivables.receive_title${debit ? '_debit_note' : ''}`, {
          number: invoice.number,
        })}
        info={translate('app.receivables.owed_now', { owed: money(invoice.owed) })}
        amount={amountText(invoice.owed, currency)}
        withWallet={!debit && Boolean(invoice.customer_id)}
        testId="receive"
        onClose={() => setOpen(false)}
        onSubmit={async (body, idempotencyKey) => {
          const done = await dataProvider.send<{ owed: number }>(
            'POST',
            `${debit ? 'debit-notes' : 'invoices'}/${encodeURIComponent(invoice.id)}/payments`,
            body,
            { idempotencyKey },
          );
          setOpen(false);
          notify(
            done.owed > 0
              ? 'app.receivables.received'
              : `app.receivables.settled${debit ? '_debit_note' : ''}`,
            {
              type: 'success',
              messageArgs: { owed: money(done.owed), number: invoice.number },
            },
          );
          refresh();
        }}
      />
    </span>
  );
};
