import type { ExpectedExpenseDetails, ExpectedExpenseEvent } from '@rawnaq/contracts';
import { decideExpected, evolveExpected, initialExpected, type ExpectedState } from './expected-expenses';

const details = (recurrence: ExpectedExpenseDetails['recurrence']): ExpectedExpenseDetails => ({
  name: 'Rent',
  supplier_id: null,
  vendor_name: 'Landlord',
  expense_type_id: 't1',
  amount: 300000,
  vat_type: 2,
  due_date: '2026-01-31',
  recurrence,
  notes: '',
});
const given = (events: ExpectedExpenseEvent[]): ExpectedState =>
  events.reduce(evolveExpected, initialExpected);
const plan = (recurrence: ExpectedExpenseDetails['recurrence']) =>
  decideExpected({ type: 'Plan', id: 'e1', details: details(recurrence) }, initialExpected);
const move = (s: ExpectedState) =>
  decideExpected({ type: 'Move', id: 'e1', expenseId: 'x1', expenseNumber: 7 }, s);

describe('expected expenses', () => {
  it('given a monthly rent due on the 31st, moving it makes the expense and waits for the end of the next month, then the 31st again', () => {
    const planned = plan('monthly');
    const [moved] = move(given(planned));
    expect(moved.data).toMatchObject({
      due_date: '2026-01-31',
      next_due_date: '2026-02-28',
      expense_number: 7,
    });
    const after = given([...planned, moved]);
    expect(after).toMatchObject({ moved: false, due_date: '2026-02-28', movedCount: 1 });
    // counted from the day it was planned with: March's falls on the 31st, not the 28th
    const [march] = move(after);
    expect(march.data).toMatchObject({ due_date: '2026-02-28', next_due_date: '2026-03-31' });
  });

  it('given a quarterly and a yearly one, the next due dates are three and twelve months on', () => {
    expect(move(given(plan('quarterly')))[0].data).toMatchObject({ next_due_date: '2026-04-30' });
    expect(move(given(plan('yearly')))[0].data).toMatchObject({ next_due_date: '2027-01-31' });
  });

  it('given a one-off moved, it is moved for good: no second move, no change', () => {
    const planned = plan('once');
    const moved = move(given(planned));
    expect(moved[0].data).toMatchObject({ next_due_date: null });
    const after = given([...planned, ...moved]);
    expect(after).toMatchObject({ moved: true });
    expect(() => move(after)).toThrow(
      expect.objectContaining({ key: 'accounting.expected_expense_moved', status: 409 }),
    );
    expect(() => decideExpected({ type: 'Change', id: 'e1', details: details('once') }, after)).toThrow(
      expect.objectContaining({ status: 409 }),
    );
  });

  it('refuses to move or change one that was never planned, and to plan one twice', () => {
    expect(() => move(initialExpected)).toThrow(expect.objectContaining({ status: 404 }));
    expect(() =>
      decideExpected({ type: 'Plan', id: 'e1', details: details('once') }, given(plan('once'))),
    ).toThrow(expect.objectContaining({ status: 409 }));
  });
});
