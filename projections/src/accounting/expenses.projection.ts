import type {
  PurchaseChanged,
  PurchasePaid,
  PurchaseRecorded,
  ExpensePaid,
  ExpenseRecorded,
  ExpenseTypeEvent,
  RecordedEvent,
  SupplierEvent,
} from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

type Data<T extends { data: unknown }> = T['data'];

/** An expense's payment state as the lists filter it. */
const statusOf = (paid: number, owed: number) =>
  owed <= 0 ? 'paid' : paid > 0 ? 'partially_paid' : 'unpaid';

/**
 * Money going out as its screens read it (issue 25): the suppliers (with what is owed to each and what
 * was bought), the expense types, and the expenses with their payments and what each still owes.
 */
export const expensesProjection: Projection = {
  name: 'expenses',
  // 2: purchases (recorded, paid, corrected), and what each supplier was bought from on them
  version: 2,
  collections: [
    { name: 'suppliers', indexes: [{ fields: ['tenantId', 'name'] }] },
    { name: 'expense_types', indexes: [{ fields: ['tenantId', 'name_en'] }] },
    {
      name: 'expenses',
      indexes: [
        { fields: ['tenantId', 'number'] },
        { fields: ['tenantId', 'date'] },
        { fields: ['tenantId', 'supplier_id'] },
      ],
    },
    {
      name: 'purchases',
      indexes: [
        { fields: ['tenantId', 'number'] },
        { fields: ['tenantId', 'date'] },
        { fields: ['tenantId', 'supplier_id'] },
      ],
    },
  ],
  handles: [
    'SupplierAdded',
    'SupplierChanged',
    'SupplierDisabled',
    'SupplierActivated',
    'ExpenseTypeAdded',
    'ExpenseTypeChanged',
    'ExpenseRecorded',
    'ExpensePaid',
    'PurchaseRecorded',
    'PurchasePaid',
    'PurchaseChanged',
  ],
  reads: (e) =>
    e.type === 'ExpensePaid'
      ? [{ collection: 'expenses', id: (e.data as { expense_id: string }).expense_id }]
      : e.type === 'PurchasePaid'
        ? [{ collection: 'purchases', id: (e.data as { purchase_id: string }).purchase_id }]
        : [],
  project: (e: RecordedEvent, lookup): Change[] => {
    const t = e.metadata.tenantId;
    switch (e.type) {
      case 'SupplierAdded':
      case 'SupplierChanged': {
        const d = e.data as Extract<SupplierEvent, { type: 'SupplierAdded' }>['data'] & {
          previous_opening_balance?: number;
        };
        const details = {
          tenantId: t,
          name: d.name,
          vat_number: d.vat_number,
          mobile: d.mobile,
          email: d.email,
          opening_balance: d.opening_balance,
        };
        return e.type === 'SupplierAdded'
          ? [
              {
                kind: 'upsert',
                collection: 'suppliers',
                doc: {
                  id: d.supplier_id,
                  ...details,
                  status: 1,
                  owed: d.opening_balance,
                  purchased: 0,
                  paid: 0,
                  expenses: 0,
                  purchases: 0,
                  added_at: e.metadata.occurredAt,
                },
              },
            ]
          : [
              {
                kind: 'patch',
                collection: 'suppliers',
                id: d.supplier_id,
                set: details,
                inc: { owed: d.opening_balance - (d.previous_opening_balance ?? 0) },
              },
            ];
      }
      case 'SupplierDisabled':
      case 'SupplierActivated': {
        const d = e.data as { supplier_id: string };
        return [
          {
            kind: 'patch',
            collection: 'suppliers',
            id: d.supplier_id,
            set: { status: e.type === 'SupplierDisabled' ? 0 : 1 },
          },
        ];
      }
      case 'ExpenseTypeAdded':
      case 'ExpenseTypeChanged': {
        const d = e.data as ExpenseTypeEvent['data'];
        return [
          {
            kind: 'upsert',
            collection: 'expense_types',
            doc: {
              id: d.expense_type_id,
              tenantId: t,
              name_en: d.name_en,
              name_ar: d.name_ar,
              account: d.account,
            },
          },
        ];
      }
      case 'ExpenseRecorded': {
        const d = e.data as Data<ExpenseRecorded>;
        const { expense_id, ...rest } = d;
        return [
          {
            kind: 'upsert',
            collection: 'expenses',
            doc: {
              id: expense_id,
              tenantId: t,
              ...rest,
              attachments: d.attachments ?? [],
              status: statusOf(d.paid, d.owed),
              recorded_at: e.metadata.occurredAt,
            },
          },
          ...(d.supplier_id
            ? [
                {
                  kind: 'patch' as const,
                  collection: 'suppliers',
                  id: d.supplier_id,
                  inc: { owed: d.owed, purchased: d.total, paid: d.paid, expenses: 1 },
                },
              ]
            : []),
        ];
      }
      case 'PurchaseRecorded': {
        const { purchase_id, ...rest } = e.data as Data<PurchaseRecorded>;
        return [
          {
            kind: 'upsert',
            collection: 'purchases',
            doc: {
              id: purchase_id,
              tenantId: t,
              ...rest,
              payments: rest.payments.map((p) => ({ ...p, date: rest.date })),
              status: statusOf(rest.paid, rest.owed),
              recorded_at: e.metadata.occurredAt,
            },
          },
          {
            kind: 'patch',
            collection: 'suppliers',
            id: rest.supplier_id,
            inc: { owed: rest.owed, purchased: rest.total, paid: rest.paid, purchases: 1 },
          },
        ];
      }
      case 'PurchasePaid': {
        const d = e.data as Data<PurchasePaid>;
        const before = lookup('purchases', d.purchase_id);
        const payments = [
          ...((before?.payments as unknown[] | undefined) ?? []),
          { ...d.payment, date: d.date },
        ];
        return [
          {
            kind: 'patch',
            collection: 'purchases',
            id: d.purchase_id,
            set: { paid: d.paid, owed: d.owed, payments, status: statusOf(d.paid, d.owed) },
          },
          {
            kind: 'patch',
            collection: 'suppliers',
            id: d.supplier_id,
            inc: { owed: -d.payment.amount, paid: d.payment.amount },
          },
        ];
      }
      case 'PurchaseChanged': {
        const { purchase_id, previous: _previous, ...header } = e.data as Data<PurchaseChanged>;
        return [{ kind: 'patch', collection: 'purchases', id: purchase_id, set: header }];
      }
      case 'ExpensePaid': {
        const d = e.data as Data<ExpensePaid>;
        const before = lookup('expenses', d.expense_id);
        const payments = [
          ...((before?.payments as unknown[] | undefined) ?? []),
          { ...d.payment, date: d.date },
        ];
        return [
          {
            kind: 'patch',
            collection: 'expenses',
            id: d.expense_id,
            set: { paid: d.paid, owed: d.owed, payments, status: statusOf(d.paid, d.owed) },
          },
          ...(d.supplier_id
            ? [
                {
                  kind: 'patch' as const,
                  collection: 'suppliers',
                  id: d.supplier_id,
                  inc: { owed: -d.payment.amount, paid: d.payment.amount },
                },
              ]
            : []),
        ];
      }
    }
    return [];
  },
};
