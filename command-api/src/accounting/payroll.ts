import {
  conflict,
  DomainError,
  notFound,
  PaymentMethod,
  type InvoicePayment,
  type PayrollEvent,
  type PayrollFigures,
  type PayrollLine,
  type PayrollRecorded,
} from '@rawnaq/contracts';

/** A month's payroll run as its stream leaves it. */
export type PayrollState =
  | { exists: false }
  | {
      exists: true;
      employee_id: string;
      month: string;
      date: string;
      net: number;
      paid: number;
    };
export const initialPayroll: PayrollState = { exists: false };

export const evolvePayroll = (s: PayrollState, e: PayrollEvent): PayrollState => {
  switch (e.type) {
    case 'PayrollRecorded':
      return {
        exists: true,
        employee_id: e.data.employee_id,
        month: e.data.month,
        date: e.data.date,
        net: e.data.net,
        paid: 0,
      };
    case 'PayrollChanged':
      return s.exists ? { ...s, net: e.data.net } : s;
    case 'PayrollPaid':
      return s.exists ? { ...s, paid: e.data.paid } : s;
  }
};

/** What is typed: the salary, the commission, the additions and deductions (minor units), the notes. */
export type PayrollTerms = {
  salary: number;
  commission: number;
  additions: PayrollLine[];
  deductions: PayrollLine[];
  notes: string;
};

const sum = (lines: readonly PayrollLine[]) => lines.reduce((s, l) => s + l.amount, 0);

/** The run's figures: its totals and the net, refused when the deductions leave less than nothing. */
export const payrollFigures = (t: PayrollTerms): PayrollFigures => {
  const total_additions = sum(t.additions);
  const total_deductions = sum(t.deductions);
  const net = t.salary + t.commission + total_additions - total_deductions;
  if (net < 0)
    throw new DomainError('accounting.payroll_net_negative', 422, {
      deductions: 'accounting.payroll_net_negative',
    });
  return { ...t, total_additions, total_deductions, net };
};

export type RecordPayroll = {
  type: 'Record';
  data: Omit<PayrollRecorded['data'], keyof PayrollFigures> & { terms: PayrollTerms };
};
export type ChangePayroll = {
  type: 'Change';
  payrollId: string;
  terms: PayrollTerms;
  paidText: (minor: number) => string;
};
export type PayPayroll = {
  type: 'Pay';
  payrollId: string;
  payment: InvoicePayment;
  date: string;
  owedText: (minor: number) => string;
};
export type PayrollCommand = RecordPayroll | ChangePayroll | PayPayroll;

/**
 * One run per employee and month (its stream is named after both, so a second is refused here);
 * changed only while something is still owed and never below what was paid; paid never above what is
 * owed, never from a customer's wallet.
 */
export const decidePayroll = (c: PayrollCommand, s: PayrollState): PayrollEvent[] => {
  if (c.type === 'Record') {
    if (s.exists)
      throw new DomainError('accounting.duplicate_payroll', 409, { month: 'accounting.duplicate_payroll' });
    const { terms, ...data } = c.data;
    return [{ type: 'PayrollRecorded', data: { ...data, ...payrollFigures(terms) } }];
  }
  if (!s.exists) throw notFound('accounting.payroll_not_found');
  if (c.type === 'Change') {
    if (s.net > 0 && s.paid >= s.net) throw conflict('accounting.payroll_paid');
    const figures = payrollFigures(c.terms);
    if (figures.net < s.paid)
      throw new DomainError(
        'accounting.payroll_net_below_paid',
        422,
        { deductions: 'accounting.payroll_net_below_paid' },
        { paid: c.paidText(s.paid) },
      );
    return [
      {
        type: 'PayrollChanged',
        data: {
          payroll_id: c.payrollId,
          employee_id: s.employee_id,
          month: s.month,
          date: s.date,
          previous_net: s.net,
          ...figures,
        },
      },
    ];
  }
  const owed = s.net - s.paid;
  if (owed <= 0) throw conflict('accounting.payroll_nothing_owed');
  if (c.payment.amount <= 0)
    throw new DomainError('errors.invalid_input', 422, { 'payment.amount': 'errors.invalid_input' });
  if (c.payment.method === PaymentMethod.wallet)
    throw new DomainError('errors.invalid_input', 422, { 'payment.method': 'errors.invalid_input' });
  if (c.payment.amount > owed)
    throw new DomainError(
      'accounting.payment_above_owed',
      422,
      { 'payment.amount': 'accounting.payment_above_owed' },
      { owed: c.owedText(owed) },
    );
  return [
    {
      type: 'PayrollPaid',
      data: {
        payroll_id: c.payrollId,
        employee_id: s.employee_id,
        month: s.month,
        payment: c.payment,
        date: c.date,
        paid: s.paid + c.payment.amount,
        owed: owed - c.payment.amount,
      },
    },
  ];
};
