import { Route } from 'react-router-dom';
import UndoIcon from '@mui/icons-material/UndoOutlined';
import { lazyPage } from '../shell/chunks';
import { CREDIT_NOTE_FORM } from './paths';

export { CREDIT_NOTE_FORM, CREDIT_NOTES, NOTES_API_PATHS, creditNotePath } from './paths';

/** `accounting/credit-note`: the credit notes (API `credit-notes`), each opening as issued. */
export const creditNotes = {
  list: lazyPage(() => import('./CreditNoteList').then((m) => m.CreditNoteList)),
  show: lazyPage(() => import('./CreditNoteShow').then((m) => m.CreditNoteShow)),
  icon: UndoIcon,
  recordRepresentation: 'number',
  options: { label: 'app.notes.credit.menu' },
};

const CreditNotePage = lazyPage(() => import('./CreditNotePage').then((m) => m.CreditNotePage));

/** `total-sales/credit-note?invoice_id=`: a credit note on an invoice, inside the layout. */
export const notesRoutes = [
  <Route key="credit-note" path={`/${CREDIT_NOTE_FORM}`} element={<CreditNotePage />} />,
];
