import type {
  ExpectedExpenseChanged,
  ExpectedExpenseMoved,
  ExpectedExpensePlanned,
  RecordedEvent,
} from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

type Data<T extends { data: unknown }> = T['data'];

/**
 * Expected expenses as their screens read them (issue 25): what is planned, when it falls due next,
 * pending (1) or moved for good (2), and the real expenses each occurrence was moved to.
 */
export const expectedExpensesProjection: Projection = {
  name: 'expected-expenses',
  version: 1,
  collections: [
    {
      name: 'expected_expenses',
      indexes: [{ fields: ['tenantId', 'due_date'] }, { fields: ['tenantId', 'status'] }],
    },
  ],
  handles: ['ExpectedExpensePlanned', 'ExpectedExpenseChanged', 'ExpectedExpenseMoved'],
  reads: (e) =>
    e.type === 'ExpectedExpenseMoved'
      ? [
          {
            collection: 'expected_expenses',
            id: (e.data as { expected_expense_id: string }).expected_expense_id,
          },
        ]
      : [],
  project: (e: RecordedEvent, lookup): Change[] => {
    const t = e.metadata.tenantId;
    switch (e.type) {
      case 'ExpectedExpensePlanned': {
        const { expected_expense_id, ...details } = e.data as Data<ExpectedExpensePlanned>;
        return [
          {
            kind: 'upsert',
            collection: 'expected_expenses',
            doc: {
              id: expected_expense_id,
              tenantId: t,
              ...details,
              status: 1,
              moves: [],
              planned_at: e.metadata.occurredAt,
            },
          },
        ];
      }
      case 'ExpectedExpenseChanged': {
        const { expected_expense_id, ...details } = e.data as Data<ExpectedExpenseChanged>;
        return [
          { kind: 'patch', collection: 'expected_expenses', id: expected_expense_id, set: { ...details } },
        ];
      }
      case 'ExpectedExpenseMoved': {
        const d = e.data as Data<ExpectedExpenseMoved>;
        const before = lookup('expected_expenses', d.expected_expense_id);
        if (!before) return [];
        return [
          {
            kind: 'patch',
            collection: 'expected_expenses',
            id: d.expected_expense_id,
            set: {
              ...(d.next_due_date ? { due_date: d.next_due_date } : { status: 2 }),
              moves: [
                ...((before.moves as unknown[]) ?? []),
                {
                  expense_id: d.expense_id,
                  expense_number: d.expense_number,
                  due_date: d.due_date,
                  at: e.metadata.occurredAt,
                },
              ],
            },
          },
        ];
      }
    }
    return [];
  },
};
