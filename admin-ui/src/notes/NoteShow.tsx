import { Link as RouterLink } from 'react-router-dom';
import { TopToolbar } from 'react-admin';
import { useRecordContext, useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ListIcon from '@mui/icons-material/List';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useFormat } from '../format/useFormat';
import {
  AmountRows,
  DocumentBody,
  DocumentHeading,
  DocumentLines,
  DocumentShow,
  Fact,
  Facts,
  Section,
  Sections,
  type LineColumn,
} from '../sales/DocumentParts';
import { Amount, InvoicePayments, useInvoiceMoney, useVatCategory } from '../sales/InvoiceParts';
import { useCustomerName } from '../sales/InvoiceList';
import type { Invoice } from '../sales/types';
import { useArea } from '../shell/area';
import { EInvoicingChip } from '../einvoicing/EInvoicingChip';
import type { CreditNote } from './creditNote';
import type { DebitNote } from './debitNote';
import type { NoteKind } from './NoteForm';
import { CREDIT_NOTES, DEBIT_NOTES } from './paths';

type Note = CreditNote | DebitNote;
type NoteLine = Pick<
  CreditNote['lines'][number],
  'line_id' | 'vat' | 'total' | 'vat_category' | 'vat_rate_bp'
>;

const LIST = { credit: CREDIT_NOTES, debit: DEBIT_NOTES } as const;

const Title = ({ kind }: { kind: NoteKind }) => {
  const note = useRecordContext<Note>();
  const translate = useTranslate();
  return <>{note ? translate(`app.notes.${kind}.show_title`, { number: note.number }) : ''}</>;
};

/** Back to the notes of its kind, and to the invoice it is on. */
const Actions = ({ kind }: { kind: NoteKind }) => {
  const translate = useTranslate();
  const note = useRecordContext<Note>();
  const { basename } = useArea();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button component={RouterLink} to={`${basename}/${LIST[kind]}`} startIcon={<ListIcon />}>
        {translate(`app.notes.${kind}.list`)}
      </Button>
      {note && (
        <Button
          component={RouterLink}
          to={`${basename}/accounting/total-sales/${note.invoice_id}/show`}
          variant="outlined"
          startIcon={<ReceiptIcon />}
        >
          {translate('app.notes.credit.of_invoice', { number: note.invoice_number })}
        </Button>
      )}
    </TopToolbar>
  );
};

const Body = ({ kind }: { kind: NoteKind }) => {
  const note = useRecordContext<Note>();
  const translate = useTranslate();
  const { language } = useArea();
  const { dateTime } = useFormat();
  const money = useInvoiceMoney(note?.currency);
  const category = useVatCategory();
  const customer = useCustomerName();
  if (!note) return null;
  const vatCategory = (l: NoteLine) => category({ category: l.vat_category, rateBp: l.vat_rate_bp });
  const vat: LineColumn<NoteLine> = {
    label: translate('app.sales.invoice.vat'),
    num: true,
    cell: (l) => <Amount>{money(l.vat)}</Amount>,
    title: vatCategory,
  };
  const total: LineColumn<NoteLine> = {
    label: translate('app.sales.invoice.line_total'),
    num: true,
    cell: (l) => <Amount>{money(l.total)}</Amount>,
  };
  // a credit note gives back some of the invoice's lines (how many of each); a debit note adds charges
  // of its own (what, and its VAT category)
  const what =
    kind === 'credit'
      ? (l: NoteLine) => {
          const line = l as CreditNote['lines'][number];
          return language === 'ar' ? line.name_ar || line.name_en : line.name_en || line.name_ar;
        }
      : (l: NoteLine) => <bdi>{(l as DebitNote['lines'][number]).description}</bdi>;
  const columns: Array<LineColumn<NoteLine>> =
    kind === 'credit'
      ? [
          { label: translate('app.sales.invoice.item'), cell: what },
          {
            label: translate('app.sales.invoice.quantity'),
            num: true,
            cell: (l) => (l as CreditNote['lines'][number]).quantity,
          },
          vat,
          total,
        ]
      : [
          { label: translate('app.notes.debit.description'), cell: what },
          { label: translate('app.sales.invoice.category'), cell: vatCategory },
          vat,
          total,
        ];
  const details = (l: NoteLine) => (
    <>
      {kind === 'credit'
        ? `${translate('app.sales.invoice.quantity')} ${(l as CreditNote['lines'][number]).quantity}`
        : vatCategory(l)}
      {' · '}
      {translate('app.sales.invoice.vat')} <Amount>{money(l.vat)}</Amount>
    </>
  );
  const totals =
    kind === 'credit'
      ? [
          { label: translate('app.sales.invoice.net'), amount: note.net },
          { label: translate('app.sales.invoice.vat'), amount: note.vat },
          { label: translate('app.notes.credit.credited'), amount: note.total, strong: true },
        ]
      : [
          { label: translate('app.sales.invoice.net'), amount: note.net },
          { label: translate('app.sales.invoice.vat'), amount: note.vat },
          { label: translate('app.notes.debit.charged'), amount: note.total, strong: true },
          { label: translate('app.sales.invoice.paid'), amount: (note as DebitNote).paid },
          { label: translate('app.sales.invoice.owed'), amount: (note as DebitNote).owed },
        ];
  return (
    <DocumentBody testId={`${kind}-note-show`}>
      <DocumentHeading title={translate(`app.notes.${kind}.show_title`, { number: note.number })}>
        {note.einvoicing !== 'not_applicable' && <EInvoicingChip state={note.einvoicing} />}
      </DocumentHeading>
      <Facts>
        <Fact label={translate('app.sales.invoice.date')}>
          <bdi>{dateTime(note.issued_at)}</bdi>
        </Fact>
        <Fact label={translate('app.sales.invoice.customer')}>{customer(note)}</Fact>
        <Fact label={translate('app.notes.credit.reason')} wide testId={`${kind}-note-reason-shown`}>
          <bdi>{note.reason}</bdi>
        </Fact>
      </Facts>
      <Section title={translate(`app.notes.${kind}.lines`)}>
        <DocumentLines<NoteLine>
          lines={note.lines as NoteLine[]}
          lineKey={(l) => l.line_id}
          columns={columns}
          name={(l) => <Typography component="span">{what(l)}</Typography>}
          total={(l) => money(l.total)}
          details={details}
          testId={`${kind}-note-shown-lines`}
          lineTestId={`${kind}-note-shown-line`}
        />
      </Section>
      <Sections>
        <Section>
          <AmountRows rows={totals} money={money} testId={`${kind}-note-shown-totals`} />
        </Section>
        <Section
          title={translate(kind === 'credit' ? 'app.notes.credit.refunds' : 'app.notes.debit.payments')}
        >
          <InvoicePayments invoice={{ payments: note.payments } as Invoice} money={money} />
        </Section>
      </Sections>
    </DocumentBody>
  );
};

/**
 * One note as issued, credit or debit, in the documents' frame: its invoice, reason, lines with their
 * VAT, its totals and the money that moved with it (refunds, or payments and what is still owed).
 */
export const NoteShow = ({ kind }: { kind: NoteKind }) => (
  <DocumentShow title={<Title kind={kind} />} actions={<Actions kind={kind} />}>
    <Body kind={kind} />
  </DocumentShow>
);

export const CreditNoteShow = () => <NoteShow kind="credit" />;
export const DebitNoteShow = () => <NoteShow kind="debit" />;
