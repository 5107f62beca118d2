import {
  accountCode,
  addDays,
  businessDate,
  epochOf,
  instantAt,
  PaymentMethod,
  priceBasket,
  VatType,
  weekdayOf,
  type TenantTimeZone,
} from '@rawnaq/contracts';
import type { AuthContext } from '@rawnaq/platform';
import { ChangeBundles } from '../catalog/offer.commands';
import { DefineDiscountCode } from '../sales/discount-codes.commands';
import { HoldInvoice } from '../sales/held-invoices.commands';
import { IssueInvoice } from '../sales/invoices.commands';
import { TopUpWallet } from '../sales/wallet.commands';
import { ChangeChartOfAccounts } from '../accounting/chart.commands';
import { PostGeneralJournal } from '../accounting/journals.commands';
import {
  ChangeExpenseTypes,
  ChangeSuppliers,
  PayExpense,
  RecordExpense,
} from '../accounting/expenses.commands';
import { ChangeExpectedExpenses } from '../accounting/expected-expenses.commands';
import { PayPayroll, RecordPayroll } from '../accounting/payroll.commands';
import { PayPurchase, RecordPurchase } from '../accounting/purchases.commands';
import { ChangeSettings } from '../settings/settings.commands';
import type { CommandContext } from '../shared/command-context';
import type { DemoCheckedIn } from './demo-appointments';

type Line = { kind: 'service' | 'product'; item: string; stylist?: number };
type Pay = 'cash' | 'card' | 'split' | 'mada' | 'transfer';

/** A day's sales pattern, repeated over three weeks with the day's number turning the wheel. */
const BASKETS: Array<{ time: string; customer?: number; lines: Line[]; pay: Pay; discount?: string }> = [
  {
    time: '11:30',
    customer: 0,
    lines: [
      { kind: 'service', item: 'Haircut', stylist: 0 },
      { kind: 'service', item: 'Blow dry', stylist: 0 },
    ],
    pay: 'cash',
  },
  { time: '13:00', customer: 1, lines: [{ kind: 'service', item: 'Manicure', stylist: 1 }], pay: 'card' },
  {
    time: '15:30',
    customer: 2,
    lines: [
      { kind: 'service', item: 'Hair colour', stylist: 0 },
      { kind: 'product', item: 'Keratin shampoo' },
    ],
    pay: 'split',
    discount: '20.00',
  },
  { time: '17:00', lines: [{ kind: 'product', item: 'Hair serum' }], pay: 'mada' },
  {
    time: '19:00',
    customer: 4,
    lines: [
      { kind: 'service', item: 'Facial', stylist: 1 },
      { kind: 'service', item: 'Pedicure', stylist: 1 },
    ],
    pay: 'transfer',
  },
];

/** The demo's business customer: a hotel whose guests' treatments the salon bills to the hotel. */
export const DEMO_BUYER = {
  name: 'فندق نخبة الرياض',
  vat_number: '310175397400003',
  street: 'Olaya Street',
  building_number: '7321',
  district: 'Al Olaya',
  city: 'Riyadh',
  postal_code: '12213',
};

const PRODUCT_PRICES: Record<string, number> = { 'Keratin shampoo': 5500, 'Hair serum': 8500 };

/**
 * Three weeks of the till for the demo salon, issued through the same command as the desk uses on
 * the clock of each sale's moment: cash, card (with its authorization code), a split payment, a
 * transfer, products off the shelf, an invoice discount, and the checked-in visits of the demo week
 * paid at checkout, so the invoices, payments and the daily and monthly summaries have something to
 * show on first start. Numbers follow the sales' order, as a till's do.
 */
export const seedDemoSales = async (
  execute: (command: object) => Promise<unknown>,
  ownerCtx: CommandContext,
  owner: AuthContext,
  timeZone: TenantTimeZone,
  ids: {
    customers: string[];
    services: Record<string, { id: string; price: number }>;
    products: Record<string, string>;
    stylists: string[];
    checkedIn: DemoCheckedIn[];
    /** the invoice settings the demo saved (a debt is allowed for a moment, then not again) */
    invoiceSettings: Record<string, unknown>;
  },
) => {
  const today = businessDate(ownerCtx.now, timeZone);
  type Sale = {
    at: number;
    key: string;
    body: object | (() => object);
    command?: 'invoice' | 'top-up' | 'code' | 'package' | 'offer' | 'on-account';
  };
  const sales: Sale[] = [];
  // what the customer pays: priced by the same rules as the till (15 % at document level)
  const totalOf = (nets: number[], discount = 0) =>
    priceBasket(
      nets.map((unitPrice) => ({ unitPrice, quantity: 1, vatType: VatType.standard })),
      { vatEnabled: true, vatRateBp: 1500 },
      discount,
    ).total;
  const payments = (total: number, pay: Pay, n: number) => {
    const amount = (minor: number) => (minor / 100).toFixed(2);
    const code = `DEMO${String(100000 + n).slice(1)}`;
    switch (pay) {
      case 'cash':
        return [{ method: PaymentMethod.cash, amount: amount(total) }];
      case 'card':
        return [{ method: PaymentMethod.credit_card, amount: amount(total), authorization_code: code }];
      case 'mada':
        return [{ method: PaymentMethod.debit_card, amount: amount(total), authorization_code: code }];
      case 'transfer':
        return [{ method: PaymentMethod.transfer, amount: amount(total) }];
      case 'split': {
        const cash = Math.floor(total / 2 / 100) * 100;
        return [
          { method: PaymentMethod.cash, amount: amount(cash) },
          { method: PaymentMethod.debit_card, amount: amount(total - cash), authorization_code: code },
        ];
      }
    }
  };
  for (let day = 21; day >= 1; day--) {
    const date = addDays(today, -day);
    if (weekdayOf(date) === 5) continue; // closed on Fridays
    // three to five sales a day, the wheel turning with the date
    const count = 3 + (day % 3);
    for (let k = 0; k < count; k++) {
      const basket = BASKETS[(day + k) % BASKETS.length];
      // products sell on some days only, so the shelf is not emptied
      const lines = basket.lines.filter((l) => l.kind === 'service' || day % 4 === 0);
      if (!lines.length) continue;
      const total = totalOf(
        lines.map((l) => (l.kind === 'service' ? ids.services[l.item].price : PRODUCT_PRICES[l.item])),
        basket.discount ? Math.round(Number(basket.discount) * 100) : 0,
      );
      const n = sales.length;
      sales.push({
        at: epochOf(instantAt(date, `${basket.time}:00`, timeZone)),
        key: `demo-sale-${day}-${k}`,
        body: {
          ...(basket.customer !== undefined && { customer_id: ids.customers[basket.customer] }),
          lines: lines.map((l) => ({
            kind: l.kind,
            item_id: l.kind === 'service' ? ids.services[l.item].id : ids.products[l.item],
            ...(l.stylist !== undefined && { employee_id: ids.stylists[l.stylist] }),
          })),
          ...(basket.discount && { discount: basket.discount }),
          payments: payments(total, basket.pay, n),
        },
      });
    }
  }
  // the demo week's checked-in visits that are over, paid at checkout
  for (const [i, visit] of ids.checkedIn.entries()) {
    if (visit.end > ownerCtx.now.getTime()) continue;
    sales.push({
      at: visit.end + 5 * 60_000,
      key: `demo-checkout-${i}`,
      body: {
        appointment_id: visit.id,
        lines: visit.lines.map((l) => ({
          kind: 'service',
          item_id: ids.services[l.service].id,
          employee_id: l.stylist,
        })),
        payments: payments(
          totalOf(visit.lines.map((l) => ids.services[l.service].price)),
          i % 2 ? 'card' : 'cash',
          900 + i,
        ),
      },
    });
  }
  // what customers pay with besides money: a wallet topped up and spent, a gift card bought for a
  // friend and spent in part, a welcome discount code used once
  const at = (daysAgo: number, time: string) =>
    epochOf(instantAt(addDays(today, -daysAgo), `${time}:00`, timeZone));
  const [amal, second, third, fourth] = ids.customers;
  const price = (service: string) => ids.services[service].price;
  const money = (minor: number) => (minor / 100).toFixed(2);
  // the codes of the gift cards sold, by the sale's key (spent on later sales)
  const giftCodes: Record<string, string> = {};
  /** a gift card bought by one customer for another, paid in full */
  const giftCardSale = (
    key: string,
    when: number,
    buyer: string,
    beneficiary: string,
    amount: string,
    message: string,
    payment: { method: number; authorization_code?: string },
  ): Sale => ({
    at: when,
    key,
    body: {
      customer_id: buyer,
      lines: [{ kind: 'gift_card', price: amount, beneficiary_id: beneficiary, message }],
      payments: [{ ...payment, amount }],
    },
  });
  let hairPackage = '';
  let bought = '';
  sales.push(
    {
      at: at(20, '09:30'),
      key: 'demo-code-welcome',
      command: 'code',
      body: {
        code: 'WELCOME15',
        name: 'Welcome offer',
        category: 2,
        kind: 'percent',
        value: '15',
        valid_from: addDays(today, -20),
        valid_to: addDays(today, 60),
      },
    },
    {
      at: at(15, '10:15'),
      key: 'demo-wallet-top-up',
      command: 'top-up',
      body: {
        customer: amal,
        method: PaymentMethod.cash,
        amount: '200.00',
        notes: 'Paid ahead for the month',
      },
    },
    giftCardSale('demo-gift-card-sale', at(13, '12:10'), fourth, second, '300.00', 'Happy birthday!', {
      method: PaymentMethod.credit_card,
      authorization_code: 'DEMO09101',
    }),
    {
      at: at(9, '13:40'),
      key: 'demo-gift-card-spent',
      body: () => {
        const total = totalOf([price('Manicure')]);
        const fromCard = Math.min(total, 10000);
        return {
          customer_id: second,
          lines: [{ kind: 'service', item_id: ids.services.Manicure.id, employee_id: ids.stylists[1] }],
          gift_cards: [{ code: giftCodes['demo-gift-card-sale'], amount: money(fromCard) }],
          payments: total > fromCard ? [{ method: PaymentMethod.cash, amount: money(total - fromCard) }] : [],
        };
      },
    },
    {
      at: at(7, '11:20'),
      key: 'demo-wallet-spent',
      body: {
        customer_id: amal,
        lines: [{ kind: 'service', item_id: ids.services.Haircut.id, employee_id: ids.stylists[0] }],
        payments: [{ method: PaymentMethod.wallet, amount: money(totalOf([price('Haircut')])) }],
      },
    },
    // a package on the menu, bought by a customer, and one session of it used on a later visit: the
    // customer's card and the unused offers report have something to show
    {
      at: at(12, '09:00'),
      key: 'demo-package',
      command: 'package',
      body: {
        name_en: 'Blow dry month',
        name_ar: 'باقة السشوار الشهرية',
        items: [
          { service_id: ids.services['Blow dry'].id, sessions: 4 },
          { service_id: ids.services.Haircut.id, sessions: 1 },
        ],
        price: '280.00',
        validity_days: 60,
        description_en: 'Four blow dries and a haircut, used within two months',
        description_ar: 'أربع جلسات سشوار وقصة شعر، تُستخدم خلال شهرين',
      },
    },
    {
      at: at(6, '10:30'),
      key: 'demo-package-sale',
      body: () => ({
        customer_id: third,
        lines: [{ kind: 'package', item_id: hairPackage, employee_id: ids.stylists[0] }],
        payments: [{ method: PaymentMethod.cash, amount: money(totalOf([28000])) }],
      }),
    },
    {
      at: at(3, '17:15'),
      key: 'demo-package-session',
      body: () => ({
        customer_id: third,
        lines: [
          {
            kind: 'service',
            item_id: ids.services['Blow dry'].id,
            employee_id: ids.stylists[0],
            customer_offer_id: bought,
          },
        ],
        payments: [],
      }),
    },
    {
      at: at(5, '16:45'),
      key: 'demo-code-used',
      body: {
        customer_id: third,
        discount_code: 'WELCOME15',
        lines: [{ kind: 'service', item_id: ids.services.Facial.id, employee_id: ids.stylists[1] }],
        payments: [
          {
            method: PaymentMethod.cash,
            // 15 % off the facial before VAT, half up
            amount: money(totalOf([price('Facial') - Math.round((price('Facial') * 15) / 100)])),
          },
        ],
      },
    },
  );
  // a gift card bought last year and never used (valid a year: expired), and a small one spent whole:
  // the gift card reports' three lists (active, used, expired) each have one to open
  sales.push(
    giftCardSale('demo-gift-card-forgotten', at(400, '18:20'), amal, fourth, '150.00', 'Eid Mubarak!', {
      method: PaymentMethod.cash,
    }),
    giftCardSale('demo-gift-card-small-sale', at(11, '16:05'), second, third, '100.00', 'With love', {
      method: PaymentMethod.debit_card,
      authorization_code: 'DEMO09102',
    }),
    {
      at: at(4, '12:30'),
      key: 'demo-gift-card-small-spent',
      body: () => ({
        customer_id: third,
        lines: [{ kind: 'service', item_id: ids.services.Haircut.id, employee_id: ids.stylists[0] }],
        gift_cards: [{ code: giftCodes['demo-gift-card-small-sale'], amount: '100.00' }],
        payments: [{ method: PaymentMethod.cash, amount: money(totalOf([price('Haircut')]) - 10000) }],
      }),
    },
    // an offer on the menu: three services together for less, for brides and occasions
    {
      at: at(10, '09:00'),
      key: 'demo-offer',
      command: 'offer',
      body: {
        name_en: 'Bridal glow',
        name_ar: 'إطلالة العروس',
        type: 'fixed',
        use_type: 1,
        service_ids: [ids.services['Hair colour'].id, ids.services.Facial.id, ids.services.Manicure.id],
        price: '420.00',
        expiry_date: addDays(today, 45),
        description_en: 'Hair colour, a facial and a manicure before the big day',
        description_ar: 'صبغة الشعر وتنظيف البشرة ومانيكير قبل اليوم الكبير',
      },
    },
    // a regular who pays the rest at the end of the month: the owner allowed it for her sale (the
    // setting is on for that sale only), so the receivables list has an invoice to collect
    {
      at: at(1, '18:40'),
      key: 'demo-on-account',
      command: 'on-account',
      body: {
        customer_id: amal,
        lines: [
          { kind: 'service', item_id: ids.services['Hair colour'].id, employee_id: ids.stylists[0] },
          { kind: 'service', item_id: ids.services['Blow dry'].id, employee_id: ids.stylists[0] },
        ],
        payments: [{ method: PaymentMethod.cash, amount: '100.00' }],
      },
    },
  );
  // a sale to a business: a hotel's guest treatments billed to the hotel, a standard tax invoice
  // (ZATCA clears it: the worker sends it as soon as the demo is up)
  sales.push({
    at: at(2, '15:30'),
    key: 'demo-b2b-sale',
    body: {
      buyer: DEMO_BUYER,
      lines: [
        { kind: 'service', item_id: ids.services.Facial.id, employee_id: ids.stylists[1] },
        { kind: 'service', item_id: ids.services.Manicure.id, employee_id: ids.stylists[1] },
      ],
      payments: [
        {
          method: PaymentMethod.transfer,
          amount: money(totalOf([price('Facial'), price('Manicure')])),
        },
      ],
    },
  });
  sales.sort((a, b) => a.at - b.at);
  const issued: Record<
    string,
    { id: string; unique_id: string; total: number; einvoice: { uuid: string } | null }
  > = {};
  /** the owner allows (or no longer allows) a sale to leave an amount owed */
  const allowDebt = (ctx: CommandContext, key: string, allow_debt: boolean) =>
    execute(
      new ChangeSettings(
        { ...ctx, correlationId: `${key}-debt-${allow_debt}`, idempotencyKey: `${key}-debt-${allow_debt}` },
        { section: 'invoice', body: { ...ids.invoiceSettings, allow_debt } },
      ),
    );
  for (const sale of sales) {
    const ctx = { ...ownerCtx, now: new Date(sale.at), correlationId: sale.key, idempotencyKey: sale.key };
    const body = typeof sale.body === 'function' ? sale.body() : sale.body;
    if (sale.command === 'code') await execute(new DefineDiscountCode(ctx, body));
    else if (sale.command === 'offer')
      await execute(new ChangeBundles(ctx, { what: 'offer', kind: 'create', body }));
    else if (sale.command === 'package') {
      const answer = (await execute(new ChangeBundles(ctx, { what: 'package', kind: 'create', body }))) as {
        body: { id: string };
      };
      hairPackage = answer.body.id;
    } else if (sale.command === 'top-up') {
      const { customer, ...payment } = body as { customer: string };
      await execute(new TopUpWallet(ctx, owner, customer, payment));
    } else {
      if (sale.command === 'on-account') await allowDebt(ctx, sale.key, true);
      const answer = (await execute(new IssueInvoice(ctx, owner, body))) as {
        body?: {
          id: string;
          unique_id: string;
          total: number;
          einvoice: { uuid: string } | null;
          gift_cards_sold?: Array<{ code: string }>;
          lines?: Array<{ customer_offer_id?: string }>;
        };
      };
      if (answer?.body)
        issued[sale.key] = {
          id: answer.body.id,
          unique_id: answer.body.unique_id,
          total: answer.body.total,
          einvoice: answer.body.einvoice,
        };
      if (sale.command === 'on-account') await allowDebt(ctx, sale.key, false);
      const sold = answer?.body?.gift_cards_sold?.[0];
      if (sold) giftCodes[sale.key] = sold.code;
      const opened = answer?.body?.lines?.find((l) => l.customer_offer_id)?.customer_offer_id;
      if (opened) bought = opened;
    }
  }
  // a basket left on hold two hours ago (doc1 §4): the on-hold report has one to resume or cancel
  const heldAt = new Date(ownerCtx.now.getTime() - 2 * 3600_000);
  await execute(
    new HoldInvoice(
      { ...ownerCtx, now: heldAt, correlationId: 'demo-held', idempotencyKey: 'demo-held' },
      owner,
      {
        customer_id: ids.customers[1],
        lines: [
          { kind: 'service', item_id: ids.services['Blow dry'].id, employee_id: ids.stylists[0] },
          { kind: 'product', item_id: ids.products['Hair serum'] },
        ],
        notes: 'Comes back after her nails are dry',
      },
    ),
  );
  // the owner took 500.00 from the till for herself a week ago: one journal in the books (an owner's
  // drawing), so the journals have something to show
  const drawingAt = new Date(ownerCtx.now.getTime() - 7 * 86_400_000);
  await execute(
    new PostGeneralJournal(
      { ...ownerCtx, now: drawingAt, correlationId: 'demo-drawing', idempotencyKey: 'demo-drawing' },
      owner,
      {
        date: businessDate(drawingAt, timeZone),
        memo: 'Owner’s drawing from the till',
        lines: [
          { account: accountCode('owner_drawings'), debit: '500.00', description: 'Sara Al-Otaibi' },
          { account: accountCode('cash'), credit: '500.00' },
        ],
      },
    ),
  );
  await seedDemoExpenses(execute, ownerCtx, owner, timeZone, ids.products);
  return issued;
};

/**
 * Three weeks of money going out: the salon's expense types, its landlord and its beauty supplier (with
 * a VAT number), the rent and the electricity paid, supplies bought with VAT, one bill still partly owed;
 * two purchases of stock from the beauty supplier, one paid in full, one owed and then partly paid.
 */
const seedDemoExpenses = async (
  execute: (command: object) => Promise<unknown>,
  ownerCtx: CommandContext,
  owner: AuthContext,
  timeZone: TenantTimeZone,
  products: Record<string, string>,
) => {
  const at = (daysAgo: number, key: string) => {
    const now = new Date(ownerCtx.now.getTime() - daysAgo * 86_400_000);
    return {
      ctx: { ...ownerCtx, now, correlationId: key, idempotencyKey: key },
      date: businessDate(now, timeZone),
    };
  };
  const idOf = (answer: unknown) => (answer as { body: { id: string } }).body.id;
  // the salon's own account, beside the default chart's: what it spends on being seen
  await execute(
    new ChangeChartOfAccounts(at(21, 'demo-account-marketing').ctx, {
      kind: 'add',
      body: {
        code: '6107',
        parent: '6',
        name_en: 'Marketing and advertising',
        name_ar: 'التسويق والإعلان',
        main_type: 6,
        subtype: 'expenses',
        kind: 'expense_type',
      },
    }),
  );
  const ads = at(9, 'demo-journal-ads');
  await execute(
    new PostGeneralJournal(ads.ctx, owner, {
      date: ads.date,
      memo: 'Instagram ads for the Eid offers',
      lines: [
        { account: '6107', debit: '200.00' },
        { account: accountCode('transfer'), credit: '200.00' },
      ],
    }),
  );
  const types: Record<string, string> = {};
  for (const [key, name_en, name_ar, account] of [
    ['rent', 'Rent', 'الإيجار', 'rent'],
    ['utilities', 'Electricity and water', 'الكهرباء والماء', 'utilities'],
    ['materials', 'Salon supplies', 'مستلزمات الصالون', 'salon_material_expense'],
  ] as const) {
    const { ctx } = at(21, `demo-expense-type-${key}`);
    types[key] = idOf(
      await execute(
        new ChangeExpenseTypes(ctx, {
          kind: 'add',
          body: { name_en, name_ar, account: accountCode(account) },
        }),
      ),
    );
  }
  const landlord = idOf(
    await execute(
      new ChangeSuppliers(at(21, 'demo-supplier-landlord').ctx, {
        kind: 'add',
        body: { name: 'Al Noor Properties', mobile: '+966501234599' },
      }),
    ),
  );
  const supplies = idOf(
    await execute(
      new ChangeSuppliers(at(21, 'demo-supplier-supplies').ctx, {
        kind: 'add',
        body: {
          name: 'Gulf Beauty Supplies',
          vat_number: '310123456700003',
          email: 'orders@gulfbeauty.example',
          opening_balance: '150.00',
        },
      }),
    ),
  );
  const expense = async (daysAgo: number, key: string, body: object) => {
    const { ctx, date } = at(daysAgo, key);
    return idOf(await execute(new RecordExpense(ctx, owner, { date, ...body })));
  };
  await expense(20, 'demo-expense-rent', {
    supplier_id: landlord,
    expense_type_id: types.rent,
    supplier_invoice_number: 'R-2026-11',
    items: [{ description: 'Shop rent, this month', amount: '3000.00' }],
    payments: [{ method: PaymentMethod.transfer, amount: '3000.00' }],
  });
  await expense(12, 'demo-expense-electricity', {
    vendor_name: 'Saudi Electricity',
    expense_type_id: types.utilities,
    items: [{ description: 'Electricity bill', amount: '350.00' }],
    payments: [{ method: PaymentMethod.transfer, amount: '350.00' }],
  });
  await expense(10, 'demo-expense-supplies-1', {
    supplier_id: supplies,
    expense_type_id: types.materials,
    supplier_invoice_number: 'GBS-1042',
    items: [
      { description: 'Hair colour tubes', amount: '300.00' },
      { description: 'Towels', amount: '100.00' },
    ],
    payments: [{ method: PaymentMethod.cash, amount: '460.00' }],
  });
  const owed = await expense(5, 'demo-expense-supplies-2', {
    supplier_id: supplies,
    expense_type_id: types.materials,
    supplier_invoice_number: 'GBS-1077',
    due_date: at(-25, 'x').date,
    items: [{ description: 'Nail polish and remover', amount: '250.00' }],
  });
  await execute(
    new PayExpense(at(2, 'demo-expense-supplies-2-paid').ctx, owed, {
      payment: { method: PaymentMethod.cash, amount: '100.00' },
    }),
  );
  const purchase = async (daysAgo: number, key: string, body: object) => {
    const { ctx, date } = at(daysAgo, key);
    return idOf(await execute(new RecordPurchase(ctx, owner, { date, supplier_id: supplies, ...body })));
  };
  await purchase(14, 'demo-purchase-1', {
    supplier_invoice_number: 'GBS-1050',
    items: [
      { product_id: products['Keratin shampoo'], quantity: 12, unit_cost: '30.00' },
      { product_id: products['Hair serum'], quantity: 6, unit_cost: '45.00' },
    ],
    // 630.00 and 15 % VAT
    paid: true,
    payments: [{ method: PaymentMethod.transfer, amount: '724.50' }],
  });
  const stockOwed = await purchase(4, 'demo-purchase-2', {
    supplier_invoice_number: 'GBS-1081',
    supplier_invoice_date: at(5, 'x').date,
    due_date: at(-26, 'x').date,
    items: [
      { product_id: products['Keratin shampoo'], quantity: 10, unit_cost: '31.00' },
      { product_id: products['Disposable towels'], quantity: 100, unit_cost: '9.00' },
    ],
    notes: 'Towels for the new season',
  });
  await execute(
    new PayPurchase(at(1, 'demo-purchase-2-paid').ctx, stockOwed, {
      payment: { method: PaymentMethod.cash, amount: '500.00' },
    }),
  );
  // what is coming: next month's rent and the electricity bill, every month
  for (const [key, body] of [
    [
      'demo-expected-rent',
      {
        name: 'Shop rent',
        supplier_id: landlord,
        expense_type_id: types.rent,
        amount: '3000.00',
        due_date: at(-10, 'x').date,
        recurrence: 'monthly',
      },
    ],
    [
      'demo-expected-electricity',
      {
        name: 'Electricity bill',
        vendor_name: 'Saudi Electricity',
        expense_type_id: types.utilities,
        amount: '350.00',
        due_date: at(-18, 'x').date,
        recurrence: 'monthly',
        notes: 'About the same as last month',
      },
    ],
  ] as const)
    await execute(new ChangeExpectedExpenses(at(3, key).ctx, { kind: 'plan', body }));
};

/**
 * Last month's payroll for the stylists (the demo's employees with a salary): the salary on file and the
 * commission the product computed from their sales of the month (the command computes it when none is
 * typed, so the projections must have caught up with the sales), an overtime addition and an advance
 * deducted, then paid by bank transfer today. Posted to the books on the month's last day.
 */
export const seedDemoPayroll = async (
  execute: (command: object) => Promise<unknown>,
  ownerCtx: CommandContext,
  owner: AuthContext,
  timeZone: TenantTimeZone,
  /** the stylists and their salaries on file */
  employees: Array<{ id: string; salary: string }>,
) => {
  const today = businessDate(ownerCtx.now, timeZone);
  const [y, m] = today.split('-').map(Number);
  const month = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  const ctx = (key: string) => ({ ...ownerCtx, correlationId: key, idempotencyKey: key });
  const runs = [
    { addition: ['Overtime on busy weekends', '250.00'], deduction: ['Salary advance', '500.00'] },
    { addition: ['Best reviews bonus', '150.00'], deduction: ['Uniform', '80.00'] },
  ];
  for (const [i, employee] of employees.entries()) {
    const run = runs[i % runs.length];
    const answer = (await execute(
      new RecordPayroll(ctx(`demo-payroll-${i}`), owner, {
        employee_id: employee.id,
        month,
        salary: employee.salary,
        additions: [{ label: run.addition[0], amount: run.addition[1] }],
        deductions: [{ label: run.deduction[0], amount: run.deduction[1] }],
        notes: '',
      }),
    )) as { body: { id: string; net: number } };
    await execute(
      new PayPayroll(ctx(`demo-payroll-${i}-paid`), answer.body.id, {
        payment: { method: PaymentMethod.transfer, amount: (answer.body.net / 100).toFixed(2) },
      }),
    );
  }
};
