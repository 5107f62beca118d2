import fc from 'fast-check';
import { VatType } from '../coded-values/enumerations';
import { creditLines, invoiceNoteRefusal, noteRefusal, type Remaining } from './credit-note';
import type { DocumentEInvoicing, InvoiceLine } from './invoice-events';
import { priceBasket } from './pricing';

const invoiceOf = (items: Array<{ unitPrice: number; quantity: number; vatType: VatType }>) => {
  const basket = priceBasket(items, { vatEnabled: true, vatRateBp: 1500 });
  const lines: InvoiceLine[] = items.map((item, i) => ({
    line_id: `l${i}`,
    kind: 'product',
    item_id: `p${i}`,
    name_en: `Item ${i}`,
    name_ar: `بند ${i}`,
    employee_id: null,
    quantity: item.quantity,
    unit_price: item.unitPrice,
    discount: 0,
    net: basket.lines[i].net,
    vat_category: basket.lines[i].category,
    vat_rate_bp: basket.lines[i].rateBp,
    vat: basket.lines[i].vat,
    total: basket.lines[i].total,
  }));
  return { lines, net: basket.net, total: basket.total };
};

const remainingOf = (lines: InvoiceLine[]): Remaining =>
  Object.fromEntries(lines.map((l) => [l.line_id, { quantity: l.quantity, net: l.net }]));

describe('when an invoice may be corrected by a note', () => {
  it('given a Saudi invoice not yet reported, then no note', () => {
    expect(noteRefusal({ einvoicing: 'not_reported', business_date: '2026-11-20' }, '2026-11-25')).toEqual({
      key: 'sales.not_reported_no_note',
    });
  });

  it("given a Saudi invoice's e-invoice on its way, then no note; accepted in any way, then a note; refused, then none, saying so", () => {
    const on = (einvoicing: DocumentEInvoicing) =>
      noteRefusal({ einvoicing, business_date: '2026-11-20' }, '2026-11-25')?.key;
    expect(on('pending')).toBe('sales.not_reported_no_note');
    expect(on('reported')).toBeUndefined();
    expect(on('reported_with_warnings')).toBeUndefined();
    expect(on('cleared')).toBeUndefined();
    expect(on('rejected')).toBe('sales.einvoice_rejected_no_note');
  });

  it('given a cancelled, an unreported or a partly paid invoice, then the note refused for the first reason (a debit note whatever is owed)', () => {
    const invoice = {
      cancelled: false,
      owed: 0,
      einvoicing: 'reported' as DocumentEInvoicing,
      business_date: '2026-11-20',
    };
    expect(invoiceNoteRefusal('credit', invoice, '2026-11-25')).toBeUndefined();
    expect(
      invoiceNoteRefusal('credit', { ...invoice, cancelled: true, einvoicing: 'pending' }, '2026-11-25'),
    ).toEqual({
      key: 'sales.invoice_cancelled',
    });
    expect(invoiceNoteRefusal('debit', { ...invoice, einvoicing: 'pending', owed: 5 }, '2026-11-25')).toEqual(
      {
        key: 'sales.not_reported_no_note',
      },
    );
    expect(invoiceNoteRefusal('credit', { ...invoice, owed: 5 }, '2026-11-25')).toEqual({
      key: 'sales.credit_note_partial_payment',
    });
    expect(invoiceNoteRefusal('debit', { ...invoice, owed: 5 }, '2026-11-25')).toBeUndefined();
  });

  it('given an invoice of 30 days ago, then a note; of 31 days ago, then none', () => {
    expect(
      noteRefusal({ einvoicing: 'reported', business_date: '2026-10-26' }, '2026-11-25'),
    ).toBeUndefined();
    expect(noteRefusal({ einvoicing: 'not_applicable', business_date: '2026-10-25' }, '2026-11-25')).toEqual({
      key: 'sales.note_window_passed',
      params: { days: 30 },
    });
  });
});

describe('what a credit note takes back', () => {
  it('given one unit of three, then its share of the line, rounded half up, with VAT on the note', () => {
    const invoice = invoiceOf([{ unitPrice: 3333, quantity: 3, vatType: VatType.standard }]);
    const one = creditLines(invoice, remainingOf(invoice.lines), [{ line_id: 'l0', quantity: 1 }]);
    expect(one).toMatchObject({ net: 3333, vat: 500, total: 3833, problems: [] });
  });

  it('given more than remains or a line not on the invoice, then each is named on its field', () => {
    const invoice = invoiceOf([{ unitPrice: 1000, quantity: 2, vatType: VatType.standard }]);
    const remaining = { l0: { quantity: 1, net: 1000 } };
    expect(
      creditLines(invoice, remaining, [
        { line_id: 'l0', quantity: 2 },
        { line_id: 'nope', quantity: 1 },
      ]).problems,
    ).toEqual([
      { field: 'lines.0.quantity', key: 'sales.credit_above_remaining', params: { quantity: 1 } },
      { field: 'lines.1.line_id', key: 'sales.line_not_on_invoice' },
    ]);
    expect(creditLines(invoice, { l0: { quantity: 0, net: 0 } }, undefined).problems).toEqual([
      { field: 'lines', key: 'sales.nothing_to_credit' },
    ]);
  });

  it('for any invoice and any order of partial notes, the notes never exceed it and the last makes it exact', () => {
    const itemArb = fc.record({
      unitPrice: fc.integer({ min: 1, max: 200_000 }),
      quantity: fc.integer({ min: 1, max: 6 }),
      vatType: fc.constantFrom(VatType.standard, VatType.zero_rated, VatType.exempt),
    });
    fc.assert(
      fc.property(
        fc.array(itemArb, { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (items, picks) => {
          const invoice = invoiceOf(items);
          let remaining = remainingOf(invoice.lines);
          let net = 0;
          let total = 0;
          for (const pick of picks) {
            const open = invoice.lines.filter((l) => remaining[l.line_id].quantity > 0);
            if (!open.length) break;
            const line = open[pick % open.length];
            const quantity = 1 + (pick % remaining[line.line_id].quantity);
            const note = creditLines(invoice, remaining, [{ line_id: line.line_id, quantity }]);
            expect(note.problems).toEqual([]);
            net += note.net;
            total += note.total;
            expect(net).toBeLessThanOrEqual(invoice.net);
            const left = remaining[line.line_id];
            remaining = {
              ...remaining,
              [line.line_id]: { quantity: left.quantity - quantity, net: left.net - note.lines[0].net },
            };
            expect(remaining[line.line_id].net).toBeGreaterThanOrEqual(0);
          }
          const last = creditLines(invoice, remaining, undefined);
          if (last.problems.length) {
            expect(net).toBe(invoice.net);
            return;
          }
          // everything that remains: the notes' amounts before VAT add up to the invoice's exactly
          expect(net + last.net).toBe(invoice.net);
          // VAT is worked out per note, so the notes' totals may differ from the invoice's by rounding only
          expect(Math.abs(total + last.total - invoice.total)).toBeLessThanOrEqual(picks.length + 1);
        },
      ),
      { numRuns: 300 },
    );
  });
});
