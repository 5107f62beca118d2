import { PaymentMethod } from '../coded-values/enumerations';

/**
 * The chart of accounts (spec doc1 §3 "coded values"): 6 main types, 15 subtypes, and the account kinds
 * the product posts to. A salon's books start from the default chart below; every account the product
 * posts to automatically is a system account (its `key` is what the posting rules name), never deleted.
 */
export const AccountMainType = {
  assets: 1,
  liabilities: 2,
  equity: 3,
  income: 4,
  costs_of_goods_sold: 5,
  expenses: 6,
} as const;
export type AccountMainType = (typeof AccountMainType)[keyof typeof AccountMainType];

export const ACCOUNT_SUBTYPES = {
  banks: AccountMainType.assets,
  accounts_receivable: AccountMainType.assets,
  current_assets: AccountMainType.assets,
  fixed_assets: AccountMainType.assets,
  other_assets: AccountMainType.assets,
  accounts_payable: AccountMainType.liabilities,
  credit_card: AccountMainType.liabilities,
  current_liabilities: AccountMainType.liabilities,
  long_term_liabilities: AccountMainType.liabilities,
  equity: AccountMainType.equity,
  income: AccountMainType.income,
  other_income: AccountMainType.income,
  cost_of_goods_sold: AccountMainType.costs_of_goods_sold,
  expenses: AccountMainType.expenses,
  other_expenses: AccountMainType.expenses,
} as const;
export type AccountSubtype = keyof typeof ACCOUNT_SUBTYPES;

/** Assets, costs and expenses grow on the debit side; liabilities, equity and income on the credit side. */
export const debitNormal = (mainType: AccountMainType): boolean =>
  mainType === AccountMainType.assets ||
  mainType === AccountMainType.costs_of_goods_sold ||
  mainType === AccountMainType.expenses;

/** The accounts the posting rules name. */
export const SYSTEM_ACCOUNT_KEYS = [
  'cash',
  'credit_card',
  'debit_card',
  'transfer',
  'cheque',
  'payment_link',
  'tabby',
  'tamara',
  'groupon',
  'payment_gateway',
  'unpaid_invoices',
  'inventory',
  'purchases_paid_vat',
  'suppliers',
  'vat_sales',
  'vat_debit_notes',
  'vat_credit_note',
  'advance_payments',
  'active_gift_cards',
  'unused_offer_services',
  'customer_wallets',
  'salaries_payable',
  'opening_balance_equity',
  'owner_capital',
  'owner_drawings',
  'retained_earnings',
  'service_sales',
  'product_sales',
  'sales_discounts',
  'debit_notes',
  'sales_return',
  'other_income',
  'breakage',
  'cost_of_goods_sold',
  'stock_adjustments',
  'salaries',
  'rent',
  'utilities',
  'salon_material_expense',
  'gateway_fees',
  'free_gift_cards',
  'other_expenses',
] as const;
export type SystemAccountKey = (typeof SYSTEM_ACCOUNT_KEYS)[number];

export type ChartAccount = {
  /** the account's number, unique in the salon's chart, parents' codes as prefixes */
  code: string;
  /** a system account's key (what the posting rules post to); absent on the salon's own accounts */
  key?: SystemAccountKey;
  name_en: string;
  name_ar: string;
  main_type: AccountMainType;
  subtype: AccountSubtype;
  /** the kind of doc1 §3 (normal, master, inventory, sales, vat sales, …) */
  kind: string;
  /** the group it sits under; null at the top */
  parent: string | null;
  /** a group only adds up the accounts under it: nothing is posted to it */
  group: boolean;
};

type Row = [
  code: string,
  key: SystemAccountKey | null,
  en: string,
  ar: string,
  subtype: AccountSubtype,
  kind: string,
];
type GroupRow = [code: string, en: string, ar: string, subtype: AccountSubtype];

const GROUPS: GroupRow[] = [
  ['1', 'Assets', 'الأصول', 'current_assets'],
  ['11', 'Cash and banks', 'النقد والبنوك', 'banks'],
  ['12', 'Receivables', 'الذمم المدينة', 'accounts_receivable'],
  ['13', 'Current assets', 'الأصول المتداولة', 'current_assets'],
  ['14', 'Fixed assets', 'الأصول الثابتة', 'fixed_assets'],
  ['2', 'Liabilities', 'الالتزامات', 'current_liabilities'],
  ['21', 'Payables', 'الذمم الدائنة', 'accounts_payable'],
  ['22', 'Current liabilities', 'الالتزامات المتداولة', 'current_liabilities'],
  ['23', 'Customers’ balances', 'أرصدة العملاء', 'current_liabilities'],
  ['3', 'Equity', 'حقوق الملكية', 'equity'],
  ['4', 'Income', 'الإيرادات', 'income'],
  ['41', 'Sales', 'المبيعات', 'income'],
  ['42', 'Other income', 'إيرادات أخرى', 'other_income'],
  ['5', 'Cost of goods sold', 'تكلفة البضاعة المباعة', 'cost_of_goods_sold'],
  ['6', 'Expenses', 'المصروفات', 'expenses'],
];

const ACCOUNTS: Array<[parent: string, ...Row]> = [
  ['11', '1101', 'cash', 'Cash', 'الصندوق (نقدي)', 'banks', 'receivable_cash'],
  ['11', '1102', 'credit_card', 'Credit cards', 'البطاقات الائتمانية', 'banks', 'receivable_credit_card'],
  ['11', '1103', 'debit_card', 'Mada and debit cards', 'مدى وبطاقات الخصم', 'banks', 'debit_card'],
  ['11', '1104', 'transfer', 'Bank transfers', 'التحويلات البنكية', 'banks', 'transfer'],
  ['11', '1105', 'cheque', 'Cheques', 'الشيكات', 'banks', 'bank_cheque'],
  ['11', '1106', 'payment_link', 'Payment links', 'روابط الدفع', 'banks', 'payment_link'],
  ['11', '1107', 'tabby', 'Tabby', 'تابي', 'banks', 'tabby'],
  ['11', '1108', 'tamara', 'Tamara', 'تمارا', 'banks', 'tamara'],
  ['11', '1109', 'groupon', 'Groupon', 'جروبون', 'banks', 'groupon'],
  [
    '11',
    '1110',
    'payment_gateway',
    'Online payment gateway',
    'بوابة الدفع الإلكتروني',
    'banks',
    'payment_gateway',
  ],
  [
    '12',
    '1201',
    'unpaid_invoices',
    'Unpaid invoices',
    'الفواتير غير المدفوعة',
    'accounts_receivable',
    'unpaid_invoices',
  ],
  ['13', '1301', 'inventory', 'Inventory', 'المخزون', 'current_assets', 'inventory'],
  [
    '13',
    '1302',
    'purchases_paid_vat',
    'VAT paid on purchases',
    'ضريبة القيمة المضافة على المشتريات',
    'current_assets',
    'purchases_paid_vat',
  ],
  ['21', '2101', 'suppliers', 'Suppliers', 'الموردون', 'accounts_payable', 'supplier'],
  [
    '22',
    '2201',
    'vat_sales',
    'VAT on sales',
    'ضريبة القيمة المضافة على المبيعات',
    'current_liabilities',
    'vat_sales',
  ],
  [
    '22',
    '2202',
    'vat_debit_notes',
    'VAT on debit notes',
    'ضريبة القيمة المضافة على إشعارات المدين',
    'current_liabilities',
    'vat_debit_notes',
  ],
  [
    '22',
    '2203',
    'vat_credit_note',
    'VAT on credit notes',
    'ضريبة القيمة المضافة على إشعارات الدائن',
    'current_liabilities',
    'vat_credit_note',
  ],
  [
    '22',
    '2204',
    'salaries_payable',
    'Salaries payable',
    'رواتب مستحقة',
    'current_liabilities',
    'salaries_group',
  ],
  [
    '23',
    '2301',
    'advance_payments',
    'Deposits (advance payments)',
    'العربون (دفعات مقدمة)',
    'current_liabilities',
    'advanced_payments',
  ],
  [
    '23',
    '2302',
    'active_gift_cards',
    'Active gift cards',
    'بطاقات الإهداء السارية',
    'current_liabilities',
    'active_gift_cards',
  ],
  [
    '23',
    '2303',
    'unused_offer_services',
    'Unused offer and package services',
    'خدمات العروض والباقات غير المستخدمة',
    'current_liabilities',
    'unused_offer_services',
  ],
  ['23', '2304', 'customer_wallets', 'Customers’ wallets', 'محافظ العملاء', 'current_liabilities', 'normal'],
  [
    '3',
    '3101',
    'opening_balance_equity',
    'Opening balance equity',
    'حقوق الملكية الافتتاحية',
    'equity',
    'opening_balance_equity',
  ],
  ['3', '3102', 'owner_capital', 'Owner’s capital', 'رأس مال المالك', 'equity', 'normal'],
  ['3', '3103', 'owner_drawings', 'Owner’s drawings', 'مسحوبات المالك', 'equity', 'normal'],
  ['3', '3104', 'retained_earnings', 'Retained earnings', 'الأرباح المحتجزة', 'equity', 'normal'],
  ['41', '4101', 'service_sales', 'Service sales', 'مبيعات الخدمات', 'income', 'sales'],
  ['41', '4102', 'product_sales', 'Product sales', 'مبيعات المنتجات', 'income', 'sales'],
  ['41', '4103', 'sales_discounts', 'Sales discounts', 'خصومات المبيعات', 'income', 'normal'],
  ['41', '4104', 'debit_notes', 'Debit notes', 'إشعارات المدين', 'income', 'debit_notes'],
  [
    '41',
    '4105',
    'sales_return',
    'Sales returns (credit notes)',
    'مردودات المبيعات (إشعارات الدائن)',
    'income',
    'sales_return',
  ],
  ['42', '4201', 'other_income', 'Other income', 'إيرادات أخرى', 'other_income', 'normal'],
  [
    '42',
    '4202',
    'breakage',
    'Expired gift cards and packages (breakage)',
    'أرصدة منتهية الصلاحية لبطاقات الإهداء والباقات',
    'other_income',
    'normal',
  ],
  [
    '5',
    '5101',
    'cost_of_goods_sold',
    'Cost of goods sold',
    'تكلفة البضاعة المباعة',
    'cost_of_goods_sold',
    'cost_of_goods_sold',
  ],
  [
    '5',
    '5102',
    'stock_adjustments',
    'Stock adjustments (counts, lost, expired, rounding)',
    'تسويات المخزون (جرد، فاقد، منتهي الصلاحية، تقريب)',
    'cost_of_goods_sold',
    'normal',
  ],
  ['6', '6101', 'salaries', 'Salaries and commissions', 'الرواتب والعمولات', 'expenses', 'salaries_group'],
  ['6', '6102', 'rent', 'Rent', 'الإيجار', 'expenses', 'expense_type'],
  ['6', '6103', 'utilities', 'Utilities', 'الكهرباء والماء والاتصالات', 'expenses', 'expense_type'],
  [
    '6',
    '6104',
    'salon_material_expense',
    'Salon materials used',
    'مواد مستهلكة في الصالون',
    'expenses',
    'salon_material_expense',
  ],
  ['6', '6105', 'gateway_fees', 'Payment gateway fees', 'رسوم بوابة الدفع', 'expenses', 'payment_gateway'],
  ['6', '6106', 'free_gift_cards', 'Gift cards given free', 'بطاقات إهداء مجانية', 'expenses', 'normal'],
  ['6', '6199', 'other_expenses', 'Other expenses', 'مصروفات أخرى', 'other_expenses', 'normal'],
];

const mainTypeOf = (subtype: AccountSubtype) => ACCOUNT_SUBTYPES[subtype];

/**
 * The chart every salon's books start from: the same accounts in the five countries (a country without
 * VAT simply never posts to the VAT accounts).
 */
export const DEFAULT_CHART: readonly ChartAccount[] = [
  ...GROUPS.map(([code, name_en, name_ar, subtype]) => ({
    code,
    name_en,
    name_ar,
    main_type: mainTypeOf(subtype),
    subtype,
    kind: 'master',
    parent: code.length > 1 ? code.slice(0, -1) : null,
    group: true,
  })),
  ...ACCOUNTS.map(([parent, code, key, name_en, name_ar, subtype, kind]) => ({
    code,
    ...(key && { key }),
    name_en,
    name_ar,
    main_type: mainTypeOf(subtype),
    subtype,
    kind,
    parent,
    group: false,
  })),
].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

const BY_KEY = new Map(DEFAULT_CHART.filter((a) => a.key).map((a) => [a.key!, a]));

/** The default chart's code of a system account. */
export const accountCode = (key: SystemAccountKey): string => {
  const account = BY_KEY.get(key);
  if (!account) throw new Error(`no system account ${key}`);
  return account.code;
};

/** Where money taken or given back by each payment method is posted (a wallet is the customers' money). */
export const PAYMENT_METHOD_ACCOUNT: Record<PaymentMethod, SystemAccountKey> = {
  [PaymentMethod.cash]: 'cash',
  [PaymentMethod.credit_card]: 'credit_card',
  [PaymentMethod.debit_card]: 'debit_card',
  [PaymentMethod.transfer]: 'transfer',
  [PaymentMethod.cheque]: 'cheque',
  [PaymentMethod.payment_link]: 'payment_link',
  [PaymentMethod.tabby]: 'tabby',
  [PaymentMethod.tamara]: 'tamara',
  [PaymentMethod.groupon]: 'groupon',
  [PaymentMethod.wallet]: 'customer_wallets',
};
