import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { openAccount } from '@rawnaq/command-api';
import {
  businessDate,
  creditLines,
  instantAt,
  PaymentMethod,
  priceBasket,
  type VatType,
  remainingAfterCredits,
  type CreditNoteIssued,
  type DebitNoteIssued,
  type InvoiceIssued,
  type InvoicePayment,
  type VatSubtotal,
} from '@rawnaq/contracts';
import { allProjections } from '@rawnaq/projections';
import { rebuildAndRead } from './testing/rebuild.test-support';
import { bearer, startTestApp, type TestApp } from './testing/test-app.test-support';

/**
 * Issue 24: for any sequence of sales, credit notes, debit notes, payments and settlements of what is
 * owed, over several business dates, payment methods and VAT categories, every money report equals what
 * the documents themselves add up to, and an invoice's notes never exceed it, in total or in VAT, on a
 * line or in all; the books balance and each of their accounts holds what the documents leave in it
 * (issue 25); what the salon owes its customers — gift cards sold and spent, wallets topped up and
 * spent, deposits taken, given back or counted on a visit's invoice, packages sold, used and expired —
 * ties, sub-ledger by sub-ledger as their own screens read them, to its account, what expired having
 * become income (breakage); and so again after the sales projections and the ledger are rebuilt.
 *
 * The level: the whole product over HTTP. The documents are made by the real command handlers (the
 * replies are the documents as issued); the reports are what the query API answers, assembled from
 * several projections (the day and month documents, the reports' day documents, the receivables, the
 * credit notes); each run is a salon of its own (a UAE salon, 5 % VAT, so notes need no report to the
 * tax authority first), its business days moved by moving the date the app reads.
 */

type Invoice = InvoiceIssued['data'] & { id: string };
type CreditNote = CreditNoteIssued['data'] & { id: string };
type DebitNote = DebitNoteIssued['data'] & { id: string };
/** a later payment of what an invoice or a debit note left owed, as its reply tells it */
type Settlement = {
  document: 'invoice' | 'debit_note';
  id: string;
  payment: InvoicePayment;
  business_date: string;
};

/** What a salon's menu sells here: one of each VAT category the till prices (doc1: VAT types). */
const MENU = [
  { kind: 'service', name: 'Cut', price: '100.00', vat_type: 1 },
  { kind: 'product', name: 'Pin', price: '0.10', vat_type: 1 },
  { kind: 'product', name: 'Oil', price: '33.33', vat_type: 4 },
  { kind: 'product', name: 'Comb', price: '12.35', vat_type: 3 },
] as const;
const METHODS = [PaymentMethod.cash, PaymentMethod.credit_card, PaymentMethod.transfer] as const;

const split = fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 3 });
const sale = fc.record({
  kind: fc.constant('sale' as const),
  lines: fc.array(fc.record({ item: fc.nat(MENU.length - 1), quantity: fc.integer({ min: 1, max: 3 }) }), {
    minLength: 1,
    maxLength: 3,
  }),
  customer: fc.boolean(),
  /** the percentage paid now, when the customer is known (the rest owed) */
  paidNow: fc.integer({ min: 0, max: 100 }),
  /** the percentage of the total paid by her gift card, and of the rest from her wallet, when she has them */
  card: fc.integer({ min: 0, max: 100 }),
  wallet: fc.integer({ min: 0, max: 100 }),
  split,
});
const op = fc.oneof(
  { weight: 4, arbitrary: sale },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('credit' as const),
      pick: fc.nat(),
      /** null: all that remains */
      lines: fc.option(
        fc.array(fc.record({ line: fc.nat(), quantity: fc.integer({ min: 1, max: 3 }) }), {
          minLength: 1,
          maxLength: 2,
        }),
        { nil: null },
      ),
      split,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('debit' as const),
      pick: fc.nat(),
      lines: fc.array(
        fc.record({ amount: fc.integer({ min: 1, max: 30_000 }), vat_type: fc.constantFrom(1, 2, 3, 4) }),
        { minLength: 1, maxLength: 2 },
      ),
      paidNow: fc.integer({ min: 0, max: 100 }),
      split,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      pick: fc.nat(),
      share: fc.integer({ min: 1, max: 100 }),
      method: fc.constantFrom(...METHODS),
    }),
  },
  {
    weight: 2,
    // stock bought from the supplier: two or three of the shelf's products, each once, part paid
    arbitrary: fc.record({
      kind: fc.constant('purchase' as const),
      products: fc.shuffledSubarray([1, 2, 3], { minLength: 2 }),
      quantities: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 3, maxLength: 3 }),
      costs: fc.array(fc.integer({ min: 1, max: 5_000 }), { minLength: 3, maxLength: 3 }),
      paidNow: fc.integer({ min: 0, max: 100 }),
      split,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('day' as const) }) },
  // what the salon owes its customers (issue 25's sub-ledgers): a gift card sold to the customer, her
  // wallet topped up, a deposit taken on a visit of today (given back at once, or counted on the visit's
  // invoice later), a package sold, one of its sessions used
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('gift_card' as const),
      value: fc.integer({ min: 1, max: 50_000 }),
      split,
      /** the percentage of a haircut paid by it at once, on a sale of its own (0: kept for later) */
      spend: fc.integer({ min: 0, max: 100 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('top_up' as const),
      amount: fc.integer({ min: 1, max: 50_000 }),
      method: fc.constantFrom(...METHODS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      amount: fc.integer({ min: 1, max: 10_500 }),
      method: fc.constantFrom(...METHODS),
      givenBack: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('visit' as const), pick: fc.nat(), split }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('package' as const), split }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('session' as const), pick: fc.nat(), split }) },
);
/**
 * A package of the menu's service: its price does not divide by its sessions, so their shares round; valid
 * two days, so a run's days outlive some of them (the sessions left, breakage)
 */
const PACKAGE = { price: 17_000, sessions: 3, validityDays: 2 };
/** what each product of the menu cost when it was put on the shelf (minor units) */
const FIRST_COST: Record<number, number> = { 1: 3, 2: 2111, 3: 777 };

/** the income accounts */
const INCOME = [
  'service_sales',
  'product_sales',
  'sales_discounts',
  'debit_notes',
  'sales_return',
  // what expired gift cards and packages had left (issue 25's breakage)
  'breakage',
];

type Figures = Record<string, number>;
type ByMethod = Record<string, number>;
const add = (into: Figures, key: string | number, n: number) => {
  if (n) into[String(key)] = (into[String(key)] ?? 0) + n;
};
/** a map of amounts by method without the zeros (a report may list a method that only refunded) */
const nonZero = (m: ByMethod | undefined) =>
  Object.fromEntries(Object.entries(m ?? {}).filter(([, v]) => v !== 0));
const money = (minor: number) => (minor / 100).toFixed(2);

/** `amount` in parts by these weights, each part a whole number of minor units, none of them 0. */
const parts = (amount: number, weights: number[]): number[] => {
  const whole = weights.reduce((s, w) => s + w, 0);
  const out = weights.map((w) => Math.floor((amount * w) / whole));
  out[0] += amount - out.reduce((s, p) => s + p, 0);
  return out;
};
const payments = (amount: number, weights: number[]) =>
  parts(amount, weights)
    .map((part, i) => ({ method: METHODS[i % METHODS.length], part }))
    .filter((p) => p.part > 0)
    .map((p) => ({
      method: p.method,
      amount: money(p.part),
      ...(p.method === PaymentMethod.credit_card && { authorization_code: `A${p.part}` }),
    }));

/** One salon's documents, as the command handlers issued them. */
type Run = {
  tenant: string;
  signIn: () => Promise<string>;
  cashier: string;
  invoices: Invoice[];
  credits: CreditNote[];
  debits: DebitNote[];
  settlements: Settlement[];
  /** stock bought: what each left owed, and the money paid for it by method */
  purchases: Array<{ owed: number; payments: InvoicePayment[]; date: string }>;
  /** money taken that is no sale (wallets topped up, deposits), and deposits given back */
  taken: Array<{ payment: InvoicePayment; date: string }>;
  givenBack: Array<{ payment: InvoicePayment; date: string }>;
  /** the visits booked to take a deposit on, and whether their invoice counted it */
  visits: Array<{ id: string; date: string; deposit: number; paid: boolean }>;
  /** the gift cards sold to the customer, and what is left on them */
  cards: Array<{ id: string; code: string; remaining: number }>;
  /** what her wallet holds */
  wallet: number;
  customer: string;
};

/** Everything a run's reports should say, added up from its documents alone. */
const expected = (run: Run) => {
  const day = () => ({
    sales: {} as Figures,
    by_method: {} as ByMethod,
    refunds_by_method: {} as ByMethod,
    received_by_method: {} as ByMethod,
    debit_payments_by_method: {} as ByMethod,
    methods: {} as Record<string, Figures>,
    cashier: {} as Figures,
  });
  const days = new Map<string, ReturnType<typeof day>>();
  const at = (date: string) => days.get(date) ?? days.set(date, day()).get(date)!;
  const vat = new Map<string, Figures>();
  const vatOf = (s: VatSubtotal) =>
    vat.get(`${s.category}|${s.rateBp}`) ??
    vat.set(`${s.category}|${s.rateBp}`, {}).get(`${s.category}|${s.rateBp}`)!;
  const took = (date: string, p: { method: number; amount: number }) => {
    const m = (at(date).methods[p.method] ??= {});
    add(m, 'payments', 1);
    add(m, 'paid', p.amount);
  };
  for (const i of run.invoices) {
    const d = at(i.business_date);
    for (const f of ['net', 'vat', 'total', 'paid', 'owed'] as const) add(d.sales, f, i[f]);
    add(d.sales, 'invoices', 1);
    for (const f of ['invoices', 'net', 'vat', 'total', 'paid', 'owed'])
      add(d.cashier, f, f === 'invoices' ? 1 : i[f as 'net']);
    for (const p of i.payments) {
      add(d.by_method, p.method, p.amount);
      took(i.business_date, p);
    }
    for (const s of i.subtotals) {
      add(vatOf(s), 'taxable', s.taxable);
      add(vatOf(s), 'vat', s.vat);
    }
  }
  for (const n of run.credits) {
    const d = at(n.business_date);
    add(d.sales, 'credit_notes', 1);
    add(d.sales, 'credited', n.total);
    add(d.cashier, 'credit_notes', 1);
    add(d.cashier, 'credited', n.total);
    for (const p of n.payments) {
      add(d.refunds_by_method, p.method, p.amount);
      add(d.cashier, 'refunded', p.amount);
      const m = (d.methods[p.method] ??= {});
      add(m, 'refunds', 1);
      add(m, 'refunded', p.amount);
    }
    for (const s of n.subtotals) {
      add(vatOf(s), 'credited_taxable', s.taxable);
      add(vatOf(s), 'credited_vat', s.vat);
    }
  }
  for (const n of run.debits) {
    const d = at(n.business_date);
    add(d.sales, 'debit_notes', 1);
    add(d.sales, 'debited', n.total);
    for (const p of n.payments) {
      add(d.debit_payments_by_method, p.method, p.amount);
      add(d.cashier, 'received', p.amount);
      took(n.business_date, p);
    }
    for (const s of n.subtotals) {
      add(vatOf(s), 'debited_taxable', s.taxable);
      add(vatOf(s), 'debited_vat', s.vat);
    }
  }
  // a wallet topped up and a deposit taken are money in, by method and for the cashier; a deposit
  // given back is a refund of its method
  for (const x of run.taken) {
    took(x.date, x.payment);
    add(at(x.date).cashier, 'received', x.payment.amount);
  }
  for (const x of run.givenBack) {
    const d = at(x.date);
    const m = (d.methods[x.payment.method] ??= {});
    add(m, 'refunds', 1);
    add(m, 'refunded', x.payment.amount);
    add(d.cashier, 'refunded', x.payment.amount);
  }
  for (const s of run.settlements) {
    const d = at(s.business_date);
    if (s.document === 'invoice') {
      add(d.sales, 'received', s.payment.amount);
      add(d.received_by_method, s.payment.method, s.payment.amount);
    } else add(d.debit_payments_by_method, s.payment.method, s.payment.amount);
    add(d.cashier, 'received', s.payment.amount);
    took(s.business_date, s.payment);
  }
  const owed = new Map<string, number>();
  for (const i of run.invoices) owed.set(i.id, i.owed);
  for (const n of run.debits) owed.set(n.id, n.owed);
  for (const s of run.settlements) owed.set(s.id, owed.get(s.id)! - s.payment.amount);
  return { days, vat, owed: new Map([...owed].filter(([, o]) => o > 0)) };
};

const methodRow = (f: Figures) => ({
  payments: f.payments ?? 0,
  paid: f.paid ?? 0,
  refunds: f.refunds ?? 0,
  refunded: f.refunded ?? 0,
  net: (f.paid ?? 0) - (f.refunded ?? 0),
});
const sumRows = (rows: Figures[]) => {
  const out: Figures = {};
  for (const r of rows) for (const [k, v] of Object.entries(r)) add(out, k, v);
  return methodRow(out);
};

describe('the money reports add up to the documents, for any day of sales (issue 24)', () => {
  let t: TestApp;
  const runs: Run[] = [];

  // the business days move with the date the whole app reads (commands, sign-ins, the salon's today):
  // only `Date` is faked, and it keeps running with the real time in between
  beforeAll(async () => {
    jest.useFakeTimers({
      now: Date.parse('2026-11-02T07:00:00.000Z'),
      advanceTimers: true,
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    t = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    jest.useRealTimers();
  });
  const nextDay = () => jest.setSystemTime(Date.now() + 24 * 3_600_000);
  /** what a new day expires, as the daily worker would (the gift cards and packages past their last day) */
  const expire = () => t.app.expiries.run(new Date());

  /** A salon of its own for each run: its owner, a menu of each VAT category, a customer, debts allowed. */
  const openSalon = async (n: number) => {
    const accountId = 100 + n;
    const owner = { userId: randomUUID(), username: 'owner', password: 'Money@12345' };
    const opened = await openAccount(
      t.platform.eventStore,
      {
        accountId,
        nameEn: `Money ${n}`,
        nameAr: `مال ${n}`,
        alias: `money${n}`,
        countryId: 2,
        vatPercentage: 5,
        owner: { ...owner, email: `owner${n}@money.example`, name: `Owner ${n}`, locale: 'en' },
        roleIds: { owner: randomUUID(), receptionist: randomUUID() },
      },
      new Date(),
    );
    if (opened)
      await t.app.runner.waitFor(
        allProjections.map((p) => p.name),
        opened,
        10_000,
      );
    const signIn = async () => {
      const res = await t.http
        .post('/api/merchant/login')
        .send({ accountId, username: owner.username, password: owner.password, force: true });
      if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.api_token as string;
    };
    let token = await signIn();
    const post = async (path: string, body: object) => {
      const res = await t.http.post(`/api/merchant/${path}`).set(bearer(token)).send(body);
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const group = (await post('service-groups', { name_en: 'Hair', name_ar: 'الشعر' })).id as string;
    const items: string[] = [];
    for (const item of MENU)
      items.push(
        item.kind === 'service'
          ? (
              await post('services', {
                name_en: item.name,
                name_ar: item.name,
                group_id: group,
                price: item.price,
                job_time: '30',
              })
            ).id
          : (
              await post('products', {
                name_en: item.name,
                name_ar: item.name,
                price: item.price,
                vat_type: item.vat_type,
                initial_quantity: 10_000,
                cost_price: money(FIRST_COST[items.length]),
                warning_level: 1,
              })
            ).id,
      );
    const customer = (await post('customers', { name: 'Mariam Ali', mobile: '+971501234567' })).id as string;
    const pkg = (
      await post('packages', {
        name_en: 'Three cuts',
        name_ar: 'ثلاث قصات',
        items: [{ service_id: items[0], sessions: PACKAGE.sessions }],
        price: money(PACKAGE.price),
        validity_days: PACKAGE.validityDays,
      })
    ).id as string;
    // the stylist of the visits deposits are taken on (the salon's hours, every service)
    const employee = (
      await post('employees', { name_en: 'Lina', name_ar: 'لينا', commission_percentage: '0' })
    ).id as string;
    const supplier = (await post('suppliers', { name: 'Shelf Supplies' })).id as string;
    const settings = await t.http.get('/api/merchant/settings/invoice').set(bearer(token));
    await t.http
      .put('/api/merchant/settings/invoice')
      .set(bearer(token))
      .send({ ...settings.body, allow_debt: true });
    return {
      tenant: String(accountId),
      signIn,
      cashier: owner.userId,
      items,
      customer,
      supplier,
      pkg,
      employee,
      post,
      token: () => token,
      nextDay: async () => {
        nextDay();
        await expire();
        token = await signIn();
      },
    };
  };

  const get = async (token: string, path: string, query: Record<string, string> = {}) => {
    const res = await t.http
      .get(`/api/merchant/${path}`)
      .query(query)
      .set({ ...bearer(token), 'X-Min-Position': String(await t.eventCount()) });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    // a report compared while its projection is behind says so, rather than as a wrong sum
    if (res.headers['x-stale'] === 'true') throw new Error(`${path}: the projections did not catch up`);
    return res.body;
  };

  /** Every report of the run against what its documents add up to. */
  const check = async (run: Run, token: string, withToday: boolean) => {
    const want = expected(run);
    const dates = [...want.days.keys()].sort();
    const from = dates[0];
    const to = dates.at(-1)!;
    // the daily and monthly general summaries: the day's and month's documents
    const daily = await get(token, 'reports/daily-general-summary', { from, to });
    for (const date of dates) {
      const d = want.days.get(date)!;
      const row = (daily.rows as Array<Record<string, unknown>>).find((r) => r.date === date);
      const figures = [
        'invoices',
        'net',
        'vat',
        'total',
        'paid',
        'owed',
        'credit_notes',
        'credited',
        'debit_notes',
        'debited',
        'received',
      ];
      expect({ date, ...Object.fromEntries(figures.map((f) => [f, row?.[f] ?? 0])) }).toEqual({
        date,
        ...Object.fromEntries(figures.map((f) => [f, d.sales[f] ?? 0])),
      });
      for (const m of [
        'by_method',
        'refunds_by_method',
        'received_by_method',
        'debit_payments_by_method',
      ] as const)
        expect({ date, [m]: nonZero(row?.[m] as ByMethod) }).toEqual({ date, [m]: d[m] });
    }
    const monthly = await get(token, 'reports/monthly-general-summary', {
      from: from.slice(0, 7),
      to: to.slice(0, 7),
    });
    expect(monthly.totals.total).toBe(daily.totals.total);
    expect(nonZero(monthly.totals.by_method)).toEqual(nonZero(daily.totals.by_method));

    // money by method, per day: the payments summaries, the payments details, the day's payments, the cashier's day
    const paymentsDaily = await get(token, 'reports/daily-payments-summary', { from, to });
    for (const date of dates) {
      const methods = want.days.get(date)!.methods;
      const rows = Object.values(methods);
      const row = (
        paymentsDaily.rows as Array<
          Figures & { date: string; by_method: ByMethod; refunds_by_method: ByMethod }
        >
      ).find((r) => r.date === date);
      if (!rows.length) {
        expect({ date, row }).toEqual({ date, row: undefined });
        continue;
      }
      const byMethod = Object.fromEntries(
        Object.entries(methods)
          .filter(([, f]) => f.paid)
          .map(([m, f]) => [m, f.paid]),
      );
      const refunds = Object.fromEntries(
        Object.entries(methods)
          .filter(([, f]) => f.refunded)
          .map(([m, f]) => [m, f.refunded]),
      );
      expect(row).toEqual({ date, ...sumRows(rows), by_method: byMethod, refunds_by_method: refunds });
      const details = await get(token, 'dashboard/payments-details', { from: date, to: date });
      expect(details.totals).toEqual(sumRows(rows));
      expect(
        Object.fromEntries(
          (details.rows as Array<Figures & { method: number }>).map(({ method, ...f }) => [
            method,
            methodRow(f),
          ]),
        ),
      ).toEqual(Object.fromEntries(Object.entries(methods).map(([m, f]) => [m, methodRow(f)])));
      const pos = await get(token, 'pos/daily-payments', { date });
      expect(pos.totals).toEqual(sumRows(rows));
      const listed = pos.payments as Array<{ amount: number }>;
      expect(listed.reduce((s, p) => s + p.amount, 0)).toBe(pos.totals.net);
      expect(listed).toHaveLength(pos.totals.payments + pos.totals.refunds);
      const cashier = await get(token, 'pos/current-cashier-employee', { date });
      const c = want.days.get(date)!.cashier;
      const fields = [
        'invoices',
        'net',
        'vat',
        'total',
        'paid',
        'owed',
        'credit_notes',
        'credited',
        'refunded',
        'received',
      ];
      expect(Object.fromEntries(fields.map((f) => [f, cashier.figures[f] ?? 0]))).toEqual(
        Object.fromEntries(fields.map((f) => [f, c[f] ?? 0])),
      );
      expect(nonZero(cashier.figures.by_method)).toEqual(byMethod);
      expect(nonZero(cashier.figures.refunds_by_method)).toEqual(refunds);
    }
    const monthlyPayments = await get(token, 'reports/monthly-payments-summary', {
      from: from.slice(0, 7),
      to: to.slice(0, 7),
    });
    expect(monthlyPayments.totals).toEqual(paymentsDaily.totals);

    // the VAT report: sales and debit notes, less credit notes, per category and rate
    const vatReport = await get(token, 'reports/vat-report', { from, to });
    const vatFields = [
      'taxable',
      'vat',
      'debited_taxable',
      'debited_vat',
      'credited_taxable',
      'credited_vat',
    ];
    expect(
      Object.fromEntries(
        (vatReport.rows as Array<Figures & { category: string; rate_bp: number }>).map((r) => [
          `${r.category}|${r.rate_bp}`,
          Object.fromEntries([...vatFields, 'net_taxable', 'net_vat'].map((f) => [f, r[f]])),
        ]),
      ),
    ).toEqual(
      Object.fromEntries(
        [...want.vat].map(([key, f]) => {
          const v = Object.fromEntries(vatFields.map((x) => [x, f[x] ?? 0]));
          return [
            key,
            {
              ...v,
              net_taxable: v.taxable + v.debited_taxable - v.credited_taxable,
              net_vat: v.vat + v.debited_vat - v.credited_vat,
            },
          ];
        }),
      ),
    );

    // the credit notes' report
    const creditReport = await get(token, 'reports/credit-notes', { from, to });
    expect(creditReport.totals).toEqual({
      credit_notes: run.credits.length,
      net: run.credits.reduce((s, n) => s + n.net, 0),
      vat: run.credits.reduce((s, n) => s + n.vat, 0),
      total: run.credits.reduce((s, n) => s + n.total, 0),
      refunded: run.credits.reduce((s, n) => s + n.payments.reduce((x, p) => x + p.amount, 0), 0),
    });

    // the debit notes' report: what they charged, what is paid and still owed of them now
    const debitReport = await get(token, 'reports/debit-notes', { from, to });
    const owedNow = (n: DebitNote) =>
      n.owed - run.settlements.filter((x) => x.id === n.id).reduce((o, x) => o + x.payment.amount, 0);
    expect(debitReport.totals).toEqual({
      debit_notes: run.debits.length,
      net: run.debits.reduce((s, n) => s + n.net, 0),
      vat: run.debits.reduce((s, n) => s + n.vat, 0),
      total: run.debits.reduce((s, n) => s + n.total, 0),
      paid: run.debits.reduce((s, n) => s + n.total - owedNow(n), 0),
      owed: run.debits.reduce((s, n) => s + owedNow(n), 0),
    });

    // the receivables: every invoice and debit note with something owed, and how much
    const receivables = await get(token, 'receivables', {
      filter: JSON.stringify({ owed: true }),
      range: '[0,999]',
    });
    expect(
      Object.fromEntries((receivables as Array<{ id: string; owed: number }>).map((r) => [r.id, r.owed])),
    ).toEqual(Object.fromEntries(want.owed));

    // the books (issue 25): balanced, and each account what the documents leave in it, as of the last
    // day anything happened (a purchase may come on a day without sales, after the last of them)
    // (and after what the days expired since: the salon's today)
    const booksAsOf = [to, ...run.purchases.map((b) => b.date), businessDate(new Date(), 'Asia/Dubai')]
      .sort()
      .at(-1)!;
    const trial = await get(token, 'advanced-accounting/trial-balance', { as_of: booksAsOf });
    expect(trial.totals.difference).toBe(0);
    const sheet = await get(token, 'advanced-accounting/balance-sheet', { as_of: booksAsOf });
    expect(sheet.totals.difference).toBe(0);
    const chart = (await get(token, 'advanced-accounting/chart-of-accounts', {
      filter: JSON.stringify({ as_of: booksAsOf }),
      range: '[0,999]',
    })) as Array<{ key?: string; balance: number }>;
    const balance = (key: string) => chart.find((a) => a.key === key)?.balance ?? 0;
    const byMethod: Figures = {};
    for (const i of run.invoices) for (const p of i.payments) add(byMethod, p.method, p.amount);
    for (const n of run.debits) for (const p of n.payments) add(byMethod, p.method, p.amount);
    for (const x of run.settlements) add(byMethod, x.payment.method, x.payment.amount);
    for (const n of run.credits) for (const p of n.payments) add(byMethod, p.method, -p.amount);
    for (const b of run.purchases) for (const p of b.payments) add(byMethod, p.method, -p.amount);
    for (const x of run.taken) add(byMethod, x.payment.method, x.payment.amount);
    for (const x of run.givenBack) add(byMethod, x.payment.method, -x.payment.amount);
    const methodKeys: Record<number, string> = { 1: 'cash', 2: 'credit_card', 4: 'transfer' };
    const income = INCOME.reduce((s, key) => s + balance(key), 0);
    expect({
      owed: balance('unpaid_invoices'),
      vat: balance('vat_sales') + balance('vat_debit_notes') + balance('vat_credit_note'),
      // what is sold now and served later (gift cards, packages) is owed to the customer until it is
      // served: income once spent or used; a gift card spent on a sale paid part of it
      income: income + balance('active_gift_cards') + balance('unused_offer_services'),
      ...Object.fromEntries(METHODS.map((m) => [methodKeys[m], balance(methodKeys[m])])),
    }).toEqual({
      owed: [...want.owed.values()].reduce((a, b) => a + b, 0),
      vat:
        run.invoices.reduce((a, i) => a + i.vat, 0) +
        run.debits.reduce((a, n) => a + n.vat, 0) -
        run.credits.reduce((a, n) => a + n.vat, 0),
      income:
        run.invoices.reduce((a, i) => a + i.net - (i.redeemed ?? 0), 0) +
        run.debits.reduce((a, n) => a + n.net, 0) -
        run.credits.reduce((a, n) => a + n.net, 0),
      ...Object.fromEntries(METHODS.map((m) => [methodKeys[m], byMethod[m] ?? 0])),
    });
    // what the salon owes its customers, each sub-ledger as its own screen reads it, tied to its account:
    // the gift cards still to spend, her wallet, the deposits not yet counted nor given back, what is left
    // of her packages
    const cards = (await get(token, 'gift-cards', {
      filter: JSON.stringify({ status: 'active' }),
      range: '[0,999]',
    })) as Array<{ remaining: number }>;
    const wallet = (await get(token, `customers/${run.customer}/wallet`)).balance as number;
    let deposits = 0;
    for (const v of run.visits)
      for (const d of (await get(token, `appointments/${v.id}/deposits`)) as Array<{
        status: string;
        amount: number;
      }>)
        if (d.status === 'active') deposits += d.amount;
    const offers = (await get(token, `customers/${run.customer}/offers`)).offers as Array<{
      status: string;
      value_left: number;
      breakage?: number;
    }>;
    // what the packages past their last day had left is income, each once (the days' expiries)
    expect(balance('breakage')).toBe(offers.reduce((s, x) => s + (x.breakage ?? 0), 0));
    expect(offers.filter((x) => x.status === 'expired' && x.breakage === undefined)).toEqual([]);
    const subLedgers = {
      gift_cards: cards.reduce((s, c) => s + c.remaining, 0),
      wallets: wallet,
      deposits,
      offers: offers.filter((x) => x.status === 'active').reduce((s, x) => s + x.value_left, 0),
    };
    expect(subLedgers).toEqual({
      gift_cards: balance('active_gift_cards'),
      wallets: balance('customer_wallets'),
      deposits: balance('advance_payments'),
      offers: balance('unused_offer_services'),
    });
    // and each as the run itself kept it
    expect(subLedgers).toMatchObject({
      gift_cards: run.cards.reduce((s, c) => s + c.remaining, 0),
      wallets: run.wallet,
      deposits: run.visits.reduce((s, v) => s + v.deposit, 0),
    });
    // the sub-ledgers tie to their control accounts: the stock on hand at its average cost is the
    // inventory, what the purchases left owed is the payables
    const shelf = (await get(token, 'products', { range: '[0,99]' })) as Array<{
      quantity: number;
      average_cost: string;
    }>;
    expect(balance('inventory')).toBe(
      shelf.reduce((s, p) => s + p.quantity * Math.round(Number(p.average_cost) * 100), 0),
    );
    expect(balance('suppliers')).toBe(run.purchases.reduce((s, b) => s + b.owed, 0));
    const pl = await get(token, 'advanced-accounting/profit-and-loss', { from, to: booksAsOf });
    expect(pl.totals.income).toBe(income);

    // the VAT return: each box what the documents of the period put in it, its output VAT the
    // documents' VAT, and the return tied to the books' VAT accounts
    const vatReturn = await get(token, 'advanced-accounting/vat-return', { from, to });
    const boxes = { S: 'sales_standard', Z: 'sales_zero', E: 'sales_exempt' } as Record<string, string>;
    const wantBoxes: Record<string, { amount: number; adjustment: number; vat: number }> = {
      sales_standard: { amount: 0, adjustment: 0, vat: 0 },
      sales_zero: { amount: 0, adjustment: 0, vat: 0 },
      sales_exempt: { amount: 0, adjustment: 0, vat: 0 },
    };
    for (const [key, f] of want.vat) {
      const box = boxes[key.split('|')[0]];
      if (!box) continue;
      wantBoxes[box].amount += f.taxable ?? 0;
      wantBoxes[box].adjustment += (f.debited_taxable ?? 0) - (f.credited_taxable ?? 0);
      wantBoxes[box].vat += (f.vat ?? 0) + (f.debited_vat ?? 0) - (f.credited_vat ?? 0);
    }
    expect(
      Object.fromEntries(
        (vatReturn.boxes as Array<{ key: string; amount: number; adjustment: number; vat: number }>)
          .filter((b) => b.key in wantBoxes)
          .map((b) => [b.key, { amount: b.amount, adjustment: b.adjustment, vat: b.vat }]),
      ),
    ).toEqual(wantBoxes);
    expect(vatReturn.sales.vat).toBe(
      run.invoices.reduce((a, i) => a + i.vat, 0) +
        run.debits.reduce((a, n) => a + n.vat, 0) -
        run.credits.reduce((a, n) => a + n.vat, 0),
    );
    expect(vatReturn.books).toMatchObject({ output_vat: vatReturn.sales.vat, ties: true });

    // the dashboard: today's sales and money by method
    if (withToday) {
      const dashboard = await get(token, 'dashboard');
      const today = dashboard.today as string;
      const d = want.days.get(today);
      expect(dashboard.sales.today.total).toBe(d?.sales.total ?? 0);
      expect(dashboard.sales.today.credited).toBe(d?.sales.credited ?? 0);
      expect(nonZero(dashboard.sales.today.by_method)).toEqual(d?.by_method ?? {});
      expect(dashboard.payments.today.totals).toEqual(sumRows(Object.values(d?.methods ?? {})));
      const month = dates.filter((x) => x.slice(0, 7) === today.slice(0, 7));
      expect(dashboard.payments.month.totals).toEqual(
        sumRows(month.flatMap((x) => Object.values(want.days.get(x)!.methods))),
      );
    }
  };

  /** An invoice's notes never exceed it: in total and in VAT, on any line or overall. */
  const notesWithin = (run: Run) => {
    for (const i of run.invoices) {
      const notes = run.credits.filter((n) => n.invoice_id === i.id);
      const total = (f: (n: CreditNote) => number) => notes.reduce((s, n) => s + f(n), 0);
      expect({
        invoice: i.number,
        over: total((n) => n.total) > i.total || total((n) => n.vat) > i.vat,
      }).toEqual({
        invoice: i.number,
        over: false,
      });
      for (const l of i.lines) {
        const credited = notes.flatMap((n) => n.lines.filter((x) => x.line_id === l.line_id));
        expect(credited.reduce((s, x) => s + x.net, 0)).toBeLessThanOrEqual(l.net);
        expect(credited.reduce((s, x) => s + x.vat, 0)).toBeLessThanOrEqual(l.vat);
      }
    }
  };

  it('for any sequence of the day, every report equals what its documents add up to, and again after a rebuild', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(sale, fc.array(op, { minLength: 4, maxLength: 16 }), async (first, rest) => {
        const ops = [first, ...rest];
        n += 1;
        // each run starts on a day of its own
        for (let i = 0; i < 3; i += 1) nextDay();
        await expire();
        const salon = await openSalon(n);
        const run: Run = {
          tenant: salon.tenant,
          signIn: salon.signIn,
          cashier: salon.cashier,
          invoices: [],
          credits: [],
          debits: [],
          settlements: [],
          purchases: [],
          taken: [],
          givenBack: [],
          visits: [],
          cards: [],
          wallet: 0,
          customer: salon.customer,
        };
        const owedNow = new Map<string, number>();
        // the salon's today (a UAE salon), as the date the app reads moves
        const today = () => businessDate(new Date(), 'Asia/Dubai');
        /** what these lines of the menu cost, one each, with their VAT */
        const priced = (items: number[]) =>
          priceBasket(
            items.map((i) => ({
              unitPrice: Math.round(Number(MENU[i].price) * 100),
              quantity: 1,
              vatType: MENU[i].vat_type,
            })),
            { vatEnabled: true, vatRateBp: 500 },
          ).total;
        /** an invoice issued, kept with its date (the reply leaves it out: the invoice as issued gives it) */
        const sell = async (body: object) => {
          const invoice = (await salon.post('invoices', body)) as Invoice;
          invoice.business_date = (await get(salon.token(), `invoices/${invoice.id}`)).business_date;
          run.invoices.push(invoice);
          owedNow.set(invoice.id, invoice.owed);
          return invoice;
        };
        const sellPackage = (weights: number[]) =>
          sell({
            customer_id: salon.customer,
            lines: [{ kind: 'package', item_id: salon.pkg }],
            payments: payments(
              priceBasket([{ unitPrice: PACKAGE.price, quantity: 1, vatType: 1 }], {
                vatEnabled: true,
                vatRateBp: 500,
              }).total,
              weights,
            ),
          });
        let moves = 0;
        for (const o of ops) {
          if (o.kind === 'day') {
            if (moves++ < 2) await salon.nextDay();
          } else if (o.kind === 'sale') {
            const lines = o.lines.map((l) => ({
              item: MENU[l.item],
              id: salon.items[l.item],
              quantity: MENU[l.item].kind === 'service' ? 1 : l.quantity,
            }));
            // priced as the till prices it before it is sent (its preview), then paid, all or part
            const { total } = priceBasket(
              lines.map((l) => ({
                unitPrice: Math.round(Number(l.item.price) * 100),
                quantity: l.quantity,
                vatType: l.item.vat_type,
              })),
              { vatEnabled: true, vatRateBp: 500 },
            );
            // the customer spends part of a gift card of hers, then of her wallet, then pays or owes
            const card = o.customer ? run.cards.find((c) => c.remaining > 0) : undefined;
            const redeemed = card ? Math.min(card.remaining, Math.floor((total * o.card) / 100)) : 0;
            const fromWallet = o.customer
              ? Math.min(run.wallet, Math.floor(((total - redeemed) * o.wallet) / 100))
              : 0;
            const left = total - redeemed - fromWallet;
            const paidNow = o.customer ? Math.floor((left * o.paidNow) / 100) : total;
            const invoice = await sell({
              ...(o.customer && { customer_id: salon.customer }),
              lines: lines.map((l) => ({ kind: l.item.kind, item_id: l.id, quantity: l.quantity })),
              ...(card && redeemed > 0 && { gift_cards: [{ code: card.code, amount: money(redeemed) }] }),
              payments: [
                ...payments(paidNow, o.split),
                ...(fromWallet > 0 ? [{ method: PaymentMethod.wallet, amount: money(fromWallet) }] : []),
              ],
            });
            expect(invoice).toMatchObject({ total, owed: left - paidNow });
            if (card) card.remaining -= redeemed;
            run.wallet -= fromWallet;
          } else if (o.kind === 'gift_card') {
            // a card for the customer herself, paid in full; her later sales may spend it
            const invoice = await sell({
              customer_id: salon.customer,
              lines: [{ kind: 'gift_card', price: money(o.value), beneficiary_id: salon.customer }],
              payments: payments(o.value, o.split),
            });
            const card = await get(salon.token(), `gift-cards/${invoice.lines[0].item_id}`);
            expect(card).toMatchObject({ value: o.value, remaining: o.value, customer_id: salon.customer });
            run.cards.push({ id: card.id, code: card.code, remaining: o.value });
            const spent = Math.min(o.value, Math.floor((priced([0]) * o.spend) / 100));
            if (spent > 0) {
              const paid = await sell({
                customer_id: salon.customer,
                lines: [{ kind: 'service', item_id: salon.items[0] }],
                gift_cards: [{ code: card.code, amount: money(spent) }],
                payments: payments(priced([0]) - spent, o.split),
              });
              expect(paid).toMatchObject({ redeemed: spent, owed: 0 });
              run.cards.at(-1)!.remaining -= spent;
            }
          } else if (o.kind === 'top_up') {
            const topped = await salon.post(`customers/${salon.customer}/wallet/top-ups`, {
              method: o.method,
              amount: money(o.amount),
              ...(o.method === PaymentMethod.credit_card && { authorization_code: 'W1' }),
            });
            run.wallet += o.amount;
            expect(topped).toMatchObject({ amount: o.amount, balance: run.wallet });
            run.taken.push({ payment: topped.payment, date: today() });
          } else if (o.kind === 'deposit') {
            // a visit later today (the first free half hour of the evening), a deposit taken on it
            const date = today();
            let visit: string | undefined;
            for (let slot = 0; slot < 8 && !visit; slot += 1) {
              const res = await t.http
                .post('/api/merchant/appointments')
                .set(bearer(salon.token()))
                .send({
                  customer_id: salon.customer,
                  lines: [
                    {
                      service_id: salon.items[0],
                      employee_id: salon.employee,
                      start: instantAt(
                        date as never,
                        `${17 + Math.floor(slot / 2)}:${slot % 2 ? '30' : '00'}:00`,
                        'Asia/Dubai',
                      ),
                    },
                  ],
                });
              if (res.status === 201) visit = res.body.id as string;
            }
            if (!visit) continue;
            const taken = await salon.post(`appointments/${visit}/deposits`, {
              method: o.method,
              amount: money(o.amount),
              ...(o.method === PaymentMethod.credit_card && { authorization_code: 'D1' }),
            });
            run.taken.push({ payment: taken.payment, date });
            if (o.givenBack) {
              const back = await t.http
                .post(`/api/merchant/appointments/${visit}/deposits/${taken.deposit_id}/cancel`)
                .set(bearer(salon.token()))
                .send({ reason: 'Customer asked' });
              expect(back.status).toBe(200);
              run.givenBack.push({ payment: taken.payment, date });
            }
            run.visits.push({ id: visit, date, deposit: o.givenBack ? 0 : o.amount, paid: false });
          } else if (o.kind === 'visit') {
            // a visit of today checked in and paid: its invoice counts its deposit, the rest paid now
            const due = run.visits.filter((v) => !v.paid && v.date === today());
            if (!due.length) continue;
            const visit = due[o.pick % due.length];
            const checkIn = await t.http
              .post(`/api/merchant/appointments/${visit.id}/check-in`)
              .set(bearer(salon.token()));
            expect(checkIn.status).toBe(200);
            const invoice = await sell({
              appointment_id: visit.id,
              lines: [{ kind: 'service', item_id: salon.items[0] }],
              payments: payments(priced([0]) - visit.deposit, o.split),
            });
            expect(invoice).toMatchObject({ deposited: visit.deposit, owed: 0 });
            visit.paid = true;
            visit.deposit = 0;
          } else if (o.kind === 'package') {
            await sellPackage(o.split);
          } else if (o.kind === 'session') {
            // a session of a package of hers still usable (one bought first when she has none), and a
            // product bought with it
            const usableOnes = async () =>
              (
                (await get(salon.token(), `customers/${salon.customer}/offers`)).offers as Array<{
                  id: string;
                  status: string;
                  sessions_left: number;
                }>
              ).filter((x) => x.status === 'active' && x.sessions_left > 0);
            let usable = await usableOnes();
            if (!usable.length) {
              await sellPackage(o.split);
              usable = await usableOnes();
            }
            const offer = usable[o.pick % usable.length];
            const invoice = await sell({
              customer_id: salon.customer,
              lines: [
                { kind: 'service', item_id: salon.items[0], customer_offer_id: offer.id },
                { kind: 'product', item_id: salon.items[2], quantity: 1 },
              ],
              payments: payments(priced([2]), o.split),
            });
            expect(invoice.lines[0]).toMatchObject({ net: 0, total: 0 });
          } else if (o.kind === 'credit') {
            // a paid invoice with something left to credit
            const open = run.invoices.filter((i) => {
              if (owedNow.get(i.id)! > 0) return false;
              // a gift card's or a package's sale is given back by its own rules (gift-cards, customer-offers)
              if (i.lines.some((l) => l.kind === 'gift_card' || l.kind === 'package')) return false;
              const left = remainingAfterCredits(
                i,
                run.credits.filter((c) => c.invoice_id === i.id),
              );
              return Object.values(left.lines).some((l) => l.quantity > 0);
            });
            if (!open.length) continue;
            const invoice = open[o.pick % open.length];
            const remaining = remainingAfterCredits(
              invoice,
              run.credits.filter((c) => c.invoice_id === invoice.id),
            );
            const wanted = o.lines
              ? [
                  ...new Map(
                    o.lines
                      .map((w) => ({
                        line: invoice.lines[w.line % invoice.lines.length],
                        quantity: w.quantity,
                      }))
                      .filter((w) => remaining.lines[w.line.line_id].quantity > 0)
                      .map((w) => [
                        w.line.line_id,
                        Math.min(w.quantity, remaining.lines[w.line.line_id].quantity),
                      ]),
                  ),
                ].map(([line_id, quantity]) => ({ line_id, quantity }))
              : undefined;
            if (wanted && !wanted.length) continue;
            // the note's amount as the credit-note form previews it, refunded by the methods drawn
            const preview = creditLines(invoice, remaining, wanted);
            const note = (await salon.post(`invoices/${invoice.id}/credit-notes`, {
              reason: 'Returned',
              ...(wanted && { lines: wanted }),
              payments: payments(preview.total, o.split),
            })) as CreditNote;
            run.credits.push(note);
          } else if (o.kind === 'purchase') {
            const items = o.products.map((i) => ({
              product_id: salon.items[i],
              quantity: o.quantities[i - 1],
              unit_cost: money(o.costs[i - 1]),
            }));
            // no VAT: the supplier has no VAT number
            const total = o.products.reduce((s, i) => s + o.quantities[i - 1] * o.costs[i - 1], 0);
            // the salon's today (a UAE salon), as the date the app reads moves
            const date = businessDate(new Date(), 'Asia/Dubai');
            const bought = (await salon.post('purchases', {
              supplier_id: salon.supplier,
              date,
              items,
              payments: payments(Math.floor((total * o.paidNow) / 100), o.split),
            })) as { total: number; owed: number; payments: InvoicePayment[] };
            expect(bought.total).toBe(total);
            run.purchases.push({ owed: bought.owed, payments: bought.payments, date });
          } else if (o.kind === 'debit') {
            if (!run.invoices.length) continue;
            const invoice = run.invoices[o.pick % run.invoices.length];
            const { total } = priceBasket(
              o.lines.map((l) => ({ unitPrice: l.amount, quantity: 1, vatType: l.vat_type as VatType })),
              { vatEnabled: true, vatRateBp: 500 },
            );
            const note = (await salon.post(`invoices/${invoice.id}/debit-notes`, {
              reason: 'Extra',
              lines: o.lines.map((l, i) => ({
                description: `Extra ${i + 1}`,
                amount: money(l.amount),
                vat_type: l.vat_type,
              })),
              payments: payments(Math.floor((total * o.paidNow) / 100), o.split),
            })) as DebitNote;
            run.debits.push(note);
            owedNow.set(note.id, note.owed);
          } else {
            // what an invoice or a debit note left owed, paid now (all or part)
            const owing = [...owedNow].filter(([, owed]) => owed > 0);
            if (!owing.length) continue;
            const [id, owed] = owing[o.pick % owing.length];
            const debit = run.debits.some((d) => d.id === id);
            const amount = Math.max(1, Math.floor((owed * o.share) / 100));
            const paid = (await salon.post(`${debit ? 'debit-notes' : 'invoices'}/${id}/payments`, {
              method: o.method,
              amount: money(amount),
              ...(o.method === PaymentMethod.credit_card && { authorization_code: 'S1' }),
            })) as { payment: InvoicePayment; business_date: string; owed: number };
            run.settlements.push({
              document: debit ? 'debit_note' : 'invoice',
              id,
              payment: paid.payment,
              business_date: paid.business_date,
            });
            owedNow.set(id, paid.owed);
          }
        }
        notesWithin(run);
        runs.push(run);
        await check(run, salon.token(), true);
      }),
      { numRuns: 12 },
    );

    // rebuilt from the first event, blue-green, as `npm run projections:rebuild` does: the same reports
    await rebuildAndRead(t, [
      ['sales', 'sales_days'],
      ['sales-reports', 'sales_report_days'],
      ['ledger', 'ledger_days'],
    ]);
    for (const run of runs) await check(run, await run.signIn(), false);
  }, 600_000);
});
