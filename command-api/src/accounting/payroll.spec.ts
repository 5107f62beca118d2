import type { DomainError, PayrollEvent } from '@rawnaq/contracts';
import {
  decidePayroll,
  evolvePayroll,
  initialPayroll,
  type PayrollCommand,
  type PayrollState,
  type PayrollTerms,
} from './payroll';

const given = (events: PayrollEvent[]): PayrollState => events.reduce(evolvePayroll, initialPayroll);
const terms = (more: Partial<PayrollTerms> = {}): PayrollTerms => ({
  salary: 500000,
  commission: 12000,
  additions: [{ label: 'Overtime', amount: 3000 }],
  deductions: [{ label: 'Advance', amount: 2000 }],
  notes: '',
  ...more,
});
const record = (t = terms()): PayrollCommand => ({
  type: 'Record',
  data: {
    payroll_id: 'r1',
    employee_id: 'e1',
    employee_name_en: 'Sara',
    employee_name_ar: 'سارة',
    month: '2026-10',
    date: '2026-10-31',
    recorded_by: 'u1',
    terms: t,
  },
});
const pay = (amount: number, method = 1): PayrollCommand => ({
  type: 'Pay',
  payrollId: 'r1',
  payment: { payment_id: `p${amount}`, method: method as 1, amount },
  date: '2026-11-01',
  owedText: (minor) => `SAR ${(minor / 100).toFixed(2)}`,
});
const change = (t: PayrollTerms): PayrollCommand => ({
  type: 'Change',
  payrollId: 'r1',
  terms: t,
  paidText: (minor) => `SAR ${(minor / 100).toFixed(2)}`,
});
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('not refused');
};
const recorded = () => decidePayroll(record(), initialPayroll);

describe('a month’s payroll: recorded once per employee and month, changed while owed, paid never above what is owed', () => {
  it('given nothing, when recorded, then its net is salary + commission + additions − deductions', () => {
    const [event] = recorded();
    expect(event).toMatchObject({
      type: 'PayrollRecorded',
      data: {
        month: '2026-10',
        date: '2026-10-31',
        total_additions: 3000,
        total_deductions: 2000,
        net: 513000,
      },
    });
  });

  it('given a run for the month, when it is recorded again, then it is refused on the month (409)', () => {
    const error = refusal(() => decidePayroll(record(), given(recorded())));
    expect(error).toMatchObject({ status: 409, errors: { month: 'accounting.duplicate_payroll' } });
  });

  it('given nothing, when the deductions are more than everything else, then it is refused on the deductions', () => {
    const error = refusal(() =>
      decidePayroll(record(terms({ deductions: [{ label: 'Advance', amount: 600000 }] })), initialPayroll),
    );
    expect(error).toMatchObject({ status: 422, errors: { deductions: 'accounting.payroll_net_negative' } });
  });

  it('given a run, when paid in two parts, then what is paid and owed follow, and a third payment is refused', () => {
    let state = given(recorded());
    const first = decidePayroll(pay(400000), state);
    expect(first[0]).toMatchObject({ type: 'PayrollPaid', data: { paid: 400000, owed: 113000 } });
    state = [...first].reduce(evolvePayroll, state);
    const second = decidePayroll(pay(113000, 4), state);
    expect(second[0]).toMatchObject({ data: { paid: 513000, owed: 0 } });
    state = [...second].reduce(evolvePayroll, state);
    expect(refusal(() => decidePayroll(pay(100), state))).toMatchObject({
      status: 409,
      key: 'accounting.payroll_nothing_owed',
    });
  });

  it('given a run, when a payment is above what is owed, then it is refused on its amount saying how much is owed', () => {
    const error = refusal(() => decidePayroll(pay(513001), given(recorded())));
    expect(error).toMatchObject({
      status: 422,
      errors: { 'payment.amount': 'accounting.payment_above_owed' },
      params: { owed: 'SAR 5130.00' },
    });
  });

  it('given a run, when paid from a customer’s wallet or with nothing, then it is refused', () => {
    expect(refusal(() => decidePayroll(pay(1000, 10), given(recorded())))).toMatchObject({
      errors: { 'payment.method': 'errors.invalid_input' },
    });
    expect(refusal(() => decidePayroll(pay(0), given(recorded())))).toMatchObject({
      errors: { 'payment.amount': 'errors.invalid_input' },
    });
  });

  it('given a run part paid, when changed, then the new net is kept with the previous one, never below what was paid', () => {
    const state = given([...recorded(), ...decidePayroll(pay(400000), given(recorded()))]);
    const [changed] = decidePayroll(change(terms({ additions: [] })), state);
    expect(changed).toMatchObject({ type: 'PayrollChanged', data: { previous_net: 513000, net: 510000 } });
    const error = refusal(() => decidePayroll(change(terms({ salary: 100000 })), state));
    expect(error).toMatchObject({
      errors: { deductions: 'accounting.payroll_net_below_paid' },
      params: { paid: 'SAR 4000.00' },
    });
  });

  it('given a run paid in full, when changed, then it is refused: a paid run is not edited', () => {
    const state = given([...recorded(), ...decidePayroll(pay(513000), given(recorded()))]);
    expect(refusal(() => decidePayroll(change(terms()), state))).toMatchObject({
      status: 409,
      key: 'accounting.payroll_paid',
    });
  });

  it('given nothing, when changed or paid, then it is not found', () => {
    expect(refusal(() => decidePayroll(change(terms()), initialPayroll))).toMatchObject({ status: 404 });
    expect(refusal(() => decidePayroll(pay(100), initialPayroll))).toMatchObject({ status: 404 });
  });
});
