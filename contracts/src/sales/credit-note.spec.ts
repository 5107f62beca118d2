import fc from 'fast-check';
import { VatType } from '../coded-values/enumerations';
import {
  afterCredit,
  creditLines,
  invoiceNoteRefusal,
  noteRefusal,
  remainingAfterCredits,
} from './credit-note';
import type { DocumentEInvoicing, InvoiceLine } from './invoice-events';
import { multiplyByRate } from '../money/rounding';
import { priceBasket } from './pricing';

const invoiceOf = (
  items: Array<{ unitPrice: number; quantity: number; vatType: VatType }>,
  /** the invoice's own discount, in hundredths of a percent of its amount */
  discountShare = 0,
) => {
  const gross = items.reduce((s, i) => s + i.unitPrice * i.quantity, 0);
  const basket = priceBasket(
    items,
    { vatEnabled: true, vatRateBp: 1500 },
    Math.floor((gross * discountShare) / 10_000),
  );
  const lines: InvoiceLine[] = items.map((item, i) => ({
    line_id: `l${i}`,
    kind: 'product',
    item_id: `p${i}`,
    name_en: `Item ${i}`,
    name_ar: `بند ${i}`,
    employee_id: null,
    quantity: item.quantity,
    unit_price: item.unitPrice,
    discount: basket.lines[i].discount,
    net: basket.lines[i].net,
    vat_category: basket.lines[i].category,
    vat_rate_bp: basket.lines[i].rateBp,
    vat: basket.lines[i].vat,
    total: basket.lines[i].total,
  }));
  return { lines, subtotals: basket.subtotals, net: basket.net, vat: basket.vat, total: basket.total };
};

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
    const one = creditLines(invoice, remainingAfterCredits(invoice), [{ line_id: 'l0', quantity: 1 }]);
    expect(one).toMatchObject({ net: 3333, vat: 500, total: 3833, problems: [] });
  });

  it('given more than remains or a line not on the invoice, then each is named on its field', () => {
    const invoice = invoiceOf([{ unitPrice: 1000, quantity: 2, vatType: VatType.standard }]);
    const remaining = afterCredit(invoice, remainingAfterCredits(invoice), {
      lines: [{ line_id: 'l0', quantity: 1, net: 1000, vat: 150 }],
    });
    expect(
      creditLines(invoice, remaining, [
        { line_id: 'l0', quantity: 2 },
        { line_id: 'nope', quantity: 1 },
      ]).problems,
    ).toEqual([
      { field: 'lines.0.quantity', key: 'sales.credit_above_remaining', params: { quantity: 1 } },
      { field: 'lines.1.line_id', key: 'sales.line_not_on_invoice' },
    ]);
    const none = afterCredit(invoice, remaining, {
      lines: [{ line_id: 'l0', quantity: 1, net: 1000, vat: 150 }],
    });
    expect(creditLines(invoice, none, undefined).problems).toEqual([
      { field: 'lines', key: 'sales.nothing_to_credit' },
    ]);
  });

  it('given three units at 0.10 credited one at a time, then the last note takes the VAT that remains', () => {
    // 0.30 + 0.05 VAT (4.5 halalas, rounded once on the invoice); each unit alone would be 0.02 of VAT
    const invoice = invoiceOf([{ unitPrice: 10, quantity: 3, vatType: VatType.standard }]);
    expect(invoice).toMatchObject({ net: 30, vat: 5, total: 35 });
    let remaining = remainingAfterCredits(invoice);
    const notes = [1, 2, 3].map(() => {
      const note = creditLines(invoice, remaining, [{ line_id: 'l0', quantity: 1 }]);
      remaining = afterCredit(invoice, remaining, note);
      return note;
    });
    // the credited amounts so far, rounded once: 1.5 → 2, 3 → 3, 4.5 → 5
    expect(notes.map((n) => [n.net, n.vat, n.total])).toEqual([
      [10, 2, 12],
      [10, 1, 11],
      [10, 2, 12],
    ]);
    expect(notes.map((n) => n.lines[0].vat)).toEqual([2, 1, 2]);
    expect(remaining.lines.l0).toEqual({ quantity: 0, net: 0, vat: 0 });
    expect(remaining.subtotals['S|1500']).toEqual({ taxable: 0, vat: 0 });
  });

  it('given notes recorded before their VAT was kept, then they count for their own VAT and the next never exceeds', () => {
    const invoice = invoiceOf([{ unitPrice: 10, quantity: 3, vatType: VatType.standard }]);
    // two old notes of 0.10 took 0.02 of VAT each (rounded on their own): 0.01 is left of 0.05
    const old = { lines: [{ line_id: 'l0', quantity: 1, net: 10 }] };
    const remaining = remainingAfterCredits(invoice, [old, old]);
    expect(remaining.subtotals['S|1500']).toEqual({ taxable: 10, vat: 1 });
    expect(creditLines(invoice, remaining, undefined)).toMatchObject({ net: 10, vat: 1, total: 11 });
  });

  it('for any invoice and any order of partial notes, the notes never exceed it, per line or in all, and the last makes it exact', () => {
    const itemArb = fc.record({
      unitPrice: fc.integer({ min: 1, max: 200_000 }),
      quantity: fc.integer({ min: 1, max: 6 }),
      vatType: fc.constantFrom(VatType.standard, VatType.zero_rated, VatType.exempt),
    });
    fc.assert(
      fc.property(
        fc.array(itemArb, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), { maxLength: 8 }),
        (items, discountShare, picks) => {
          const invoice = invoiceOf(items, discountShare);
          let remaining = remainingAfterCredits(invoice);
          const credited = { net: 0, vat: 0, total: 0 };
          const byLine = new Map<string, { net: number; vat: number }>();
          const note = (wanted: Array<{ line_id: string; quantity: number }> | undefined) => {
            const n = creditLines(invoice, remaining, wanted);
            expect(n.problems).toEqual([]);
            remaining = afterCredit(invoice, remaining, n);
            credited.net += n.net;
            credited.vat += n.vat;
            credited.total += n.total;
            expect(n.total).toBe(n.net + n.vat);
            expect(n.vat).toBe(n.subtotals.reduce((s, t) => s + t.vat, 0));
            for (const l of n.lines) {
              const c = byLine.get(l.line_id) ?? { net: 0, vat: 0 };
              byLine.set(l.line_id, { net: c.net + l.net, vat: c.vat + l.vat });
              // a line's VAT on the note is its own amount's, give or take a minor unit
              expect(Math.abs(l.vat - multiplyByRate(l.net, l.vat_rate_bp, 10_000))).toBeLessThanOrEqual(1);
            }
            for (const t of n.subtotals)
              expect(Math.abs(t.vat - multiplyByRate(t.taxable, t.rateBp, 10_000))).toBeLessThanOrEqual(1);
            // never above the invoice: in all, and on each line
            expect(credited.net).toBeLessThanOrEqual(invoice.net);
            expect(credited.vat).toBeLessThanOrEqual(invoice.vat);
            expect(credited.total).toBeLessThanOrEqual(invoice.total);
            for (const l of invoice.lines) {
              const c = byLine.get(l.line_id) ?? { net: 0, vat: 0 };
              expect(c.net).toBeLessThanOrEqual(l.net);
              expect(c.vat).toBeLessThanOrEqual(l.vat);
            }
          };
          for (const pick of picks) {
            const open = invoice.lines.filter((l) => remaining.lines[l.line_id].quantity > 0);
            if (!open.length) break;
            const wanted = new Map<string, number>();
            for (const p of pick) {
              const line = open[p % open.length];
              wanted.set(line.line_id, 1 + (p % remaining.lines[line.line_id].quantity));
            }
            note([...wanted].map(([line_id, quantity]) => ({ line_id, quantity })));
          }
          if (invoice.lines.some((l) => remaining.lines[l.line_id].quantity > 0)) note(undefined);
          // everything credited: the notes add up to the invoice exactly, in net, VAT and total, per line too
          expect(credited).toEqual({ net: invoice.net, vat: invoice.vat, total: invoice.total });
          for (const l of invoice.lines)
            expect(byLine.get(l.line_id) ?? { net: 0, vat: 0 }).toEqual({ net: l.net, vat: l.vat });
        },
      ),
      { numRuns: 300 },
    );
  });
});
