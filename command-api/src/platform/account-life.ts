import {
  addMonths,
  conflict,
  DomainError,
  notFound,
  rejected,
  type FreeTrialRequested,
  type Plan,
  type SubscriptionEvent,
  type TrialRequestEvent,
  type TrialRequestState,
} from '@rawnaq/contracts';

// ---- a free-trial request: waiting for the e-mail link, requested, then approved or rejected ----

export type TrialRequest =
  { exists: false } | { exists: true; state: TrialRequestState; request: FreeTrialRequested['data'] };
export const initialTrialRequest: TrialRequest = { exists: false };

export const evolveTrialRequest = (s: TrialRequest, e: TrialRequestEvent): TrialRequest => {
  if (e.type === 'FreeTrialRequested')
    return { exists: true, state: 'waiting_verification', request: e.data };
  if (!s.exists) return s;
  switch (e.type) {
    case 'FreeTrialEmailVerified':
      return { ...s, state: 'requested' };
    case 'FreeTrialApproved':
      return { ...s, state: 'approved' };
    case 'FreeTrialRejected':
      return { ...s, state: 'rejected' };
  }
};

export type TrialRequestCommand =
  | { type: 'RequestFreeTrial'; request: FreeTrialRequested['data'] }
  | { type: 'VerifyEmail'; tokenHash: string; now: string }
  | { type: 'Approve'; accountId: number; alias: string; validTill: string }
  | { type: 'Reject'; reason: string };

export const decideTrialRequest = (c: TrialRequestCommand, s: TrialRequest): TrialRequestEvent[] => {
  if (c.type === 'RequestFreeTrial') {
    if (s.exists) throw conflict('errors.already_exists');
    return [{ type: 'FreeTrialRequested', data: c.request }];
  }
  if (!s.exists) throw notFound('not_found.record');
  const id = s.request.request_id;
  switch (c.type) {
    case 'VerifyEmail':
      // a link followed twice (a second tab) changes nothing
      if (s.state !== 'waiting_verification') {
        if (s.state === 'requested') return [];
        throw new DomainError('trial.token_invalid', 404);
      }
      if (c.tokenHash !== s.request.token_hash || c.now > s.request.expires_at)
        throw new DomainError('trial.token_invalid', 404);
      return [{ type: 'FreeTrialEmailVerified', data: { request_id: id } }];
    case 'Approve':
      // the manager approves what the requester confirmed; a refusal is final (she asks again)
      if (s.state === 'rejected') throw conflict('trial.rejected_cannot_be_approved');
      if (s.state === 'approved') throw conflict('trial.already_approved');
      if (s.state === 'waiting_verification') throw conflict('trial.not_verified');
      return [
        {
          type: 'FreeTrialApproved',
          data: { request_id: id, account_id: c.accountId, alias: c.alias, valid_till: c.validTill },
        },
      ];
    case 'Reject':
      if (s.state === 'rejected') throw conflict('trial.already_rejected');
      if (s.state === 'approved') throw conflict('trial.already_approved');
      return [{ type: 'FreeTrialRejected', data: { request_id: id, reason: c.reason } }];
  }
};

// ---- a salon's subscription: trial, active until valid till, disabled by the manager ----

export type Subscription = {
  plan: Plan | undefined;
  validTill: string | null;
  disabled: boolean;
  /** the plan's employees, when a trial or a renewal said (else the account's own) */
  maxEmployees?: number;
  /** the paid invoices that renewed the salon: each renews it once, however often it is paid */
  renewedBy: readonly string[];
};
export const initialSubscription: Subscription = {
  plan: undefined,
  validTill: null,
  disabled: false,
  renewedBy: [],
};

export const evolveSubscription = (s: Subscription, e: SubscriptionEvent): Subscription => {
  switch (e.type) {
    case 'TrialStarted':
    case 'SubscriptionRenewed':
      return {
        ...s,
        plan: e.data.plan,
        validTill: e.data.valid_till,
        ...(e.data.max_employees !== undefined && { maxEmployees: e.data.max_employees }),
        ...(e.type === 'SubscriptionRenewed' &&
          e.data.invoice_id && { renewedBy: [...(s.renewedBy ?? []), e.data.invoice_id] }),
      };
    case 'SalonDisabled':
      return { ...s, disabled: true };
    case 'SalonEnabled':
      return { ...s, disabled: false };
  }
};

export type SubscriptionCommand =
  | { type: 'StartTrial'; validTill: string; maxEmployees: number; requestId?: string }
  | { type: 'Renew'; plan: Exclude<Plan, 'trial'>; validTill: string; today: string; maxEmployees?: number }
  | {
      type: 'RenewForInvoice';
      invoiceId: string;
      plan: Exclude<Plan, 'trial'>;
      months: number;
      today: string;
      maxEmployees?: number;
    }
  | { type: 'Disable'; reason: string }
  | { type: 'Enable'; reason?: string };

export const decideSubscription = (c: SubscriptionCommand, s: Subscription): SubscriptionEvent[] => {
  switch (c.type) {
    case 'StartTrial':
      // a salon has one trial, at its opening
      if (s.plan !== undefined) throw conflict('errors.already_exists');
      return [
        {
          type: 'TrialStarted',
          data: {
            plan: 'trial',
            valid_till: c.validTill,
            max_employees: c.maxEmployees,
            ...(c.requestId && { request_id: c.requestId }),
          },
        },
      ];
    case 'Renew':
      // renewing to a day already past would leave it expired: a mistake, not a renewal
      if (c.validTill < c.today) throw rejected('account.valid_till_past', 'valid_till');
      return [
        {
          type: 'SubscriptionRenewed',
          data: {
            plan: c.plan,
            valid_till: c.validTill,
            previous_valid_till: s.validTill,
            ...(c.maxEmployees !== undefined && { max_employees: c.maxEmployees }),
          },
        },
      ];
    case 'RenewForInvoice': {
      // a paid invoice renews once: a second payment or a replayed callback changes nothing
      if ((s.renewedBy ?? []).includes(c.invoiceId)) return [];
      // the paid period follows what was left (paid early) or starts today (expired, or a trial)
      const from = s.validTill && s.validTill > c.today ? s.validTill : c.today;
      return [
        {
          type: 'SubscriptionRenewed',
          data: {
            plan: c.plan,
            valid_till: addMonths(from, c.months),
            previous_valid_till: s.validTill,
            ...(c.maxEmployees !== undefined && { max_employees: c.maxEmployees }),
            invoice_id: c.invoiceId,
          },
        },
      ];
    }
    case 'Disable':
      if (s.disabled) throw conflict('account.already_disabled');
      return [{ type: 'SalonDisabled', data: { reason: c.reason } }];
    case 'Enable':
      if (!s.disabled) throw conflict('account.not_disabled');
      return [{ type: 'SalonEnabled', data: { ...(c.reason && { reason: c.reason }) } }];
  }
};
