import {
  conflict,
  DomainError,
  notFound,
  PaymentMethod,
  refusalOf,
  type ErrorDetail,
  type ExpenseEvent,
  type ExpenseItem,
  type ExpenseRecorded,
  type ExpenseTypeEvent,
  type InvoicePayment,
  type SupplierDetails,
  type SupplierEvent,
} from '@rawnaq/contracts';

/** A supplier as its stream leaves it. */
export type SupplierState = { exists: false } | ({ exists: true; active: boolean } & SupplierDetails);
export const initialSupplier: SupplierState = { exists: false };
export const evolveSupplier = (s: SupplierState, e: SupplierEvent): SupplierState => {
  switch (e.type) {
    case 'SupplierAdded':
    case 'SupplierChanged': {
      const { name, vat_number, mobile, email, opening_balance } = e.data;
      return {
        exists: true,
        active: s.exists ? s.active : true,
        name,
        vat_number,
        mobile,
        email,
        opening_balance,
      };
    }
    case 'SupplierDisabled':
      return s.exists ? { ...s, active: false } : s;
    case 'SupplierActivated':
      return s.exists ? { ...s, active: true } : s;
  }
};

export type SupplierCommand =
  | { type: 'Add' | 'Change'; supplierId: string; details: SupplierDetails; date: string }
  | { type: 'Disable' | 'Activate'; supplierId: string };

export const decideSupplier = (c: SupplierCommand, s: SupplierState): SupplierEvent[] => {
  if (c.type === 'Add') {
    if (s.exists) throw conflict('errors.already_exists');
    return [{ type: 'SupplierAdded', data: { supplier_id: c.supplierId, date: c.date, ...c.details } }];
  }
  if (!s.exists) throw notFound('accounting.supplier_not_found');
  if (c.type === 'Change')
    return [
      {
        type: 'SupplierChanged',
        data: {
          supplier_id: c.supplierId,
          date: c.date,
          previous_opening_balance: s.opening_balance,
          ...c.details,
        },
      },
    ];
  if (c.type === 'Disable')
    return s.active ? [{ type: 'SupplierDisabled', data: { supplier_id: c.supplierId } }] : [];
  return s.active ? [] : [{ type: 'SupplierActivated', data: { supplier_id: c.supplierId } }];
};

/** The salon's expense types, one stream: their names are unique in each language. */
export type ExpenseType = { name_en: string; name_ar: string; account: string };
export type ExpenseTypesState = Map<string, ExpenseType>;
export const initialExpenseTypes = (): ExpenseTypesState => new Map();
export const evolveExpenseTypes = (s: ExpenseTypesState, e: ExpenseTypeEvent): ExpenseTypesState => {
  const next = new Map(s);
  const { expense_type_id, ...type } = e.data;
  next.set(expense_type_id, type);
  return next;
};
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const decideExpenseTypes = (
  c: { type: 'Add' | 'Change'; id: string; value: ExpenseType },
  s: ExpenseTypesState,
): ExpenseTypeEvent[] => {
  if (c.type === 'Change' && !s.has(c.id)) throw notFound('accounting.expense_type_not_found');
  if (c.type === 'Add' && s.has(c.id)) throw conflict('errors.already_exists');
  const problems: ErrorDetail[] = [];
  for (const [id, t] of s) {
    if (id === c.id) continue;
    if (same(t.name_en, c.value.name_en))
      problems.push({ field: 'name_en', key: 'accounting.duplicate_expense_type' });
    if (same(t.name_ar, c.value.name_ar))
      problems.push({ field: 'name_ar', key: 'accounting.duplicate_expense_type' });
  }
  if (problems.length) throw refusalOf(problems, 'accounting.duplicate_expense_type', 409);
  const data = { expense_type_id: c.id, ...c.value };
  return [{ type: c.type === 'Add' ? 'ExpenseTypeAdded' : 'ExpenseTypeChanged', data }];
};

/** An expense as its stream leaves it. */
export type ExpenseState =
  | { exists: false }
  | {
      exists: true;
      number: number;
      supplier_id: string | null;
      total: number;
      paid: number;
      owed: number;
      date: string;
    };
export const initialExpense: ExpenseState = { exists: false };
export const evolveExpense = (s: ExpenseState, e: ExpenseEvent): ExpenseState => {
  if (e.type === 'ExpenseRecorded')
    return {
      exists: true,
      number: e.data.number,
      supplier_id: e.data.supplier_id,
      total: e.data.total,
      paid: e.data.paid,
      owed: e.data.owed,
      date: e.data.date,
    };
  return s.exists ? { ...s, paid: e.data.paid, owed: e.data.owed } : s;
};

export type RecordExpense = {
  type: 'Record';
  data: Omit<ExpenseRecorded['data'], 'net' | 'vat' | 'total' | 'paid' | 'owed'> & { items: ExpenseItem[] };
};

/** Recording: the payments never above the total, none from a customer's wallet; the rest is owed. */
export const decideRecordExpense = (c: RecordExpense, s: ExpenseState): ExpenseEvent[] => {
  if (s.exists) throw conflict('errors.already_exists');
  const net = c.data.items.reduce((sum, i) => sum + i.net, 0);
  const vat = c.data.items.reduce((sum, i) => sum + i.vat, 0);
  const total = net + vat;
  const paid = c.data.payments.reduce((sum, p) => sum + p.amount, 0);
  c.data.payments.forEach((p, i) => {
    if (p.method === PaymentMethod.wallet)
      throw new DomainError('errors.invalid_input', 422, {
        [`payments.${i}.method`]: 'errors.invalid_input',
      });
  });
  if (paid > total)
    throw new DomainError('accounting.payments_above_total', 422, {
      payments: 'accounting.payments_above_total',
    });
  return [{ type: 'ExpenseRecorded', data: { ...c.data, net, vat, total, paid, owed: total - paid } }];
};

/**
 * A payment of what a bill (an expense, a purchase) still owes: money out by any method but a customer's
 * wallet, never above what is owed (the refusal says what is owed).
 */
export const checkBillPayment = (
  payment: InvoicePayment,
  owed: number,
  owedText: (minor: number) => string,
): void => {
  if (payment.method === PaymentMethod.wallet)
    throw new DomainError('errors.invalid_input', 422, { 'payment.method': 'errors.invalid_input' });
  if (payment.amount > owed)
    throw new DomainError(
      'accounting.payment_above_owed',
      422,
      { 'payment.amount': 'accounting.payment_above_owed' },
      { owed: owedText(owed) },
    );
};

/** Paying what is owed: never more than it, never on an expense with nothing owed. */
export const decidePayExpense = (
  c: { expenseId: string; payment: InvoicePayment; date: string; owedText: (minor: number) => string },
  s: ExpenseState,
): ExpenseEvent[] => {
  if (!s.exists) throw notFound('accounting.expense_not_found');
  if (s.owed <= 0) throw conflict('accounting.nothing_owed');
  checkBillPayment(c.payment, s.owed, c.owedText);
  return [
    {
      type: 'ExpensePaid',
      data: {
        expense_id: c.expenseId,
        number: s.number,
        supplier_id: s.supplier_id,
        payment: c.payment,
        date: c.date,
        paid: s.paid + c.payment.amount,
        owed: s.owed - c.payment.amount,
      },
    },
  ];
};
