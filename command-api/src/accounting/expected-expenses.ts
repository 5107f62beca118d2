import {
  conflict,
  nextDueDate,
  notFound,
  type ExpectedExpenseDetails,
  type ExpectedExpenseEvent,
} from '@rawnaq/contracts';

/** An expected expense as its stream leaves it. */
export type ExpectedState =
  | { exists: false }
  | ({
      exists: true;
      moved: boolean;
      movedCount: number;
      /** the due date it was planned (or last changed) with, and the occurrences moved since */
      anchor: string;
      sinceAnchor: number;
    } & ExpectedExpenseDetails);
export const initialExpected: ExpectedState = { exists: false };

export const evolveExpected = (s: ExpectedState, e: ExpectedExpenseEvent): ExpectedState => {
  switch (e.type) {
    case 'ExpectedExpensePlanned':
    case 'ExpectedExpenseChanged': {
      const { expected_expense_id: _, ...details } = e.data;
      return {
        exists: true,
        moved: s.exists ? s.moved : false,
        movedCount: s.exists ? s.movedCount : 0,
        anchor: details.due_date,
        sinceAnchor: 0,
        ...details,
      };
    }
    case 'ExpectedExpenseMoved':
      if (!s.exists) return s;
      return e.data.next_due_date
        ? {
            ...s,
            due_date: e.data.next_due_date,
            movedCount: s.movedCount + 1,
            sinceAnchor: s.sinceAnchor + 1,
          }
        : { ...s, moved: true, movedCount: s.movedCount + 1 };
  }
};

export type ExpectedCommand =
  | { type: 'Plan'; id: string; details: ExpectedExpenseDetails }
  | { type: 'Change'; id: string; details: ExpectedExpenseDetails }
  | { type: 'Move'; id: string; expenseId: string; expenseNumber: number };

/**
 * Planning and changing (while pending); moving makes one occurrence into a real expense: a one-off is
 * then moved for good, a recurring one waits for its next due date.
 */
export const decideExpected = (c: ExpectedCommand, s: ExpectedState): ExpectedExpenseEvent[] => {
  if (c.type === 'Plan') {
    if (s.exists) throw conflict('errors.already_exists');
    return [{ type: 'ExpectedExpensePlanned', data: { expected_expense_id: c.id, ...c.details } }];
  }
  if (!s.exists) throw notFound('accounting.expected_expense_not_found');
  if (s.moved) throw conflict('accounting.expected_expense_moved');
  if (c.type === 'Change')
    return [{ type: 'ExpectedExpenseChanged', data: { expected_expense_id: c.id, ...c.details } }];
  return [
    {
      type: 'ExpectedExpenseMoved',
      data: {
        expected_expense_id: c.id,
        expense_id: c.expenseId,
        expense_number: c.expenseNumber,
        due_date: s.due_date,
        next_due_date: nextDueDate(s.anchor, s.recurrence, s.sinceAnchor + 1),
      },
    },
  ];
};
