import { givenEvents, type TestEvent } from '../testing/given-events.test-support';
import { payrollProjection } from './payroll.projection';

const figures = {
  salary: 500000,
  commission: 12000,
  additions: [{ label: 'Overtime', amount: 3000 }],
  deductions: [{ label: 'Advance', amount: 2000 }],
  total_additions: 3000,
  total_deductions: 2000,
  notes: '',
};
const recorded: TestEvent = {
  type: 'PayrollRecorded',
  stream: 'payroll-t1.r1',
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
};
const paid = (payment_id: string, amount: number, paidSoFar: number, owed: number): TestEvent => ({
  type: 'PayrollPaid',
  stream: 'payroll-t1.r1',
  data: {
    payroll_id: 'r1',
    employee_id: 'e1',
    month: '2026-10',
    payment: { payment_id, method: 4, amount },
    date: '2026-11-01',
    paid: paidSoFar,
    owed,
  },
});

describe('the payroll projection: one document per employee and month, with what is paid and owed', () => {
  it('given a run recorded, it is unpaid and owes its net', async () => {
    const read = await givenEvents(payrollProjection, [recorded]);
    expect(await read.get('payrolls', 'r1')).toMatchObject({
      employee_id: 'e1',
      month: '2026-10',
      net: 513000,
      paid: 0,
      owed: 513000,
      status: 'unpaid',
      payments: [],
    });
  });

  it('given a run part paid then changed, then paid off, follows its net, payments and status', async () => {
    const read = await givenEvents(payrollProjection, [
      recorded,
      paid('p1', 400000, 400000, 113000),
      {
        type: 'PayrollChanged',
        stream: 'payroll-t1.r1',
        data: {
          payroll_id: 'r1',
          employee_id: 'e1',
          month: '2026-10',
          date: '2026-10-31',
          previous_net: 513000,
          ...figures,
          additions: [],
          total_additions: 0,
          net: 510000,
        },
      },
    ]);
    expect(await read.get('payrolls', 'r1')).toMatchObject({
      net: 510000,
      owed: 110000,
      total_additions: 0,
      status: 'partially_paid',
    });
    const done = await givenEvents(payrollProjection, [
      recorded,
      paid('p1', 400000, 400000, 113000),
      paid('p2', 113000, 513000, 0),
    ]);
    const doc = await done.get('payrolls', 'r1');
    expect(doc).toMatchObject({ status: 'paid', paid: 513000, owed: 0 });
    expect((doc!.payments as Array<{ payment_id: string }>).map((p) => p.payment_id)).toEqual(['p1', 'p2']);
  });
});
