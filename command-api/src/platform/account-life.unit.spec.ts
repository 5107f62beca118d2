import {
  accountClosure,
  accountState,
  DomainError,
  trialRequestPending,
  trialValidTill,
  type FreeTrialRequested,
  type SubscriptionEvent,
  type TrialRequestEvent,
} from '@rawnaq/contracts';
import {
  decideSubscription,
  decideTrialRequest,
  evolveSubscription,
  evolveTrialRequest,
  initialSubscription,
  initialTrialRequest,
  type SubscriptionCommand,
  type TrialRequestCommand,
} from './account-life';

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

const request: FreeTrialRequested['data'] = {
  request_id: 'r1',
  name_en: 'Lulu Salon',
  name_ar: 'صالون لولو',
  owner_name: 'Lulu',
  email: 'lulu@example.com',
  mobile: '+966501234567',
  country_id: 1,
  token_hash: 'hash',
  expires_at: '2026-12-04T10:00:00.000Z',
};
const requested: TrialRequestEvent = { type: 'FreeTrialRequested', data: request };
const verified: TrialRequestEvent = { type: 'FreeTrialEmailVerified', data: { request_id: 'r1' } };
const rejectedEvent: TrialRequestEvent = {
  type: 'FreeTrialRejected',
  data: { request_id: 'r1', reason: 'not a salon' },
};

const givenRequest = (...events: TrialRequestEvent[]) => ({
  when: (c: TrialRequestCommand) => {
    const run = () => decideTrialRequest(c, events.reduce(evolveTrialRequest, initialTrialRequest));
    return {
      then: (expected: TrialRequestEvent[]) => expect(run()).toEqual(expected),
      thenRejects: (k: string) => rejects(run, k),
    };
  },
});
const givenSubscription = (...events: SubscriptionEvent[]) => ({
  when: (c: SubscriptionCommand) => {
    const run = () => decideSubscription(c, events.reduce(evolveSubscription, initialSubscription));
    return {
      then: (expected: SubscriptionEvent[]) => expect(run()).toEqual(expected),
      thenRejects: (k: string) => rejects(run, k),
    };
  },
});
const approve: TrialRequestCommand = {
  type: 'Approve',
  accountId: 7,
  alias: 'lulusalon',
  validTill: '2026-12-10',
};

describe('a free-trial request', () => {
  it('waits for its e-mail link, which confirms it once, before its time runs out', () => {
    givenRequest().when({ type: 'RequestFreeTrial', request }).then([requested]);
    givenRequest(requested)
      .when({ type: 'VerifyEmail', tokenHash: 'hash', now: '2026-12-03T10:00:00.000Z' })
      .then([verified]);
    givenRequest(requested, verified)
      .when({ type: 'VerifyEmail', tokenHash: 'hash', now: '2026-12-03T10:00:00.000Z' })
      .then([]);
    givenRequest(requested)
      .when({ type: 'VerifyEmail', tokenHash: 'other', now: '2026-12-03T10:00:00.000Z' })
      .thenRejects('trial.token_invalid');
    givenRequest(requested)
      .when({ type: 'VerifyEmail', tokenHash: 'hash', now: '2026-12-05T10:00:00.000Z' })
      .thenRejects('trial.token_invalid');
  });

  it('is approved by the manager once its e-mail is confirmed', () => {
    givenRequest(requested, verified)
      .when(approve)
      .then([
        {
          type: 'FreeTrialApproved',
          data: { request_id: 'r1', account_id: 7, alias: 'lulusalon', valid_till: '2026-12-10' },
        },
      ]);
    givenRequest(requested).when(approve).thenRejects('trial.not_verified');
  });

  it('once rejected, with a reason, cannot be approved nor rejected again', () => {
    givenRequest(requested, verified).when({ type: 'Reject', reason: 'not a salon' }).then([rejectedEvent]);
    givenRequest(requested, verified, rejectedEvent)
      .when(approve)
      .thenRejects('trial.rejected_cannot_be_approved');
    givenRequest(requested, verified, rejectedEvent)
      .when({ type: 'Reject', reason: 'again' })
      .thenRejects('trial.already_rejected');
  });

  it('once approved, is neither approved again nor rejected', () => {
    const approved: TrialRequestEvent = {
      type: 'FreeTrialApproved',
      data: { request_id: 'r1', account_id: 7, alias: 'lulusalon', valid_till: '2026-12-10' },
    };
    givenRequest(requested, verified, approved).when(approve).thenRejects('trial.already_approved');
    givenRequest(requested, verified, approved)
      .when({ type: 'Reject', reason: 'x' })
      .thenRejects('trial.already_approved');
    givenRequest().when(approve).thenRejects('not_found.record');
  });

  it('is pending while its link can still confirm it, or once confirmed until the manager decides', () => {
    const expires = request.expires_at;
    const at = (iso: string) => new Date(iso);
    // the last instant the link confirms it (VerifyEmail above) is the last it is pending unconfirmed
    expect(trialRequestPending('waiting_verification', expires, at('2026-12-04T10:00:00.000Z'))).toBe(true);
    expect(trialRequestPending('waiting_verification', expires, at('2026-12-04T10:00:00.001Z'))).toBe(false);
    expect(trialRequestPending('requested', expires, at('2027-01-01T00:00:00.000Z'))).toBe(true);
    expect(trialRequestPending('approved', expires, at('2026-12-03T10:00:00.000Z'))).toBe(false);
    expect(trialRequestPending('rejected', expires, at('2026-12-03T10:00:00.000Z'))).toBe(false);
  });
});

describe("a salon's subscription", () => {
  const trial: SubscriptionEvent = {
    type: 'TrialStarted',
    data: { plan: 'trial', valid_till: '2026-12-10', max_employees: 3 },
  };
  const disabled: SubscriptionEvent = { type: 'SalonDisabled', data: { reason: 'unpaid' } };

  it('starts with one trial of 7 days, ending in the salon’s own zone', () => {
    givenSubscription().when({ type: 'StartTrial', validTill: '2026-12-10', maxEmployees: 3 }).then([trial]);
    givenSubscription(trial)
      .when({ type: 'StartTrial', validTill: '2026-12-20', maxEmployees: 3 })
      .thenRejects('errors.already_exists');
    // 22:30 UTC on 3 December is already the 4th in Riyadh
    expect(trialValidTill('2026-12-03T22:30:00.000Z', 1)).toBe('2026-12-11');
    expect(trialValidTill('2026-12-03T10:00:00.000Z', 1)).toBe('2026-12-10');
  });

  it('is renewed to a plan and a later valid till, never to a day past', () => {
    givenSubscription(trial)
      .when({ type: 'Renew', plan: 'basic', validTill: '2027-12-10', today: '2026-12-12', maxEmployees: 5 })
      .then([
        {
          type: 'SubscriptionRenewed',
          data: {
            plan: 'basic',
            valid_till: '2027-12-10',
            previous_valid_till: '2026-12-10',
            max_employees: 5,
          },
        },
      ]);
    givenSubscription(trial)
      .when({ type: 'Renew', plan: 'basic', validTill: '2026-12-11', today: '2026-12-12' })
      .thenRejects('account.valid_till_past');
  });

  it('is disabled with a reason and enabled again, each once', () => {
    givenSubscription(trial).when({ type: 'Disable', reason: 'unpaid' }).then([disabled]);
    givenSubscription(trial, disabled)
      .when({ type: 'Disable', reason: 'again' })
      .thenRejects('account.already_disabled');
    givenSubscription(trial, disabled)
      .when({ type: 'Enable' })
      .then([{ type: 'SalonEnabled', data: {} }]);
    givenSubscription(trial).when({ type: 'Enable' }).thenRejects('account.not_disabled');
  });

  it('is expired the day after valid till (no worker needed), and an expired or disabled salon may not sell', () => {
    const salon = { plan: 'trial', valid_till: '2026-12-10', country_id: 1 };
    expect(accountState(salon, '2026-12-10T20:59:00.000Z')).toBe('trial');
    expect(accountClosure(salon, '2026-12-10T20:59:00.000Z')).toBeUndefined();
    // 21:00 UTC is midnight in Riyadh: the 11th, past valid till
    expect(accountState(salon, '2026-12-10T21:00:00.000Z')).toBe('expired');
    expect(accountClosure(salon, '2026-12-10T21:00:00.000Z')).toBe('account.expired');
    expect(accountState({ ...salon, plan: 'basic' }, '2026-12-01T00:00:00.000Z')).toBe('active');
    expect(accountClosure({ ...salon, disabled: true }, '2026-12-01T00:00:00.000Z')).toBe('account.disabled');
    // a salon opened before plans (the demo) stays active
    expect(accountState({ country_id: 1 }, '2030-01-01T00:00:00.000Z')).toBe('active');
  });
});
