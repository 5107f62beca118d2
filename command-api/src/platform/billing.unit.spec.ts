import {
  DomainError,
  type AccountInvoiceEvent,
  type AccountInvoiceIssued,
  type SubscriptionEvent,
} from '@rawnaq/contracts';
import { decideSubscription, evolveSubscription, initialSubscription } from './account-life';
import {
  decideAccountGatewayPayment,
  decideAccountInvoice,
  decidePaymentRequest,
  evolveAccountGatewayPayment,
  evolveAccountInvoice,
  initialAccountGatewayPayment,
  initialAccountInvoice,
  initialPaymentRequest,
  type AccountInvoiceCommand,
} from './billing';
import { decideEmployee, initialEmployeeState } from '../staff/employee';

const rejects = (run: () => unknown, key: string) => {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect(e).toMatchObject({ key });
    return;
  }
  throw new Error(`expected a refusal ${key}`);
};

const issued: AccountInvoiceIssued['data'] = {
  invoice_id: 'i1',
  number: 1,
  unique_id: 'u1',
  account_id: 7,
  account_name_en: 'Lulu',
  account_name_ar: 'لولو',
  kind: 'subscription',
  plan: 'advanced',
  period: 'monthly',
  months: 1,
  max_employees: 8,
  lines: [{ description_en: 'Advanced', description_ar: 'متقدمة', net: 10000, vat: 1500, total: 11500 }],
  currency: 'SAR',
  vat_percent: '15',
  net: 10000,
  vat: 1500,
  total: 11500,
  seller: {
    country_id: 1,
    name_en: 'R',
    name_ar: 'ر',
    trn: '3'.repeat(15),
    address_en: 'a',
    address_ar: 'ع',
  },
  issue_date: '2026-12-01',
  due_date: '2026-12-08',
};

const given = (...events: AccountInvoiceEvent[]) =>
  events.reduce(evolveAccountInvoice, initialAccountInvoice);
const pay = (amount: number, paymentId = 'p1'): AccountInvoiceCommand => ({
  type: 'RecordPayment',
  paymentId,
  method: 'bank_transfer',
  amount,
  reference: 'TT1',
  paidOn: '2026-12-02',
  paidAt: '2026-12-02T08:00:00.000Z',
});
const issuedEvent: AccountInvoiceEvent = { type: 'AccountInvoiceIssued', data: issued };

describe('an invoice of the platform to a salon', () => {
  it('given an issued invoice, when paid in full, then the payment and the invoice paid', () => {
    const events = decideAccountInvoice(pay(11500), given(issuedEvent));
    expect(events.map((e) => e.type)).toEqual(['AccountInvoicePaymentRecorded', 'AccountInvoicePaid']);
    expect(events[0].data).toMatchObject({ amount: 11500, net: 10000, vat: 1500, invoice_number: 1 });
  });

  it('given part paid, when the rest is paid, then the VAT shares add up to the invoice’s VAT', () => {
    const first = decideAccountInvoice(pay(5000), given(issuedEvent));
    expect(first.map((e) => e.type)).toEqual(['AccountInvoicePaymentRecorded']);
    const rest = decideAccountInvoice(pay(6500, 'p2'), given(issuedEvent, ...first));
    const vats = [...first, ...rest]
      .filter((e) => e.type === 'AccountInvoicePaymentRecorded')
      .map((e) => (e.data as { vat: number }).vat);
    expect(vats.reduce((a, b) => a + b, 0)).toBe(1500);
    expect(rest.map((e) => e.type)).toContain('AccountInvoicePaid');
  });

  it('refuses a payment larger than what is due, naming the amount', () => {
    rejects(() => decideAccountInvoice(pay(11501), given(issuedEvent)), 'billing.payment_exceeds_due');
    const half = decideAccountInvoice(pay(10000), given(issuedEvent));
    rejects(
      () => decideAccountInvoice(pay(2000, 'p2'), given(issuedEvent, ...half)),
      'billing.payment_exceeds_due',
    );
  });

  it('refuses paying a cancelled invoice, and cancelling one with payments', () => {
    const cancelled = given(issuedEvent, {
      type: 'AccountInvoiceCancelled',
      data: { invoice_id: 'i1', account_id: 7, reason: 'wrong plan' },
    });
    rejects(() => decideAccountInvoice(pay(11500), cancelled), 'billing.invoice_cancelled');
    const part = decideAccountInvoice(pay(100), given(issuedEvent));
    rejects(
      () => decideAccountInvoice({ type: 'Cancel', reason: 'x' }, given(issuedEvent, ...part)),
      'billing.invoice_has_payments',
    );
  });

  it('records the same payment once (a replayed callback), and refuses another on a paid invoice', () => {
    const paid = decideAccountInvoice(pay(11500), given(issuedEvent));
    expect(decideAccountInvoice(pay(11500), given(issuedEvent, ...paid))).toEqual([]);
    rejects(() => decideAccountInvoice(pay(1, 'p2'), given(issuedEvent, ...paid)), 'billing.invoice_paid');
  });

  it('asks for what is due, never for a paid or cancelled invoice', () => {
    const request = {
      request_id: 'r1',
      number: 1,
      invoice_id: 'i1',
      invoice_number: 1,
      invoice_unique_id: 'u1',
      account_id: 7,
      amount: 0,
      currency: 'SAR' as const,
      email: 'lulu@example.com',
    };
    const part = decideAccountInvoice(pay(1500), given(issuedEvent));
    expect(
      decidePaymentRequest(request, given(issuedEvent, ...part), initialPaymentRequest)[0].data.amount,
    ).toBe(10000);
    const paid = decideAccountInvoice(pay(11500), given(issuedEvent));
    rejects(
      () => decidePaymentRequest(request, given(issuedEvent, ...paid), initialPaymentRequest),
      'billing.invoice_paid',
    );
  });

  it('settles a gateway payment once: a repeat or a later contrary callback changes nothing', () => {
    const started = decideAccountGatewayPayment(
      {
        type: 'Start',
        started: {
          payment_id: 'g1',
          invoice_id: 'i1',
          amount: 11500,
          currency: 'SAR',
          pay_url: '/pay/sim/x',
          return_path: '/account-invoice/u1',
        },
      },
      initialAccountGatewayPayment,
    );
    const s = started.reduce(evolveAccountGatewayPayment, initialAccountGatewayPayment);
    const settled = decideAccountGatewayPayment({ type: 'Settle', status: 5, reference: 'ref' }, s);
    expect(decideAccountGatewayPayment({ type: 'Settle', status: 2, reference: 'ref' }, s)).toEqual([]);
    expect(settled).toHaveLength(1);
    const after = settled.reduce(evolveAccountGatewayPayment, s);
    expect(decideAccountGatewayPayment({ type: 'Settle', status: 3, reference: 'ref' }, after)).toEqual([]);
  });
});

describe('renewal by a paid subscription invoice', () => {
  const subscription = (...events: SubscriptionEvent[]) =>
    events.reduce(evolveSubscription, initialSubscription);
  const trial: SubscriptionEvent = {
    type: 'TrialStarted',
    data: { plan: 'trial', valid_till: '2026-11-20', max_employees: 5 },
  };
  const renew = (today: string, invoiceId = 'i1') =>
    ({ type: 'RenewForInvoice', invoiceId, plan: 'advanced', months: 1, today, maxEmployees: 8 }) as const;

  it('given an expired salon, when paid, then valid till is a month from today with the plan’s employees', () => {
    const [e] = decideSubscription(renew('2026-12-03'), subscription(trial));
    expect(e).toMatchObject({
      type: 'SubscriptionRenewed',
      data: { plan: 'advanced', valid_till: '2027-01-03', max_employees: 8, invoice_id: 'i1' },
    });
  });

  it('given a salon still valid, when paid early, then the month follows its valid till', () => {
    const [e] = decideSubscription(renew('2026-11-10'), subscription(trial));
    expect(e.data).toMatchObject({ valid_till: '2026-12-20', previous_valid_till: '2026-11-20' });
  });

  it('renews once per invoice: a second payment or a replayed callback does not extend it again', () => {
    const first = decideSubscription(renew('2026-12-03'), subscription(trial));
    expect(decideSubscription(renew('2026-12-03'), subscription(trial, ...first))).toEqual([]);
    expect(
      decideSubscription(renew('2026-12-03', 'i2'), subscription(trial, ...first))[0].data,
    ).toMatchObject({
      valid_till: '2027-02-03',
    });
  });

  it('leaves a disabled salon disabled', () => {
    const s = subscription(trial, { type: 'SalonDisabled', data: { reason: 'x' } });
    const events = decideSubscription(renew('2026-12-03'), s);
    expect(events.reduce(evolveSubscription, s).disabled).toBe(true);
  });

  it('the plan’s employees apply after the change: the limit refuses one more, then allows after an upgrade', () => {
    const basic = subscription(
      trial,
      ...decideSubscription({ ...renew('2026-12-03'), maxEmployees: 2 }, subscription(trial)),
    );
    expect(basic.maxEmployees).toBe(2);
    const add = (max: number) =>
      decideEmployee(
        {
          type: 'AddEmployee',
          employeeId: 'e3',
          details: { name_en: 'Sara', name_ar: 'سارة' } as never,
          activeEmployees: 2,
          maxEmployees: max,
        },
        initialEmployeeState,
        { ownerUserId: 'owner' },
      );
    rejects(() => add(basic.maxEmployees!), 'staff.employee_limit_reached');
    const upgraded = subscription(trial, ...decideSubscription(renew('2026-12-03', 'i2'), basic));
    expect(upgraded.maxEmployees).toBe(8);
    expect(add(upgraded.maxEmployees!).map((e) => e.type)).toEqual(['EmployeeAdded']);
  });
});
