import { Link as RouterLink } from 'react-router-dom';
import { useCanAccess, useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import PostAddIcon from '@mui/icons-material/PostAddOutlined';
import type { Invoice } from '../sales/types';
import { useArea } from '../shell/area';
import { DEBIT_NOTE_FORM, debitNotePath } from './paths';

/** "Debit note" on the invoice page, for who sells (13): the form says if the rules keep the invoice. */
export const DebitNoteButton = ({ invoice }: { invoice: Invoice }) => {
  const translate = useTranslate();
  const { basename } = useArea();
  const { canAccess } = useCanAccess({ resource: DEBIT_NOTE_FORM, action: 'show' });
  if (!canAccess || invoice.state === 'cancelled') return null;
  return (
    <Button
      component={RouterLink}
      to={debitNotePath(basename, invoice.id)}
      variant="outlined"
      startIcon={<PostAddIcon />}
      data-testid="invoice-debit-note"
    >
      {translate('app.notes.debit.button')}
    </Button>
  );
};
