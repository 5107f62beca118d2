import { givenEvents, type TestEvent } from '../testing/given-events.test-support';
import { commissionOf, percentageToBp, reportDayId, reportsProjection } from './reports.projection';

const employee = (id: string, commission_percentage?: number): TestEvent => ({
  type: 'EmployeeAdded',
  stream: `employee-t1.${id}`,
  data: { employee_id: id, name_en: id, name_ar: id, commission_percentage },
});

const line = (
  line_id: string,
  kind: 'service' | 'product',
  item_id: string,
  employee_id: string | null,
  quantity: number,
  net: number,
  vat: number,
) => ({
  line_id,
  kind,
  item_id,
  name_en: `${item_id} en`,
  name_ar: `${item_id} ar`,
  employee_id,
  quantity,
  unit_price: net / quantity,
  discount: 0,
  net,
  vat_category: 'S',
  vat_rate_bp: 1500,
  vat,
  total: net + vat,
  // a field added later must not break the report
  some_future_field: { x: 1 },
});

/** 2 lines: a haircut by Amal (10 %) 100.05 and 2 shampoos by Badr (7.5 %) 40.00, VAT 15 % on 140.05. */
const invoice: TestEvent = {
  type: 'InvoiceIssued',
  stream: 'invoice-t1.i1',
  data: {
    invoice_id: 'i1',
    number: 1,
    business_date: '2026-11-21',
    issued_at: '2026-11-21T09:00:00.000Z',
    currency: 'SAR',
    customer_id: 'c1',
    customer_name: 'Sara',
    cashier_id: 'u1',
    lines: [
      line('l1', 'service', 'cut', 'amal', 1, 10005, 1501),
      line('l2', 'product', 'shampoo', 'badr', 2, 4000, 600),
    ],
    subtotals: [{ category: 'S', rateBp: 1500, taxable: 14005, vat: 2101 }],
    gross: 14005,
    discount: 0,
    net: 14005,
    vat: 2101,
    total: 16106,
    payments: [
      { payment_id: 'p1', method: 1, amount: 10000 },
      { payment_id: 'p2', method: 2, amount: 6106, authorization_code: 'A1' },
      // a method added later is only another key
      { payment_id: 'p3', method: 42, amount: 0 },
    ],
    paid: 16106,
    owed: 0,
    einvoicing: 'not_applicable',
  },
};

const creditNote: TestEvent = {
  type: 'CreditNoteIssued',
  stream: 'creditnote-t1.n1',
  data: {
    credit_note_id: 'n1',
    number: 1,
    invoice_id: 'i1',
    invoice_number: 1,
    business_date: '2026-11-22',
    issued_at: '2026-11-22T09:00:00.000Z',
    currency: 'SAR',
    customer_id: 'c1',
    customer_name: 'Sara',
    cashier_id: 'u2',
    reason: 'returned',
    lines: [
      {
        line_id: 'l2',
        kind: 'product',
        item_id: 'shampoo',
        name_en: 'shampoo en',
        name_ar: 'shampoo ar',
        quantity: 1,
        net: 2000,
        vat_category: 'S',
        vat_rate_bp: 1500,
        vat: 300,
        total: 2300,
      },
    ],
    subtotals: [{ category: 'S', rateBp: 1500, taxable: 2000, vat: 300 }],
    net: 2000,
    vat: 300,
    total: 2300,
    payments: [{ payment_id: 'r1', method: 1, amount: 2300 }],
    einvoicing: 'not_applicable',
  },
};

const day = (date: string, dimension: Parameters<typeof reportDayId>[2], key: string) =>
  reportDayId('t1', date, dimension, key);

describe('sales reports projection', () => {
  it('rounds commission half up to the minor unit, from a percentage with decimals', () => {
    expect(percentageToBp(7.5)).toBe(750);
    expect(percentageToBp(undefined)).toBe(0);
    expect(percentageToBp('12.5')).toBe(1250);
    expect(percentageToBp('ten')).toBe(0);
    expect(commissionOf(10005, 1000)).toBe(1001); // 1000.5 → 1001
    expect(commissionOf(4000, 750)).toBe(300);
    expect(commissionOf(15, 1000)).toBe(2); // 1.5 → 2
    expect(commissionOf(14, 1000)).toBe(1);
    expect(commissionOf(-15, 1000)).toBe(-2);
  });

  it('given employees and an invoice, then each day document adds up its part of the invoice', async () => {
    const then = await givenEvents(reportsProjection, [employee('amal', 10), employee('badr', 7.5), invoice]);
    expect(await then.get('sales_report_days', day('2026-11-21', 'cashier', 'u1'))).toMatchObject({
      tenantId: 't1',
      date: '2026-11-21',
      month: '2026-11',
      dimension: 'cashier',
      key: 'u1',
      invoices: 1,
      net: 14005,
      vat: 2101,
      total: 16106,
      paid: 16106,
    });
    expect(await then.get('sales_report_days', day('2026-11-21', 'cashier_method', 'u1|2'))).toMatchObject({
      cashier_id: 'u1',
      method: 2,
      payments: 1,
      paid: 6106,
    });
    expect(await then.get('sales_report_days', day('2026-11-21', 'employee', 'amal'))).toMatchObject({
      lines: 1,
      services: 1,
      sales: 10005,
      commission: 1001,
    });
    expect(await then.get('sales_report_days', day('2026-11-21', 'employee', 'badr'))).toMatchObject({
      products: 2,
      sales: 4000,
      commission: 300,
    });
    expect(await then.get('sales_report_days', day('2026-11-21', 'service', 'cut'))).toMatchObject({
      quantity: 1,
      sales: 10005,
      name_en: 'cut en',
    });
    expect(await then.get('sales_report_days', day('2026-11-21', 'product', 'shampoo'))).toMatchObject({
      quantity: 2,
      sales: 4000,
    });
    expect(await then.get('sales_report_days', day('2026-11-21', 'method', '2'))).toMatchObject({
      payments: 1,
      paid: 6106,
    });
    expect(await then.get('sales_report_days', day('2026-11-21', 'vat', 'S|1500'))).toMatchObject({
      category: 'S',
      rate_bp: 1500,
      taxable: 14005,
      vat: 2101,
    });
  });

  it('given two invoices the same day, then the day documents add both', async () => {
    const second = {
      ...invoice,
      stream: 'invoice-t1.i2',
      data: { ...invoice.data, invoice_id: 'i2', number: 2 },
    };
    const then = await givenEvents(reportsProjection, [employee('amal', 10), invoice, second]);
    expect(await then.get('sales_report_days', day('2026-11-21', 'cashier', 'u1'))).toMatchObject({
      invoices: 2,
      total: 32212,
    });
    expect(await then.get('sales_report_days', day('2026-11-21', 'cashier_method', 'u1|1'))).toMatchObject({
      paid: 20000,
    });
    expect(await then.get('sales_report_days', day('2026-11-21', 'employee', 'amal'))).toMatchObject({
      commission: 2002,
    });
  });

  it('given a commission changed after the sale, then a credit note takes back the rate of the sale', async () => {
    const then = await givenEvents(reportsProjection, [
      employee('amal', 10),
      employee('badr', 7.5),
      invoice,
      {
        type: 'EmployeeChanged',
        stream: 'employee-t1.badr',
        data: { employee_id: 'badr', changed: { commission_percentage: 50 }, previous: {} },
      },
      creditNote,
    ]);
    expect(await then.get('sales_report_days', day('2026-11-22', 'employee', 'badr'))).toMatchObject({
      returned: 2000,
      returned_commission: 150,
    });
    expect(await then.get('sales_report_days', day('2026-11-22', 'cashier', 'u2'))).toMatchObject({
      credit_notes: 1,
      credited: 2300,
      refunded: 2300,
    });
    expect(await then.get('sales_report_days', day('2026-11-22', 'cashier_method', 'u2|1'))).toMatchObject({
      refunds: 1,
      refunded: 2300,
    });
    expect(await then.get('sales_report_days', day('2026-11-22', 'product', 'shampoo'))).toMatchObject({
      returned_quantity: 1,
      returned: 2000,
    });
    expect(await then.get('sales_report_days', day('2026-11-22', 'vat', 'S|1500'))).toMatchObject({
      credited_taxable: 2000,
      credited_vat: 300,
    });
    expect(await then.get('sales_report_days', day('2026-11-22', 'method', '1'))).toMatchObject({
      refunds: 1,
      refunded: 2300,
    });
    expect(await then.get('refunded_invoices', 'i1|2026-11-22')).toMatchObject({
      invoice_number: 1,
      invoice_date: '2026-11-21',
      invoice_total: 16106,
      credit_notes: 1,
      credited: 2300,
      refunded: 2300,
    });
  });

  it('given an employee without a commission, then her sales count and her commission is nothing', async () => {
    const then = await givenEvents(reportsProjection, [employee('amal'), invoice]);
    const doc = await then.get('sales_report_days', day('2026-11-21', 'employee', 'amal'));
    expect(doc).toMatchObject({ sales: 10005 });
    expect(doc?.commission ?? 0).toBe(0);
  });

  it('given an invoice and a credit note, then what each employee did is kept per service or product and per line', async () => {
    const then = await givenEvents(reportsProjection, [
      employee('amal', 10),
      employee('badr', 7.5),
      invoice,
      creditNote,
    ]);
    expect(
      await then.get('sales_report_days', day('2026-11-21', 'employee_item', 'amal|service|cut')),
    ).toMatchObject({
      employee_id: 'amal',
      kind: 'service',
      item_id: 'cut',
      name_en: 'cut en',
      lines: 1,
      quantity: 1,
      sales: 10005,
    });
    expect(
      await then.get('sales_report_days', day('2026-11-22', 'employee_item', 'badr|product|shampoo')),
    ).toMatchObject({
      returned_quantity: 1,
      returned: 2000,
    });
    expect(await then.find('activity_lines')).toEqual([
      expect.objectContaining({
        id: 'i1|l1',
        date: '2026-11-21',
        invoice_number: 1,
        customer_name: 'Sara',
        employee_id: 'amal',
        kind: 'service',
        quantity: 1,
        net: 10005,
        commission: 1001,
        returned: 0,
      }),
      expect.objectContaining({
        id: 'i1|l2',
        employee_id: 'badr',
        quantity: 2,
        net: 4000,
        returned_quantity: 1,
        returned: 2000,
      }),
    ]);
  });

  it('given an invoice cancelled (the event delivered twice), then its day documents are back to nothing and its lines gone', async () => {
    const cancelled: TestEvent = {
      type: 'InvoiceCancelled',
      stream: 'invoice-t1.i1',
      data: {
        invoice_id: 'i1',
        invoice_number: 1,
        business_date: '2026-11-21',
        cancelled_at: '2026-11-23T08:00:00.000Z',
        cancelled_by: 'u1',
        reason: 'wrong customer',
        appointment_id: null,
        customer_id: 'c1',
        payments: [],
      },
    };
    const then = await givenEvents(reportsProjection, [
      employee('amal', 10),
      employee('badr', 7.5),
      invoice,
      cancelled,
      cancelled,
    ]);
    const zero = (doc: Record<string, unknown> | undefined, fields: string[]) =>
      expect(Object.fromEntries(fields.map((f) => [f, doc?.[f] ?? 0]))).toEqual(
        Object.fromEntries(fields.map((f) => [f, 0])),
      );
    zero(await then.get('sales_report_days', day('2026-11-21', 'cashier', 'u1')), [
      'invoices',
      'net',
      'vat',
      'total',
      'paid',
      'owed',
    ]);
    zero(await then.get('sales_report_days', day('2026-11-21', 'cashier_method', 'u1|2')), [
      'payments',
      'paid',
    ]);
    zero(await then.get('sales_report_days', day('2026-11-21', 'method', '1')), ['payments', 'paid']);
    zero(await then.get('sales_report_days', day('2026-11-21', 'employee', 'amal')), [
      'lines',
      'services',
      'sales',
      'commission',
    ]);
    zero(await then.get('sales_report_days', day('2026-11-21', 'employee_item', 'badr|product|shampoo')), [
      'lines',
      'quantity',
      'sales',
    ]);
    zero(await then.get('sales_report_days', day('2026-11-21', 'service', 'cut')), [
      'lines',
      'quantity',
      'sales',
    ]);
    zero(await then.get('sales_report_days', day('2026-11-21', 'vat', 'S|1500')), ['taxable', 'vat']);
    expect(await then.find('activity_lines')).toEqual([]);
  });

  it('given money taken besides the invoices (a receivable, debit notes, a wallet, a deposit), then each is in its method and its cashier (and a debit note in the VAT)', async () => {
    const owedInvoice: TestEvent = {
      ...invoice,
      data: {
        ...invoice.data,
        payments: [{ payment_id: 'p1', method: 1, amount: 6106 }],
        paid: 6106,
        owed: 10000,
      },
    };
    const then = await givenEvents(reportsProjection, [
      owedInvoice,
      {
        type: 'InvoicePaymentReceived',
        stream: 'invoice-t1.i1',
        actor: 'u2',
        data: {
          invoice_id: 'i1',
          payment: { payment_id: 'p4', method: 2, amount: 4000, authorization_code: 'A2' },
          business_date: '2026-11-22',
          cashier_id: 'u2',
          paid: 10106,
          owed: 6000,
        },
      },
      {
        type: 'DebitNoteIssued',
        stream: 'debitnote-t1.d1',
        data: {
          debit_note_id: 'd1',
          number: 1,
          invoice_id: 'i1',
          invoice_number: 1,
          business_date: '2026-11-22',
          cashier_id: 'u2',
          lines: [],
          subtotals: [{ category: 'S', rateBp: 1500, taxable: 2000, vat: 300 }],
          net: 2000,
          vat: 300,
          total: 2300,
          payments: [{ payment_id: 'p5', method: 1, amount: 1000 }],
          paid: 1000,
          owed: 1300,
        },
      },
      {
        type: 'DebitNotePaymentReceived',
        stream: 'debitnote-t1.d1',
        data: {
          debit_note_id: 'd1',
          debit_note_number: 1,
          invoice_id: 'i1',
          invoice_number: 1,
          payment: { payment_id: 'p6', method: 1, amount: 1300 },
          business_date: '2026-11-23',
          cashier_id: 'u1',
          paid: 2300,
          owed: 0,
        },
      },
      {
        type: 'WalletToppedUp',
        stream: 'wallet-t1.c1',
        data: {
          customer_id: 'c1',
          customer_name: 'Sara',
          amount: 5000,
          payment: { payment_id: 'p7', method: 4, amount: 5000 },
          business_date: '2026-11-22',
          cashier_id: 'u2',
          balance: 5000,
        },
      },
      {
        type: 'DepositTaken',
        stream: 'deposit-t1.a1',
        data: {
          deposit_id: 'dp1',
          appointment_id: 'a1',
          customer_id: 'c1',
          customer_name: 'Sara',
          payment: { payment_id: 'dp1', method: 2, amount: 2500, authorization_code: 'A3' },
          unique_id: 'x',
          business_date: '2026-11-22',
          cashier_id: 'online',
          currency: 'SAR',
        },
      },
      // given back the next day by u1: money going out that day, its own day keeps what was taken
      {
        type: 'DepositCancelled',
        stream: 'deposit-t1.a1',
        actor: 'u1',
        data: {
          deposit_id: 'dp1',
          appointment_id: 'a1',
          reason: 'asked',
          amount: 2500,
          method: 2,
          business_date: '2026-11-23',
        },
      },
    ]);
    const at = async (date: string, dimension: Parameters<typeof reportDayId>[2], key: string) =>
      await then.get('sales_report_days', day(date, dimension, key));
    expect(await at('2026-11-22', 'method', '2')).toMatchObject({ payments: 2, paid: 6500 });
    expect(await at('2026-11-22', 'method', '1')).toMatchObject({ payments: 1, paid: 1000 });
    expect(await at('2026-11-22', 'method', '4')).toMatchObject({ payments: 1, paid: 5000 });
    expect(await at('2026-11-23', 'method', '1')).toMatchObject({ payments: 1, paid: 1300 });
    expect(await at('2026-11-23', 'method', '2')).toMatchObject({ refunds: 1, refunded: 2500 });
    expect(await at('2026-11-22', 'cashier_method', 'u2|2')).toMatchObject({ paid: 4000 });
    expect(await at('2026-11-22', 'cashier_method', 'online|2')).toMatchObject({ paid: 2500 });
    expect(await at('2026-11-23', 'cashier_method', 'u1|2')).toMatchObject({ refunded: 2500 });
    // what each cashier took besides the invoices she issued; the invoice's own figures unchanged
    expect(await at('2026-11-22', 'cashier', 'u2')).toMatchObject({ received: 10000 });
    expect(await at('2026-11-23', 'cashier', 'u1')).toMatchObject({ received: 1300, refunded: 2500 });
    expect(await at('2026-11-21', 'cashier', 'u1')).toMatchObject({ paid: 6106, owed: 10000 });
    // the debit note's charge is taxed on its day, beside the sales
    expect(await at('2026-11-22', 'vat', 'S|1500')).toMatchObject({
      debited_taxable: 2000,
      debited_vat: 300,
    });
  });
});
