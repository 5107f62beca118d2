import { useTranslate } from 'ra-core';
import type { DocumentEInvoicing } from '@rawnaq/contracts';
import { useFormat } from '../format/useFormat';
import { EInvoicingText, useReportsToZatca } from '../einvoicing/EInvoicingChip';

/**
 * A note's second line on a phone, the same in the credit-note, debit-note and combined lists: when it
 * was issued, the invoice it corrects, and (where the salon reports to ZATCA) where it stands there.
 */
export const NoteRowText = ({
  note,
}: {
  note: { issued_at: string; invoice_number: number; einvoicing?: DocumentEInvoicing };
}) => {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const zatca = useReportsToZatca();
  return (
    <span>
      <bdi>{dateTime(note.issued_at)}</bdi> ·{' '}
      {translate('app.notes.credit.of_invoice', { number: note.invoice_number })}
      {zatca && (
        <>
          {' · '}
          <EInvoicingText state={note.einvoicing} />
        </>
      )}
    </span>
  );
};
