import { useTranslate } from 'ra-core';
import { LinkIfAllowed } from '../layout/LinkIfAllowed';
import { useArea } from '../shell/area';

export type EntrySource = {
  /** the journal entry (a ledger line's) or the entry itself (its id) */
  entry_id?: string;
  id?: string;
  source_kind: string;
  source_id: string;
  source_number: number | null;
  invoice_id: string | null;
};

/** The screen of an entry's document, as a resource and an address under the area. */
const documentOf = (e: EntrySource): { resource: string; path: string } | null => {
  switch (e.source_kind) {
    case 'credit_note':
      return { resource: 'accounting/credit-note', path: `accounting/credit-note/${e.source_id}/show` };
    case 'debit_note':
      return { resource: 'accounting/debit-note', path: `accounting/debit-note/${e.source_id}/show` };
    case 'journal':
    case 'journal_reversed':
      return {
        resource: 'advanced-accounting/general-journals',
        path: `advanced-accounting/general-journals/${e.source_id}/show`,
      };
    case 'expense':
      return { resource: 'accounting/expenses', path: `accounting/expenses/${e.source_id}/show` };
    case 'payroll':
    case 'payroll_change':
    case 'payroll_payment': {
      // `payroll`, or `payroll@event` and `payroll@payment`
      const id = e.source_id.split('@')[0];
      return { resource: 'advanced-accounting/payrols', path: `advanced-accounting/payrols/${id}/show` };
    }
    case 'gateway_fee':
      // the online payment it was charged for, in the salon's payment gateway payments
      return {
        resource: 'reports/payment-gateway-payments',
        path: 'reports/payment-gateway-payments',
      };
    case 'gift_card':
      return {
        resource: 'reports/active-gifts-cards',
        path: `reports/active-gifts-cards/${e.source_id}/show`,
      };
    default:
      return e.invoice_id
        ? { resource: 'accounting/total-sales', path: `accounting/total-sales/${e.invoice_id}/show` }
        : null;
  }
};

/** What an entry comes from ("Invoice #12"), as a link to that document for who may open it. */
export const SourceLabel = ({ entry }: { entry: EntrySource }) => {
  const translate = useTranslate();
  return (
    <bdi>
      {translate(`app.books.sources.${entry.source_kind}`)}
      {entry.source_number ? ` #${entry.source_number}` : ''}
    </bdi>
  );
};

export const DocumentLink = ({ entry }: { entry: EntrySource }) => {
  const { basename } = useArea();
  const translate = useTranslate();
  const target = documentOf(entry);
  if (!target) return <SourceLabel entry={entry} />;
  return (
    <LinkIfAllowed
      resource={target.resource}
      to={`${basename}/${target.path}`}
      title={translate('app.books.open_source')}
      data-testid="entry-document-link"
    >
      <SourceLabel entry={entry} />
    </LinkIfAllowed>
  );
};

/** A ledger line's source: its journal entry, which names and opens the document. */
export const SourceLink = ({ entry }: { entry: EntrySource }) => {
  const { basename } = useArea();
  const id = entry.entry_id ?? entry.id ?? '';
  return (
    <LinkIfAllowed
      resource="advanced-accounting/journal-entries"
      to={`${basename}/advanced-accounting/journal-entries/${encodeURIComponent(id)}/show`}
      data-testid="ledger-entry-link"
    >
      <SourceLabel entry={entry} />
    </LinkIfAllowed>
  );
};
