import {
  conflict,
  DEFAULT_BILLING_SELLER,
  notFound,
  rejected,
  type AccountGatewayPaymentEvent,
  type AccountGatewayPaymentStarted,
  type AccountInvoiceEvent,
  type AccountInvoiceIssued,
  type AccountInvoicePaymentRecorded,
  type AccountPaymentMethod,
  type AccountPaymentRequested,
  type BillingSeller,
  type BillingSellerChanged,
  type PaidPlan,
  type PlanChanged,
  type PlanDefinition,
} from '@rawnaq/contracts';

// ---- a plan of the catalogue: changed as a whole, the previous kept for the audit log ----

export type PlanState = PlanDefinition | null;
export const evolvePlan = (_s: PlanState, e: PlanChanged): PlanState => {
  const { plan: _p, previous: _prev, ...definition } = e.data;
  return definition;
};
export const decidePlan = (plan: PaidPlan, wanted: PlanDefinition, s: PlanState): PlanChanged[] =>
  s && JSON.stringify(s) === JSON.stringify(wanted)
    ? []
    : [{ type: 'PlanChanged', data: { plan, ...wanted, previous: s } }];

// ---- the platform as a seller ----

export const evolveSeller = (s: BillingSeller, e: BillingSellerChanged): BillingSeller => ({
  ...s,
  ...e.data.changed,
});
export const decideSeller = (wanted: BillingSeller, s: BillingSeller): BillingSellerChanged[] => {
  const changed: Partial<BillingSeller> = {};
  const previous: Partial<BillingSeller> = {};
  for (const k of Object.keys(wanted) as Array<keyof BillingSeller>)
    if (wanted[k] !== s[k]) {
      (changed as Record<string, unknown>)[k] = wanted[k];
      (previous as Record<string, unknown>)[k] = s[k];
    }
  return Object.keys(changed).length ? [{ type: 'BillingSellerChanged', data: { changed, previous } }] : [];
};
export const initialSeller: BillingSeller = DEFAULT_BILLING_SELLER;

// ---- an invoice of the platform to a salon: issued, paid (in one or more payments) or cancelled ----

export type AccountInvoiceState =
  | { exists: false }
  | {
      exists: true;
      issued: AccountInvoiceIssued['data'];
      cancelled: boolean;
      paid: number;
      paidNet: number;
      paidVat: number;
      paymentIds: readonly string[];
    };
export const initialAccountInvoice: AccountInvoiceState = { exists: false };

export const evolveAccountInvoice = (s: AccountInvoiceState, e: AccountInvoiceEvent): AccountInvoiceState => {
  if (e.type === 'AccountInvoiceIssued')
    return {
      exists: true,
      issued: e.data,
      cancelled: false,
      paid: 0,
      paidNet: 0,
      paidVat: 0,
      paymentIds: [],
    };
  if (!s.exists) return s;
  switch (e.type) {
    case 'AccountInvoiceCancelled':
      return { ...s, cancelled: true };
    case 'AccountInvoicePaymentRecorded':
      return {
        ...s,
        paid: s.paid + e.data.amount,
        paidNet: s.paidNet + e.data.net,
        paidVat: s.paidVat + e.data.vat,
        paymentIds: [...s.paymentIds, e.data.payment_id],
      };
    case 'AccountInvoicePaid':
      return s;
  }
};

export const dueOf = (s: AccountInvoiceState) => (s.exists ? s.issued.total - s.paid : 0);

export type AccountInvoiceCommand =
  | { type: 'Issue'; issued: AccountInvoiceIssued['data'] }
  | { type: 'Cancel'; reason: string }
  | {
      type: 'RecordPayment';
      paymentId: string;
      method: AccountPaymentMethod;
      amount: number;
      reference: string;
      paidOn: string;
      paidAt: string;
    };

export const decideAccountInvoice = (
  c: AccountInvoiceCommand,
  s: AccountInvoiceState,
): AccountInvoiceEvent[] => {
  if (c.type === 'Issue') {
    if (s.exists) throw conflict('errors.already_exists');
    return [{ type: 'AccountInvoiceIssued', data: c.issued }];
  }
  if (!s.exists) throw notFound('not_found.record');
  const { invoice_id, account_id } = s.issued;
  if (c.type === 'Cancel') {
    if (s.cancelled) throw conflict('billing.invoice_cancelled');
    if (s.paid > 0) throw conflict('billing.invoice_has_payments');
    return [{ type: 'AccountInvoiceCancelled', data: { invoice_id, account_id, reason: c.reason } }];
  }
  // the same payment told twice (a replayed callback) is recorded once
  if (s.paymentIds.includes(c.paymentId)) return [];
  if (s.cancelled) throw conflict('billing.invoice_cancelled');
  const due = dueOf(s);
  if (due <= 0) throw conflict('billing.invoice_paid');
  if (c.amount <= 0) throw rejected('billing.payment_zero', 'amount');
  if (c.amount > due) throw rejected('billing.payment_exceeds_due', 'amount');
  // the payment's share of VAT; the last payment takes what is left, so the shares add up exactly
  const last = c.amount === due;
  const vat = last
    ? s.issued.vat - s.paidVat
    : Math.round((c.amount * s.issued.vat) / Math.max(1, s.issued.total));
  const recorded: AccountInvoicePaymentRecorded = {
    type: 'AccountInvoicePaymentRecorded',
    data: {
      invoice_id,
      invoice_number: s.issued.number,
      payment_id: c.paymentId,
      account_id,
      method: c.method,
      amount: c.amount,
      net: c.amount - vat,
      vat,
      currency: s.issued.currency,
      reference: c.reference,
      paid_on: c.paidOn,
      paid_at: c.paidAt,
    },
  };
  return last
    ? [recorded, { type: 'AccountInvoicePaid', data: { invoice_id, account_id, paid_at: c.paidAt } }]
    : [recorded];
};

// ---- a payment request: the invoice's due, mailed to the owner once ----

export type PaymentRequestState =
  { exists: false } | { exists: true; request: AccountPaymentRequested['data'] };
export const initialPaymentRequest: PaymentRequestState = { exists: false };
export const evolvePaymentRequest = (
  _s: PaymentRequestState,
  e: AccountPaymentRequested,
): PaymentRequestState => ({
  exists: true,
  request: e.data,
});
/** A request for what is due on an open invoice; a cancelled or paid invoice has nothing to ask for. */
export const decidePaymentRequest = (
  request: AccountPaymentRequested['data'],
  invoice: AccountInvoiceState,
  s: PaymentRequestState,
): AccountPaymentRequested[] => {
  if (s.exists) throw conflict('errors.already_exists');
  if (!invoice.exists) throw rejected('not_found.record', 'invoice_id');
  if (invoice.cancelled) throw conflict('billing.invoice_cancelled', 'invoice_id');
  if (dueOf(invoice) <= 0) throw conflict('billing.invoice_paid', 'invoice_id');
  return [{ type: 'AccountPaymentRequested', data: { ...request, amount: dueOf(invoice) } }];
};

// ---- a payment of an invoice at the gateway: opened, then settled once by the gateway's callback ----

export type AccountGatewayPaymentState =
  | { exists: false }
  | { exists: true; started: AccountGatewayPaymentStarted['data']; status: number | undefined };
export const initialAccountGatewayPayment: AccountGatewayPaymentState = { exists: false };
export const evolveAccountGatewayPayment = (
  s: AccountGatewayPaymentState,
  e: AccountGatewayPaymentEvent,
): AccountGatewayPaymentState =>
  e.type === 'AccountGatewayPaymentStarted'
    ? { exists: true, started: e.data, status: undefined }
    : s.exists
      ? { ...s, status: e.data.status }
      : s;
export const decideAccountGatewayPayment = (
  c:
    | { type: 'Start'; started: AccountGatewayPaymentStarted['data'] }
    | { type: 'Settle'; status: number; reference: string },
  s: AccountGatewayPaymentState,
): AccountGatewayPaymentEvent[] => {
  if (c.type === 'Start') return s.exists ? [] : [{ type: 'AccountGatewayPaymentStarted', data: c.started }];
  if (!s.exists) throw notFound('not_found.payment');
  // the first final outcome stands: a repeat or a late contrary callback changes nothing; pending or
  // awaiting 3-D Secure is not an outcome yet
  if (s.status !== undefined || c.status === 1 || c.status === 2) return [];
  return [
    {
      type: 'AccountGatewayPaymentSettled',
      data: {
        payment_id: s.started.payment_id,
        invoice_id: s.started.invoice_id,
        status: c.status,
        reference: c.reference,
      },
    },
  ];
};
