import { Link as RouterLink } from 'react-router-dom';
import { useCanAccess, useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import UndoIcon from '@mui/icons-material/UndoOutlined';
import type { Invoice } from '../sales/types';
import { useArea } from '../shell/area';
import { CREDIT_NOTE_FORM, creditNotePath } from './paths';

/** "Credit note" on the invoice page, for who sells (13): the form says if the rules keep the invoice. */
export const CreditNoteButton = ({
  invoice,
  variant = 'outlined',
}: {
  invoice: Invoice;
  variant?: 'outlined' | 'contained';
}) => {
  const translate = useTranslate();
  const { basename } = useArea();
  const { canAccess } = useCanAccess({ resource: CREDIT_NOTE_FORM, action: 'show' });
  if (!canAccess || invoice.state === 'cancelled') return null;
  return (
    <Button
      component={RouterLink}
      to={creditNotePath(basename, invoice.id)}
      variant={variant}
      startIcon={<UndoIcon />}
      data-testid="invoice-credit-note"
    >
      {translate('app.notes.credit.button')}
    </Button>
  );
};
