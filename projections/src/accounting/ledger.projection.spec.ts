import {
  accountCode,
  isBalanced,
  valueLeft,
  type LedgerLine,
  type SystemAccountKey,
} from '@rawnaq/contracts';
import { givenEvents, type TestEvent } from '../testing/given-events.test-support';
import { ledgerDayId, ledgerProjection } from './ledger.projection';

const line = (line_id: string, kind: string, net: number, vat: number, discount = 0) => ({
  line_id,
  kind,
  item_id: line_id,
  name_en: line_id,
  name_ar: line_id,
  employee_id: null,
  quantity: 1,
  unit_price: net + discount,
  discount,
  net,
  vat_category: 'S',
  vat_rate_bp: 1500,
  vat,
  total: net + vat,
});

/**
 * A haircut 100.00 less 10.00 discount, a shampoo 40.00, a gift card 50.00 (no VAT), VAT 19.50:
 * 199.50 paid 100.00 cash, 50.00 mada, a deposit of 20.00 counted, 29.50 owed.
 */
const invoice: TestEvent = {
  type: 'InvoiceIssued',
  stream: 'invoice-t1.i1',
  data: {
    invoice_id: 'i1',
    number: 7,
    business_date: '2026-11-21',
    lines: [
      line('cut', 'service', 9000, 1350, 1000),
      line('shampoo', 'product', 4000, 600),
      { ...line('card', 'gift_card', 5000, 0), vat_category: 'O', vat_rate_bp: 0 },
    ],
    net: 18000,
    vat: 1950,
    total: 19950,
    payments: [
      { payment_id: 'p1', method: 1, amount: 10000 },
      { payment_id: 'p2', method: 3, amount: 5000 },
    ],
    deposited: 2000,
    owed: 2950,
  },
};

const acc = (key: SystemAccountKey) => accountCode(key);
/** an entry's lines as { account key: signed amount (debit +, credit −) } */
const signed = (lines: LedgerLine[]) => {
  const keys = new Map(
    (
      [
        'cash',
        'debit_card',
        'credit_card',
        'customer_wallets',
        'advance_payments',
        'active_gift_cards',
        'unpaid_invoices',
        'vat_sales',
        'vat_credit_note',
        'vat_debit_notes',
        'service_sales',
        'product_sales',
        'sales_discounts',
        'sales_return',
        'debit_notes',
        'unused_offer_services',
        'free_gift_cards',
        'breakage',
      ] as SystemAccountKey[]
    ).map((k) => [acc(k), k]),
  );
  return Object.fromEntries(lines.map((l) => [keys.get(l.account) ?? l.account, l.debit - l.credit]));
};

describe('the ledger projection: each money event posts one balanced entry', () => {
  it('given an invoice, posts the money by method, the deposit, what is owed, the sales by kind, the discount and the VAT', async () => {
    const read = await givenEvents(ledgerProjection, [invoice]);
    const entry = (await read.get('ledger_entries', 'invoice:i1'))!;
    expect(entry).toMatchObject({
      date: '2026-11-21',
      source_kind: 'invoice',
      source_number: 7,
      total: 20950,
    });
    expect(isBalanced(entry.lines as LedgerLine[])).toBe(true);
    expect(signed(entry.lines as LedgerLine[])).toEqual({
      cash: 10000,
      debit_card: 5000,
      advance_payments: 2000,
      unpaid_invoices: 2950,
      sales_discounts: 1000,
      service_sales: -10000,
      product_sales: -4000,
      active_gift_cards: -5000,
      vat_sales: -1950,
    });
    // each line stored on its own, and each account's day total
    expect((await read.find('ledger_lines')).length).toBe(9);
    expect(await read.get('ledger_days', ledgerDayId('t1', acc('cash'), '2026-11-21'))).toMatchObject({
      debit: 10000,
      credit: 0,
    });
  });

  it('given an invoice paid later and then cancelled, the cancellation gives back every payment and the sale', async () => {
    const read = await givenEvents(ledgerProjection, [
      invoice,
      {
        type: 'InvoicePaymentReceived',
        stream: 'invoice-t1.i1',
        data: {
          invoice_id: 'i1',
          payment: { payment_id: 'p3', method: 2, amount: 2950 },
          business_date: '2026-11-22',
          paid: 19950,
          owed: 0,
        },
      },
      {
        type: 'InvoiceCancelled',
        stream: 'invoice-t1.i1',
        data: {
          invoice_id: 'i1',
          invoice_number: 7,
          business_date: '2026-11-21',
          owed: 0,
          payments: [
            { payment_id: 'p1', method: 1, amount: 10000 },
            { payment_id: 'p2', method: 3, amount: 5000 },
            { payment_id: 'p3', method: 2, amount: 2950 },
          ],
        },
      },
    ]);
    const paid = (await read.get('ledger_entries', 'invoice_payment:p3'))!;
    expect(signed(paid.lines as LedgerLine[])).toEqual({ credit_card: 2950, unpaid_invoices: -2950 });
    const cancelled = (await read.get('ledger_entries', 'invoice_cancelled:i1'))!;
    expect(isBalanced(cancelled.lines as LedgerLine[])).toBe(true);
    // the deposit counted on the invoice stays what the invoice made of it: the cancel event names no deposit
    expect(signed(cancelled.lines as LedgerLine[])).toMatchObject({
      cash: -10000,
      debit_card: -5000,
      credit_card: -2950,
      service_sales: 10000,
      sales_discounts: -1000,
      vat_sales: 1950,
    });
  });

  it('given a credit note refunded in cash and to the wallet, posts the returns, the VAT given back and the refunds', async () => {
    const read = await givenEvents(ledgerProjection, [
      {
        type: 'CreditNoteIssued',
        stream: 'creditnote-t1.n1',
        data: {
          credit_note_id: 'n1',
          number: 2,
          invoice_id: 'i1',
          business_date: '2026-11-23',
          lines: [
            { line_id: 'cut', kind: 'service', net: 9000, vat: 1350 },
            { line_id: 'card', kind: 'gift_card', net: 5000, vat: 0 },
          ],
          net: 14000,
          vat: 1350,
          total: 15350,
          payments: [
            { payment_id: 'r1', method: 1, amount: 10000 },
            { payment_id: 'r2', method: 10, amount: 5350 },
          ],
        },
      },
    ]);
    const note = (await read.get('ledger_entries', 'credit_note:n1'))!;
    expect(signed(note.lines as LedgerLine[])).toEqual({
      sales_return: 9000,
      active_gift_cards: 5000,
      vat_credit_note: 1350,
      cash: -10000,
      customer_wallets: -5350,
    });
  });

  it('given a debit note part paid and paid off later, posts its income and VAT against the money and what is owed', async () => {
    const read = await givenEvents(ledgerProjection, [
      {
        type: 'DebitNoteIssued',
        stream: 'debitnote-t1.d1',
        data: {
          debit_note_id: 'd1',
          number: 1,
          invoice_id: 'i1',
          business_date: '2026-11-24',
          net: 2000,
          vat: 300,
          total: 2300,
          payments: [{ payment_id: 'q1', method: 1, amount: 1000 }],
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
          payment: { payment_id: 'q2', method: 3, amount: 1300 },
          business_date: '2026-11-25',
          paid: 2300,
          owed: 0,
        },
      },
    ]);
    expect(signed((await read.get('ledger_entries', 'debit_note:d1'))!.lines as LedgerLine[])).toEqual({
      cash: 1000,
      unpaid_invoices: 1300,
      debit_notes: -2000,
      vat_debit_notes: -300,
    });
    expect(
      signed((await read.get('ledger_entries', 'debit_note_payment:q2'))!.lines as LedgerLine[]),
    ).toEqual({ debit_card: 1300, unpaid_invoices: -1300 });
  });

  it('given deposits, a free gift card and a wallet top-up, posts what the salon now owes its customers', async () => {
    const read = await givenEvents(ledgerProjection, [
      {
        type: 'DepositTaken',
        stream: 'deposit-t1.a1',
        data: {
          deposit_id: 'dp1',
          payment: { payment_id: 'x', method: 6, amount: 2500 },
          business_date: '2026-11-20',
        },
      },
      {
        type: 'DepositCancelled',
        stream: 'deposit-t1.a1',
        data: { deposit_id: 'dp1', amount: 2500, method: 6, business_date: '2026-11-21' },
      },
      {
        type: 'GiftCardIssued',
        stream: 'giftcard-t1.g1',
        data: { gift_card_id: 'g1', value: 3000, invoice_id: null, business_date: '2026-11-21' },
      },
      {
        type: 'GiftCardIssued',
        stream: 'giftcard-t1.g2',
        data: { gift_card_id: 'g2', value: 5000, invoice_id: 'i1', business_date: '2026-11-21' },
      },
      {
        type: 'WalletToppedUp',
        stream: 'wallet-t1.c1',
        data: {
          amount: 4000,
          payment: { payment_id: 'w1', method: 1, amount: 4000 },
          business_date: '2026-11-21',
        },
      },
    ]);
    const entries = await read.find('ledger_entries');
    expect(entries.map((e) => e.id).sort()).toEqual([
      'deposit:dp1',
      'deposit_cancelled:dp1',
      'gift_card:g1',
      'wallet_top_up:w1',
    ]);
    expect(signed(entries.find((e) => e.id === 'gift_card:g1')!.lines as LedgerLine[])).toEqual({
      free_gift_cards: 3000,
      active_gift_cards: -3000,
    });
    expect(signed(entries.find((e) => e.id === 'wallet_top_up:w1')!.lines as LedgerLine[])).toEqual({
      cash: 4000,
      customer_wallets: -4000,
    });
    // the deposit given back leaves nothing owed to the customer
    const advance = await read.find('ledger_days');
    const deposits = advance.filter((d) => d.account === acc('advance_payments'));
    expect(deposits.reduce((s, d) => s + (d.credit as number) - (d.debit as number), 0)).toBe(0);
  });

  it('given online payments through the gateway, posts the platform’s fee as an expense taken from the money collected, in the salon’s currency', async () => {
    const paid = (payment_id: string, extra: object) => ({
      type: 'GatewayPaymentPaid',
      stream: `gatewaypayment-t1.${payment_id}`,
      data: {
        payment_id,
        reference: 'R',
        amount: 5000,
        currency: 'SAR',
        after_failure: false,
        fee_amount: 100,
        fee_currency: 'AED',
        business_date: '2026-11-21',
        ...extra,
      },
    });
    const read = await givenEvents(ledgerProjection, [
      // a visit's deposit (taken as a card payment), its fee recorded in riyals
      paid('gp1', { deposit_id: 'dp1', fee_in_currency: 102 }),
      // a gift card bought online (sold as paid by payment link), recorded before the fee in riyals was
      paid('gp2', {}),
      // a dirham salon: the fee itself
      { ...paid('gp3', {}), data: { ...paid('gp3', {}).data, currency: 'AED' } },
    ]);
    const entry = async (id: string) => (await read.get('ledger_entries', `gateway_fee:${id}`))!;
    expect(signed((await entry('gp1')).lines as LedgerLine[])).toEqual({
      [acc('gateway_fees')]: 102,
      credit_card: -102,
    });
    // 1 AED at the pegs (3.6725 and 3.75 to the dollar) is 1.0211 SAR: 102 halalas
    expect(signed((await entry('gp2')).lines as LedgerLine[])).toEqual({
      [acc('gateway_fees')]: 102,
      [acc('payment_link')]: -102,
    });
    expect(signed((await entry('gp3')).lines as LedgerLine[])).toEqual({
      [acc('gateway_fees')]: 100,
      [acc('payment_link')]: -100,
    });
    expect(await entry('gp1')).toMatchObject({ date: '2026-11-21', source_kind: 'gateway_fee' });
  });

  it('given a package of 3 sessions sold for 100.00, each session used earns its share of the price (rounded as its value left is shown), and one given back is taken back', async () => {
    const session = (type: string, left: number, n: number): TestEvent => ({
      type,
      stream: 'customeroffer-t1.o1',
      data: {
        customer_offer_id: 'o1',
        service_id: 's',
        invoice_id: `i${n}`,
        line_id: 'l',
        business_date: '2026-11-2' + n,
        left,
      },
    });
    const read = await givenEvents(ledgerProjection, [
      {
        type: 'CustomerOfferOpened',
        stream: 'customeroffer-t1.o1',
        data: { customer_offer_id: 'o1', price: 10000, allowance: 3 },
      },
      session('CustomerOfferSessionUsed', 2, 1),
      session('CustomerOfferSessionUsed', 1, 2),
      session('CustomerOfferSessionReturned', 2, 3),
      session('CustomerOfferSessionUsed', 1, 4),
      session('CustomerOfferSessionUsed', 0, 5),
    ]);
    const entries = (await read.find('ledger_entries')).sort((a, b) =>
      (a.date as string).localeCompare(b.date as string),
    );
    expect(entries.map((e) => [e.source_kind, signed(e.lines as LedgerLine[]).service_sales])).toEqual([
      ['offer_session', -3333],
      ['offer_session', -3334],
      ['offer_session_returned', 3334],
      ['offer_session', -3334],
      ['offer_session', -3333],
    ]);
    const earned = entries.reduce((s, e) => s - signed(e.lines as LedgerLine[]).service_sales, 0);
    expect(earned).toBe(10000);
    // what stays owed after each session is what the customer's offers show left (66.67, 33.33, 0)
    const owed = (n: number) =>
      10000 + entries.slice(0, n).reduce((s, e) => s + signed(e.lines as LedgerLine[]).service_sales, 0);
    expect([owed(1), owed(2), owed(3), owed(4), owed(5)]).toEqual([
      valueLeft(10000, 2, 3),
      valueLeft(10000, 1, 3),
      valueLeft(10000, 2, 3),
      valueLeft(10000, 1, 3),
      0,
    ]);
  });

  it('given a gift card expired with 30.00 left, the card liability goes to breakage income on the day after its last day', async () => {
    const read = await givenEvents(ledgerProjection, [
      {
        type: 'GiftCardExpired',
        stream: 'giftcard-t1.ABCD-EFGH-JKMN',
        data: {
          gift_card_id: 'g1',
          code: 'ABCD-EFGH-JKMN',
          remaining: 3000,
          expires_on: '2027-11-20',
          business_date: '2027-11-21',
        },
      },
    ]);
    const [entry] = await read.find('ledger_entries');
    expect(entry).toMatchObject({ source_kind: 'gift_card_expired', source_id: 'g1', date: '2027-11-21' });
    expect(signed(entry.lines as LedgerLine[])).toEqual({ active_gift_cards: 3000, breakage: -3000 });
    expect(isBalanced(entry.lines as LedgerLine[])).toBe(true);
  });

  it('given a package of 3 sessions for 100.00 expired with 2 left, their value left goes to breakage, and a session given back afterwards too', async () => {
    const session = (type: string, left: number, n: number): TestEvent => ({
      type,
      stream: 'customeroffer-t1.o1',
      data: {
        customer_offer_id: 'o1',
        service_id: 's',
        invoice_id: `i${n}`,
        line_id: 'l',
        business_date: '2026-11-2' + n,
        left,
      },
    });
    const read = await givenEvents(ledgerProjection, [
      {
        type: 'CustomerOfferOpened',
        stream: 'customeroffer-t1.o1',
        data: { customer_offer_id: 'o1', price: 10000, allowance: 3 },
      },
      session('CustomerOfferSessionUsed', 2, 1),
      {
        type: 'CustomerOfferExpired',
        stream: 'customeroffer-t1.o1',
        data: {
          customer_offer_id: 'o1',
          sessions_left: 2,
          value_left: valueLeft(10000, 2, 3),
          expires_on: '2026-11-22',
          business_date: '2026-11-23',
        },
      },
      session('CustomerOfferSessionReturned', 3, 4),
    ]);
    const entries = (await read.find('ledger_entries')).sort((a, b) =>
      (a.date as string).localeCompare(b.date as string),
    );
    expect(entries.map((e) => [e.source_kind, e.date, signed(e.lines as LedgerLine[])])).toEqual([
      ['offer_session', '2026-11-21', { unused_offer_services: 3333, service_sales: -3333 }],
      ['offer_expired', '2026-11-23', { unused_offer_services: 6667, breakage: -6667 }],
      ['offer_session_returned', '2026-11-24', { breakage: -3333, service_sales: 3333 }],
    ]);
    // nothing stays owed for the expired package; what it sold for is income, all of it breakage now
    const owed = entries.reduce(
      (s, e) => s + (signed(e.lines as LedgerLine[]).unused_offer_services ?? 0),
      0,
    );
    expect(owed).toBe(10000);
  });

  it('keeps another salon’s postings apart and posts nothing for events that move no account', async () => {
    const read = await givenEvents(ledgerProjection, [
      { ...invoice, tenantId: 't2', stream: 'invoice-t2.i1' },
      {
        type: 'GiftCardRedeemed',
        stream: 'giftcard-t1.g1',
        data: { gift_card_id: 'g1', amount: 100, invoice_id: 'i1', business_date: '2026-11-21' },
      },
    ]);
    const entries = await read.find('ledger_entries');
    expect(entries.map((e) => e.tenantId)).toEqual(['t2']);
    const days = await read.find('ledger_days');
    expect(days.every((d) => d.tenantId === 't2' && (d.id as string).startsWith('t2|'))).toBe(true);
  });

  it('given a general journal naming cash twice, then its reversal, posts both and leaves each day total whole', async () => {
    const cash = acc('cash');
    const read = await givenEvents(ledgerProjection, [
      {
        type: 'GeneralJournalPosted',
        stream: 'generaljournal-t1.j1',
        data: {
          journal_id: 'j1',
          number: 1,
          date: '2026-11-25',
          memo: 'Drawing',
          lines: [
            { account: '3103', debit: 30000, credit: 0 },
            { account: cash, debit: 0, credit: 10000 },
            { account: cash, debit: 0, credit: 20000 },
          ],
          total: 30000,
          posted_by: 'u1',
        },
      },
      {
        type: 'GeneralJournalReversed',
        stream: 'generaljournal-t1.j1',
        data: {
          journal_id: 'j1',
          number: 1,
          date: '2026-11-26',
          reason: 'Posted twice',
          lines: [
            { account: '3103', debit: 0, credit: 30000 },
            { account: cash, debit: 10000, credit: 0 },
            { account: cash, debit: 20000, credit: 0 },
          ],
          reversed_by: 'u1',
        },
      },
    ]);
    expect(await read.get('ledger_days', ledgerDayId('t1', cash, '2026-11-25'))).toMatchObject({
      debit: 0,
      credit: 30000,
    });
    expect(await read.get('ledger_days', ledgerDayId('t1', cash, '2026-11-26'))).toMatchObject({
      debit: 30000,
      credit: 0,
    });
    expect(await read.get('general_journals', 'j1')).toMatchObject({
      number: 1,
      status: 'reversed',
      reversal: { date: '2026-11-26', reason: 'Posted twice' },
    });
    const entries = await read.find('ledger_entries');
    expect(entries.map((e) => e.id).sort()).toEqual(['journal:j1', 'journal_reversed:j1']);
  });

  it('given an invoice, a credit note, a debit note, an exempt invoice cancelled and a bill with VAT, fills the VAT return’s boxes', async () => {
    const read = await givenEvents(ledgerProjection, [
      {
        ...invoice,
        data: {
          ...(invoice.data as object),
          subtotals: [
            { category: 'S', rateBp: 1500, taxable: 13000, vat: 1950 },
            { category: 'O', rateBp: 0, taxable: 5000, vat: 0 },
          ],
        },
      },
      {
        type: 'CreditNoteIssued',
        stream: 'creditnote-t1.n1',
        data: {
          credit_note_id: 'n1',
          number: 1,
          invoice_id: 'i1',
          business_date: '2026-11-22',
          lines: [{ line_id: 'cut', kind: 'service', net: 9000, vat: 1350 }],
          subtotals: [{ category: 'S', rateBp: 1500, taxable: 9000, vat: 1350 }],
          net: 9000,
          vat: 1350,
          total: 10350,
          payments: [{ payment_id: 'r1', method: 1, amount: 10350 }],
        },
      },
      {
        type: 'DebitNoteIssued',
        stream: 'debitnote-t1.d1',
        data: {
          debit_note_id: 'd1',
          number: 1,
          invoice_id: 'i1',
          business_date: '2026-11-22',
          lines: [],
          subtotals: [{ category: 'S', rateBp: 1500, taxable: 1000, vat: 150 }],
          net: 1000,
          vat: 150,
          total: 1150,
          payments: [],
          owed: 1150,
        },
      },
      {
        type: 'InvoiceIssued',
        stream: 'invoice-t1.i2',
        data: {
          invoice_id: 'i2',
          number: 8,
          business_date: '2026-11-21',
          lines: [{ ...line('consult', 'service', 3000, 0), vat_category: 'E', vat_rate_bp: 0 }],
          subtotals: [{ category: 'E', rateBp: 0, taxable: 3000, vat: 0 }],
          net: 3000,
          vat: 0,
          total: 3000,
          payments: [{ payment_id: 'p9', method: 1, amount: 3000 }],
          owed: 0,
        },
      },
      {
        type: 'InvoiceCancelled',
        stream: 'invoice-t1.i2',
        data: {
          invoice_id: 'i2',
          invoice_number: 8,
          business_date: '2026-11-23',
          owed: 0,
          payments: [{ payment_id: 'p9', method: 1, amount: 3000 }],
        },
      },
      {
        type: 'ExpenseRecorded',
        stream: 'expense-t1.x1',
        data: {
          expense_id: 'x1',
          number: 1,
          supplier_id: 's1',
          account: '6103',
          date: '2026-11-23',
          items: [
            {
              description: 'Towels',
              net: 20000,
              vat_category: 'S',
              vat_rate_bp: 1500,
              vat: 3000,
              total: 23000,
            },
            { description: 'Water', net: 1000, vat_category: 'Z', vat_rate_bp: 0, vat: 0, total: 1000 },
          ],
          net: 21000,
          vat: 3000,
          total: 24000,
          payments: [],
          paid: 0,
          owed: 24000,
        },
      },
    ]);
    const lines = await read.find('vat_lines');
    const box = (name: string) =>
      lines
        .filter((l) => l.box === name)
        .reduce(
          (s, l) => ({
            amount: s.amount + (l.amount as number),
            adjustment: s.adjustment + (l.adjustment as number),
            vat: s.vat + (l.vat as number),
          }),
          { amount: 0, adjustment: 0, vat: 0 },
        );
    // out of scope (the gift card) is in no box; the note takes back and the debit note adds, as adjustments
    expect(box('sales_standard')).toEqual({ amount: 13000, adjustment: -8000, vat: 750 });
    // the exempt invoice, then its cancelling: back out as an adjustment of the day it was cancelled
    expect(box('sales_exempt')).toEqual({ amount: 3000, adjustment: -3000, vat: 0 });
    expect(box('purchases_standard')).toEqual({ amount: 20000, adjustment: 0, vat: 3000 });
    expect(box('purchases_zero')).toEqual({ amount: 1000, adjustment: 0, vat: 0 });
    expect(lines.every((l) => l.tenantId === 't1' && typeof l.recorded_at === 'string')).toBe(true);
    // the return's output VAT is what the VAT accounts moved
    const days = await read.find('ledger_days');
    const vatAccounts = new Set([acc('vat_sales'), acc('vat_credit_note'), acc('vat_debit_notes')]);
    const outputVat = days
      .filter((d) => vatAccounts.has(d.account as string))
      .reduce((s, d) => s + (d.credit as number) - (d.debit as number), 0);
    expect(outputVat).toBe(750);
  });

  it('given the books closed to the 20th, a late credit note dated the 19th posts on the 21st saying so; opened again, it posts on its date', async () => {
    const note = (id: string, date: string): TestEvent => ({
      type: 'CreditNoteIssued',
      stream: `creditnote-t1.${id}`,
      data: {
        credit_note_id: id,
        number: 1,
        invoice_id: 'i1',
        business_date: date,
        lines: [{ line_id: 'cut', kind: 'service', net: 1000, vat: 150 }],
        subtotals: [{ category: 'S', rateBp: 1500, taxable: 1000, vat: 150 }],
        net: 1000,
        vat: 150,
        total: 1150,
        payments: [{ payment_id: `r-${id}`, method: 1, amount: 1150 }],
      },
    });
    const read = await givenEvents(ledgerProjection, [
      {
        type: 'BooksLockDateSet',
        stream: 'bookslock-t1',
        data: { lock_date: '2026-11-20', previous_lock_date: null, reason: '', set_by: 'u1' },
      },
      note('n1', '2026-11-19'),
      { ...note('n9', '2026-11-19'), tenantId: 't2', stream: 'creditnote-t2.n9' },
      {
        type: 'BooksLockDateSet',
        stream: 'bookslock-t1',
        data: { lock_date: null, previous_lock_date: '2026-11-20', reason: 'A missed bill', set_by: 'u1' },
      },
      note('n2', '2026-11-19'),
    ]);
    expect(await read.get('ledger_entries', 'credit_note:n1')).toMatchObject({
      date: '2026-11-21',
      moved_from: '2026-11-19',
    });
    expect(await read.get('ledger_days', ledgerDayId('t1', acc('cash'), '2026-11-21'))).toMatchObject({
      credit: 1150,
    });
    expect((await read.find('vat_lines')).find((l) => l.entry_id === 'credit_note:n1')).toMatchObject({
      date: '2026-11-21',
    });
    // another salon's books are not closed by this one's lock date
    const other = (await read.find('ledger_entries')).find((x) => x.tenantId === 't2')!;
    expect(other).toMatchObject({ date: '2026-11-19' });
    expect(other.moved_from).toBeUndefined();
    const reopened = (await read.get('ledger_entries', 'credit_note:n2'))!;
    expect(reopened.date).toBe('2026-11-19');
    expect(reopened.moved_from).toBeUndefined();
    expect(await read.get('ledger_settings', 't1')).toMatchObject({
      lock_date: null,
      history: [
        { lock_date: '2026-11-20', previous: null },
        { lock_date: null, previous: '2026-11-20', reason: 'A missed bill' },
      ],
    });
  });

  it('given a month’s payroll recorded, changed and paid in two parts, posts the salaries owed, the difference, and each payment by method', async () => {
    const figures = {
      salary: 500000,
      commission: 12000,
      additions: [{ label: 'Overtime', amount: 3000 }],
      deductions: [{ label: 'Advance', amount: 2000 }],
      total_additions: 3000,
      total_deductions: 2000,
      notes: '',
    };
    const stream = 'payroll-t1.r1';
    const read = await givenEvents(ledgerProjection, [
      {
        type: 'PayrollRecorded',
        stream,
        data: {
          payroll_id: 'r1',
          employee_id: 'e1',
          employee_name_en: 'Sara',
          employee_name_ar: 'سارة',
          month: '2026-10',
          date: '2026-10-31',
          recorded_by: 'u1',
          ...figures,
          net: 513000,
        },
      },
      {
        type: 'PayrollChanged',
        stream,
        data: {
          payroll_id: 'r1',
          employee_id: 'e1',
          month: '2026-10',
          date: '2026-10-31',
          previous_net: 513000,
          ...figures,
          deductions: [{ label: 'Advance', amount: 1000 }],
          total_deductions: 1000,
          net: 514000,
        },
      },
      {
        type: 'PayrollPaid',
        stream,
        data: {
          payroll_id: 'r1',
          employee_id: 'e1',
          month: '2026-10',
          payment: { payment_id: 'p1', method: 1, amount: 400000 },
          date: '2026-11-01',
          paid: 400000,
          owed: 114000,
        },
      },
      {
        type: 'PayrollPaid',
        stream,
        data: {
          payroll_id: 'r1',
          employee_id: 'e1',
          month: '2026-10',
          payment: { payment_id: 'p2', method: 4, amount: 114000 },
          date: '2026-11-02',
          paid: 514000,
          owed: 0,
        },
      },
    ]);
    const entries = await read.find('ledger_entries');
    const by = Object.fromEntries(entries.map((e) => [e.source_kind as string, e]));
    expect(entries).toHaveLength(4);
    for (const e of entries) expect(isBalanced(e.lines as LedgerLine[])).toBe(true);
    const salaries = acc('salaries');
    const payable = acc('salaries_payable');
    expect(by.payroll).toMatchObject({ id: 'payroll:r1', date: '2026-10-31', source_id: 'r1' });
    expect(signed(by.payroll.lines as LedgerLine[])).toEqual({ [salaries]: 513000, [payable]: -513000 });
    expect(by.payroll_change.date).toBe('2026-10-31');
    expect((by.payroll_change.source_id as string).startsWith('r1@')).toBe(true);
    expect(signed(by.payroll_change.lines as LedgerLine[])).toEqual({ [salaries]: 1000, [payable]: -1000 });
    const payments = entries.filter((e) => e.source_kind === 'payroll_payment');
    expect(payments.map((e) => [e.source_id, e.date, signed(e.lines as LedgerLine[])])).toEqual(
      expect.arrayContaining([
        ['r1@p1', '2026-11-01', { [payable]: 400000, cash: -400000 }],
        ['r1@p2', '2026-11-02', { [payable]: 114000, [acc('transfer')]: -114000 }],
      ]),
    );
    // what is owed to the employee is nothing once she is paid; the salaries expense is the net
    const days = await read.find('ledger_days');
    const total = (account: string) =>
      days
        .filter((d) => d.account === account)
        .reduce((s, d) => s + (d.debit as number) - (d.credit as number), 0);
    expect(total(payable)).toBe(0);
    expect(total(salaries)).toBe(514000);
    expect(days.reduce((s, d) => s + (d.debit as number) - (d.credit as number), 0)).toBe(0);
  });

  it('given the wizard done with opening balances and mada settling into the bank transfers account, posts the balances and a mada sale there', async () => {
    const read = await givenEvents(ledgerProjection, [
      {
        type: 'BooksOpened',
        stream: 'advancedaccounting-t1.books',
        data: {
          start_date: '2026-11-01',
          lines: [
            { account: acc('cash'), debit: 50000, credit: 0 },
            { account: acc('transfer'), debit: 200000, credit: 0 },
            { account: acc('suppliers'), debit: 0, credit: 30000 },
            { account: acc('opening_balance_equity'), debit: 0, credit: 220000 },
          ],
          method_accounts: { '3': acc('transfer') },
          opened_by: 'u1',
        },
      },
      invoice,
      {
        type: 'GeneralJournalPosted',
        stream: 'generaljournal-t1.j1',
        data: {
          journal_id: 'j1',
          number: 1,
          date: '2026-11-25',
          memo: 'Mada fees',
          lines: [
            { account: acc('other_expenses'), debit: 100, credit: 0 },
            { account: acc('debit_card'), debit: 0, credit: 100 },
          ],
          total: 100,
          posted_by: 'u1',
        },
      },
    ]);
    const opening = (await read.get('ledger_entries', 'opening_balances:t1'))!;
    expect(opening).toMatchObject({ date: '2026-11-01', source_kind: 'opening_balances' });
    expect(isBalanced(opening.lines as LedgerLine[])).toBe(true);
    // the invoice's mada money went to the bank transfers account, cash stayed cash
    const sale = (await read.get('ledger_entries', 'invoice:i1'))!;
    expect(signed(sale.lines as LedgerLine[])).toMatchObject({ cash: 10000, [acc('transfer')]: 5000 });
    expect(signed(sale.lines as LedgerLine[]).debit_card).toBeUndefined();
    expect(isBalanced(sale.lines as LedgerLine[])).toBe(true);
    // the accountant's own journal keeps the accounts she named
    const journal = (await read.get('ledger_entries', 'journal:j1'))!;
    expect(signed(journal.lines as LedgerLine[])).toMatchObject({ debit_card: -100 });
    expect(await read.get('ledger_settings', 't1')).toMatchObject({ start_date: '2026-11-01' });
  });

  it('given a purchase part paid, then stock sold, taken back, used in the salon and lost, posts each at its cost and keeps inventory = stock on hand × average cost', async () => {
    const stock = (
      operation: number,
      quantity: number,
      balance: number,
      average_cost: number,
      extra: Record<string, unknown> = {},
    ): TestEvent => ({
      type: 'StockMoved',
      stream: 'product-t1.p1',
      data: { product_id: 'p1', operation, quantity, balance, average_cost, date: '2026-11-10', ...extra },
    });
    const read = await givenEvents(ledgerProjection, [
      // 4 on the shelf at 3.33 (their first quantity): 13.32 of stock against opening balance equity
      stock(4, 4, 4, 333, { unit_cost: 333 }),
      // a purchase of 3 more at 5.00 (15.00, VAT 2.25), 10.00 paid in cash: the average is 28.32 / 7 = 4.05 (4.0457…)
      {
        type: 'PurchaseRecorded',
        stream: 'purchase-t1.b1',
        data: {
          purchase_id: 'b1',
          number: 1,
          supplier_id: 's1',
          supplier_name: 'Oils Co',
          supplier_invoice_number: 'X-1',
          supplier_invoice_date: null,
          date: '2026-11-10',
          due_date: null,
          notes: '',
          items: [
            {
              product_id: 'p1',
              name_en: 'Oil',
              name_ar: 'زيت',
              quantity: 3,
              unit_cost: 500,
              net: 1500,
              vat_category: 'S',
              vat_rate_bp: 1500,
              vat: 225,
              total: 1725,
            },
          ],
          net: 1500,
          vat: 225,
          total: 1725,
          payments: [{ payment_id: 'bp1', method: 1, amount: 1000 }],
          paid: 1000,
          owed: 725,
          recorded_by: 'u1',
        },
      },
      stock(9, 3, 7, 405, { unit_cost: 500, purchase_id: 'b1' }),
      {
        type: 'PurchasePaid',
        stream: 'purchase-t1.b1',
        data: {
          purchase_id: 'b1',
          number: 1,
          supplier_id: 's1',
          payment: { payment_id: 'bp2', method: 4, amount: 725 },
          date: '2026-11-12',
          paid: 1725,
          owed: 0,
        },
      },
      stock(5, -2, 5, 405, { invoice_id: 'i9' }),
      stock(6, 1, 6, 405, { invoice_id: 'i9' }),
      stock(3, -1, 5, 405),
      stock(2, -1, 4, 405),
    ]);
    const entries = await read.find('ledger_entries');
    for (const e of entries) expect(isBalanced(e.lines as LedgerLine[])).toBe(true);
    const purchase = (await read.get('ledger_entries', 'purchase:b1'))!;
    expect(signed(purchase.lines as LedgerLine[])).toEqual({
      [acc('inventory')]: 1500,
      [acc('purchases_paid_vat')]: 225,
      cash: -1000,
      [acc('suppliers')]: -725,
    });
    expect(purchase.vat).toEqual([{ box: 'purchases_standard', amount: 1500, adjustment: 0, vat: 225 }]);
    const moves = entries
      .filter((e) => e.source_kind === 'stock_movement')
      .map((e) => [e.invoice_id, signed(e.lines as LedgerLine[])]);
    expect(moves).toEqual([
      [null, { [acc('inventory')]: 1332, [acc('opening_balance_equity')]: -1332 }],
      // 7 × 4.05 = 28.35 against 13.32 + 15.00 = 28.32: the average's rounding, to stock adjustments
      [null, { [acc('inventory')]: 3, [acc('stock_adjustments')]: -3 }],
      ['i9', { [acc('inventory')]: -810, [acc('cost_of_goods_sold')]: 810 }],
      ['i9', { [acc('inventory')]: 405, [acc('cost_of_goods_sold')]: -405 }],
      [null, { [acc('inventory')]: -405, [acc('salon_material_expense')]: 405 }],
      [null, { [acc('inventory')]: -405, [acc('stock_adjustments')]: 405 }],
    ]);
    const days = await read.find('ledger_days');
    const total = (account: string) =>
      days
        .filter((d) => d.account === account)
        .reduce((s, d) => s + (d.debit as number) - (d.credit as number), 0);
    // 4 on the shelf at 4.05
    expect(total(acc('inventory'))).toBe(4 * 405);
    expect(await read.get('ledger_stock', 't1|p1')).toMatchObject({ quantity: 4, value: 4 * 405 });
    expect(total(acc('suppliers'))).toBe(0);
  });
});
