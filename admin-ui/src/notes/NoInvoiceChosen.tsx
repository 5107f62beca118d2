import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
import { useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useArea } from '../shell/area';

/**
 * A note's page opened without an invoice it can find (no `invoice_id`, or one of no invoice of the
 * salon): it is named as the page it is, says what to do and leads to the invoices to pick one.
 */
export const NoInvoiceChosen = ({ kind, unknown }: { kind: 'credit' | 'debit'; unknown: boolean }) => {
  const translate = useTranslate();
  const { basename } = useArea();
  return (
    <>
      <Title title={translate(`app.notes.${kind}.button`)} />
      <Alert
        severity={unknown ? 'error' : 'info'}
        sx={{ mt: 2 }}
        data-testid="no-invoice-chosen"
        action={
          <Button
            component={Link}
            to={`${basename}/accounting/total-sales`}
            color="inherit"
            size="small"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {translate('app.notes.open_invoices')}
          </Button>
        }
      >
        {translate(unknown ? 'not_found.invoice' : `app.notes.${kind}.choose_invoice`)}
      </Alert>
    </>
  );
};
