import fc from 'fast-check';
import {
  creditLines,
  priceBasket,
  remainingAfterCredits,
  VatType,
  type InvoiceLine,
} from '@rawnaq/contracts';
import { givenEvents, type TestEvent } from '../testing/given-events.test-support';
import { commissionOf, reportsProjection } from './reports.projection';

const EMPLOYEES = [
  ['e1', 10],
  ['e2', 12.5],
  ['e3', 0],
] as const;
const DAYS = ['2026-11-20', '2026-11-21', '2026-11-22'];

const line = fc.record({
  kind: fc.constantFrom('service' as const, 'product' as const),
  item: fc.constantFrom('a', 'b', 'c'),
  employee: fc.constantFrom(null, 0, 1, 2),
  unitPrice: fc.integer({ min: 0, max: 50_000 }),
  quantity: fc.integer({ min: 1, max: 4 }),
  vatType: fc.constantFrom(VatType.standard, VatType.zero_rated, VatType.exempt),
});
const invoice = fc.record({
  day: fc.constantFrom(...DAYS),
  cashier: fc.constantFrom('u1', 'u2'),
  lines: fc.array(line, { minLength: 1, maxLength: 4 }),
  discountShare: fc.integer({ min: 0, max: 30 }),
  cashShare: fc.integer({ min: 0, max: 100 }),
  // a credit note on some lines, some units, on this day or a later one
  credit: fc.option(
    fc.record({ lines: fc.array(fc.nat(), { maxLength: 3 }), day: fc.constantFrom(...DAYS) }),
  ),
});

type Sums = Record<string, number>;
const add = (into: Sums, key: string, n: number) => (into[key] = (into[key] ?? 0) + n);

describe('sales reports projection: for any invoices and credit notes, every report adds up to them', () => {
  it('the day documents of each dimension sum to the invoices and notes, to the minor unit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(invoice, { minLength: 1, maxLength: 6 }), async (invoices) => {
        const events: TestEvent[] = EMPLOYEES.map(([id, pct]) => ({
          type: 'EmployeeAdded',
          stream: `employee-t1.${id}`,
          data: { employee_id: id, name_en: id, name_ar: id, commission_percentage: pct },
        }));
        const want: Sums = {};
        invoices.forEach((inv, n) => {
          const context = { vatEnabled: true, vatRateBp: 1500 };
          const gross = inv.lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
          const basket = priceBasket(
            inv.lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity, vatType: l.vatType })),
            context,
            Math.floor((gross * inv.discountShare) / 100),
          );
          const lines: InvoiceLine[] = inv.lines.map((l, i) => ({
            line_id: `i${n}l${i}`,
            kind: l.kind,
            item_id: l.item,
            name_en: l.item,
            name_ar: l.item,
            employee_id: l.employee === null ? null : EMPLOYEES[l.employee][0],
            quantity: l.quantity,
            unit_price: l.unitPrice,
            discount: basket.lines[i].discount,
            net: basket.lines[i].net,
            vat_category: basket.lines[i].category,
            vat_rate_bp: basket.lines[i].rateBp,
            vat: basket.lines[i].vat,
            total: basket.lines[i].total,
          }));
          const cash = Math.floor((basket.total * inv.cashShare) / 100);
          const payments = [
            { payment_id: `p${n}a`, method: 1, amount: cash },
            { payment_id: `p${n}b`, method: 2, amount: basket.total - cash, authorization_code: 'A' },
          ].filter((p) => p.amount > 0);
          events.push({
            type: 'InvoiceIssued',
            stream: `invoice-t1.i${n}`,
            data: {
              invoice_id: `i${n}`,
              number: n + 1,
              business_date: inv.day,
              issued_at: `${inv.day}T09:00:00.000Z`,
              cashier_id: inv.cashier,
              customer_id: null,
              customer_name: null,
              lines,
              subtotals: basket.subtotals,
              gross: basket.gross,
              discount: basket.discount,
              net: basket.net,
              vat: basket.vat,
              total: basket.total,
              payments,
              paid: basket.total,
              owed: 0,
            },
          });
          add(want, 'invoices', 1);
          add(want, 'net', basket.net);
          add(want, 'vat', basket.vat);
          add(want, 'total', basket.total);
          add(want, 'paid', basket.total);
          add(want, 'cash', cash);
          for (const l of lines) {
            add(want, l.kind, l.net);
            if (l.employee_id) {
              add(want, 'employee_sales', l.net);
              const pct = EMPLOYEES.find(([id]) => id === l.employee_id)![1];
              add(want, 'commission', commissionOf(l.net, Math.round(pct * 100)));
            }
          }
          if (!inv.credit || !inv.credit.lines.length) return;
          const remaining = remainingAfterCredits({ lines, subtotals: basket.subtotals });
          const wanted = [...new Set(inv.credit.lines.map((i) => i % lines.length))].map((i) => ({
            line_id: lines[i].line_id,
            quantity: 1,
          }));
          const note = creditLines({ lines, subtotals: basket.subtotals }, remaining, wanted);
          expect(note.problems).toEqual([]);
          const day = inv.credit.day < inv.day ? inv.day : inv.credit.day;
          events.push({
            type: 'CreditNoteIssued',
            stream: `creditnote-t1.n${n}`,
            data: {
              credit_note_id: `n${n}`,
              number: n + 1,
              invoice_id: `i${n}`,
              invoice_number: n + 1,
              business_date: day,
              issued_at: `${day}T10:00:00.000Z`,
              cashier_id: inv.cashier,
              customer_id: null,
              customer_name: null,
              reason: 'back',
              lines: note.lines,
              subtotals: note.subtotals,
              net: note.net,
              vat: note.vat,
              total: note.total,
              payments: note.total > 0 ? [{ payment_id: `r${n}`, method: 1, amount: note.total }] : [],
            },
          });
          add(want, 'credited', note.total);
          add(want, 'credited_net', note.net);
          add(want, 'credited_vat', note.vat);
          for (const l of note.lines) {
            const sold = lines.find((x) => x.line_id === l.line_id)!;
            if (!sold.employee_id) continue;
            add(want, 'returned', l.net);
            const pct = EMPLOYEES.find(([id]) => id === sold.employee_id)![1];
            add(want, 'returned_commission', commissionOf(l.net, Math.round(pct * 100)));
          }
        });
        const then = await givenEvents(reportsProjection, events);
        const docs = await then.find('sales_report_days');
        const sum = (dimension: string, field: string) =>
          docs
            .filter((d) => d.dimension === dimension)
            .reduce((s, d) => s + ((d[field] as number | undefined) ?? 0), 0);
        const zero = (k: string) => want[k] ?? 0;
        expect({
          invoices: sum('cashier', 'invoices'),
          net: sum('cashier', 'net'),
          vat: sum('cashier', 'vat'),
          total: sum('cashier', 'total'),
          paid: sum('method', 'paid'),
          cash: docs
            .filter((d) => d.dimension === 'method' && d.key === '1')
            .reduce((s, d) => s + ((d.paid as number | undefined) ?? 0), 0),
          cashier_paid: sum('cashier_method', 'paid'),
          taxable: sum('vat', 'taxable'),
          vat_by_category: sum('vat', 'vat'),
          service: sum('service', 'sales'),
          product: sum('product', 'sales'),
          employee_sales: sum('employee', 'sales'),
          commission: sum('employee', 'commission'),
          credited: sum('cashier', 'credited'),
          refunded: sum('method', 'refunded'),
          credited_taxable: sum('vat', 'credited_taxable'),
          credited_vat: sum('vat', 'credited_vat'),
          returned: sum('employee', 'returned'),
          returned_commission: sum('employee', 'returned_commission'),
          items_returned: sum('service', 'returned') + sum('product', 'returned'),
        }).toEqual({
          invoices: zero('invoices'),
          net: zero('net'),
          vat: zero('vat'),
          total: zero('total'),
          paid: zero('paid'),
          cash: zero('cash'),
          cashier_paid: zero('paid'),
          taxable: zero('net'),
          vat_by_category: zero('vat'),
          service: zero('service'),
          product: zero('product'),
          employee_sales: zero('employee_sales'),
          commission: zero('commission'),
          credited: zero('credited'),
          refunded: zero('credited'),
          credited_taxable: zero('credited_net'),
          credited_vat: zero('credited_vat'),
          returned: zero('returned'),
          returned_commission: zero('returned_commission'),
          items_returned: zero('credited_net'),
        });
      }),
      { numRuns: 40 },
    );
  });
});
