import { Route } from 'react-router-dom';
import UndoIcon from '@mui/icons-material/UndoOutlined';
import { lazyPage } from '../shell/chunks';
import PostAddIcon from '@mui/icons-material/PostAddOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import { CREDIT_NOTE_FORM, DEBIT_NOTE_FORM } from './paths';

export {
  ACCOUNTING_NOTES,
  CREDIT_NOTE_FORM,
  CREDIT_NOTES,
  DEBIT_NOTE_FORM,
  DEBIT_NOTES,
  NOTES_API_PATHS,
  creditNotePath,
  debitNotePath,
} from './paths';

/** `accounting/credit-note`: the credit notes (API `credit-notes`), each opening as issued. */
export const creditNotes = {
  list: lazyPage(() => import('./NoteList').then((m) => m.CreditNoteList)),
  show: lazyPage(() => import('./NoteShow').then((m) => m.CreditNoteShow)),
  icon: UndoIcon,
  recordRepresentation: 'number',
  options: { label: 'app.notes.credit.menu' },
};

/** `accounting/debit-note`: the debit notes (API `debit-notes`), each opening as issued. */
export const debitNotes = {
  list: lazyPage(() => import('./NoteList').then((m) => m.DebitNoteList)),
  show: lazyPage(() => import('./NoteShow').then((m) => m.DebitNoteShow)),
  icon: PostAddIcon,
  recordRepresentation: 'number',
  options: { label: 'app.notes.debit.menu' },
};

/** `accounting/accounting-notes`: the credit and debit notes together (API `accounting-notes`). */
export const accountingNotes = {
  list: lazyPage(() => import('./AccountingNoteList').then((m) => m.AccountingNoteList)),
  icon: ReceiptLongIcon,
  options: { label: 'app.notes.accounting.menu' },
};

const DebitNotePage = lazyPage(() => import('./DebitNotePage').then((m) => m.DebitNotePage));
const CreditNotePage = lazyPage(() => import('./CreditNotePage').then((m) => m.CreditNotePage));

/** `accounting/total-sales/credit-note?invoice_id=`: a credit note on an invoice, inside the layout. */
export const notesRoutes = [
  <Route key="credit-note" path={`/${CREDIT_NOTE_FORM}`} element={<CreditNotePage />} />,
  <Route key="debit-note" path={`/${DEBIT_NOTE_FORM}`} element={<DebitNotePage />} />,
];
