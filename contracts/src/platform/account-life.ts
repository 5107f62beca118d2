import { z } from 'zod';
import { COUNTRIES, CountryIdSchema, type CountryId } from '../coded-values/countries';
import { cleanPayload, mobileField } from '../customers/customer-input';
import { mobileWithCountryCode } from '../validators/mobile';
import { addDays, today, type NowInput } from '../dates/instants';
import { streamName } from '../events/envelope';
import { PLATFORM_TENANT } from '../identity/events';
import { required } from '../validators/core';
import { date } from '../validators/dates';
import { aliasName, email, maxLength, minLength } from '../validators/text';
import { withRule } from '../validators/zod';

/** Spec doc2 §6: a new salon tries the product for 7 days (non-refundable). */
export const TRIAL_DAYS = 7;

/** The plans a salon pays for (doc2 §6), and the trial it starts on. */
export const PLANS = ['trial', 'basic', 'advanced', 'premium'] as const;
export type Plan = (typeof PLANS)[number];

/** A request for a free trial, from the visitor's e-mail link to the manager's decision. */
export const TRIAL_REQUEST_STATES = ['waiting_verification', 'requested', 'approved', 'rejected'] as const;
export type TrialRequestState = (typeof TRIAL_REQUEST_STATES)[number];
/**
 * Whether a request is still pending, not yet decided: one at a time per address, and the manager's
 * to-do list. Confirmed and waiting for the manager; or waiting for its e-mail's link while the link
 * can still be followed (`link_expires_at`, the last instant `VerifyEmail` takes it). One whose link
 * expired unfollowed can never be confirmed: it no longer holds its address, so a visitor whose mail
 * was lost asks again.
 */
export const trialRequestPending = (state: TrialRequestState, linkExpiresAt: string, now: Date): boolean =>
  state === 'requested' || (state === 'waiting_verification' && now.toISOString() <= linkExpiresAt);

/** `trialRequestPending` as a filter of the `trial_requests` read model. */
export const pendingTrialRequestsFilter = (now: Date) => ({
  $or: [
    { state: 'requested' },
    { state: 'waiting_verification', link_expires_at: { $gte: now.toISOString() } },
  ],
});

/** Where a salon stands: what its users may do follows from it (see `accountClosure`). */
export type AccountState = 'trial' | 'active' | 'expired' | 'disabled';

export const trialRequestStream = (requestId: string) =>
  streamName('trialrequest', PLATFORM_TENANT, requestId);
/** The salon's subscription: plan, valid till, disabled or not (apart from its settings). */
export const subscriptionStream = (tenantId: string) => streamName('subscription', tenantId, tenantId);

const code = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), schema);

/** The mobile as typed: a local number takes the chosen country's code (before the rules judge it). */
const withCountryCode = (v: unknown) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
  const o = v as Record<string, unknown>;
  const country = typeof o.country_id === 'string' ? Number(o.country_id) : o.country_id;
  return typeof country === 'number' && COUNTRIES[country as CountryId]
    ? { ...o, mobile: mobileWithCountryCode(o.mobile, country) }
    : o;
};

/** The public website's free-trial form. */
export const freeTrialRequestInput = z.preprocess(
  (v) => withCountryCode(cleanPayload(v)),
  z.object({
    name_en: withRule(z.string(), required, maxLength(100)),
    name_ar: withRule(z.string(), required, maxLength(100)),
    owner_name: withRule(z.string(), required, maxLength(100)),
    email: withRule(z.string(), required, email, maxLength(100)),
    country_id: code(CountryIdSchema),
    mobile: mobileField(),
    city: withRule(z.string(), maxLength(100)).optional(),
    // where the visitor came from (the website's link of a campaign), for marketing's follow-up
    utm_source: withRule(z.string(), maxLength(100)).optional(),
    utm_campaign: withRule(z.string(), maxLength(100)).optional(),
  }),
);
export type FreeTrialRequestInput = z.infer<typeof freeTrialRequestInput>;

export const verifyTrialRequestInput = z.preprocess(
  cleanPayload,
  z.object({
    request_id: z.uuid(),
    token: withRule(z.string(), required, maxLength(200)),
  }),
);

/** The manager's approval: the salon's web address may be given, else one is made from its name. */
export const approveTrialRequestInput = z.preprocess(
  cleanPayload,
  z.object({
    alias: withRule(z.string(), aliasName, minLength(3), maxLength(40)).optional(),
  }),
);

/** A reason is what the audit log shows of a decision against a salon. */
export const reasonInput = z.preprocess(
  cleanPayload,
  z.object({ reason: withRule(z.string(), required, maxLength(500)) }),
);

export const enableAccountInput = z.preprocess(
  cleanPayload,
  z.object({ reason: withRule(z.string(), maxLength(500)).optional() }),
);

/** The manager renews (or activates) a salon: its plan, until when, and how many employees it may have. */
export const renewAccountInput = z.preprocess(
  cleanPayload,
  z.object({
    plan: z.enum(['basic', 'advanced', 'premium']),
    valid_till: withRule(z.string(), required, date),
    max_employees: code(z.number().int().min(1).max(1000)).optional(),
  }),
);

export type FreeTrialRequested = {
  type: 'FreeTrialRequested';
  data: {
    request_id: string;
    name_en: string;
    name_ar: string;
    owner_name: string;
    email: string;
    mobile: string;
    country_id: number;
    city?: string;
    utm_source?: string;
    utm_campaign?: string;
    /** the e-mail link's hash (the link itself is only in the mail) */
    token_hash: string;
    expires_at: string;
  };
};
export type FreeTrialEmailVerified = { type: 'FreeTrialEmailVerified'; data: { request_id: string } };
export type FreeTrialApproved = {
  type: 'FreeTrialApproved';
  data: { request_id: string; account_id: number; alias: string; valid_till: string };
};
export type FreeTrialRejected = { type: 'FreeTrialRejected'; data: { request_id: string; reason: string } };
export type TrialRequestEvent =
  FreeTrialRequested | FreeTrialEmailVerified | FreeTrialApproved | FreeTrialRejected;

export type TrialStarted = {
  type: 'TrialStarted';
  data: { plan: 'trial'; valid_till: string; max_employees: number; request_id?: string };
};
export type SubscriptionRenewed = {
  type: 'SubscriptionRenewed';
  data: {
    plan: Exclude<Plan, 'trial'>;
    valid_till: string;
    previous_valid_till: string | null;
    max_employees?: number;
    /** the paid invoice that renewed it (none: the manager renewed it by hand) */
    invoice_id?: string;
  };
};
export type SalonDisabled = { type: 'SalonDisabled'; data: { reason: string } };
export type SalonEnabled = { type: 'SalonEnabled'; data: { reason?: string } };
export type SubscriptionEvent = TrialStarted | SubscriptionRenewed | SalonDisabled | SalonEnabled;

export const timeZoneOfCountry = (countryId: unknown) =>
  COUNTRIES[countryId as CountryId]?.timeZone ?? 'Asia/Riyadh';

/** The last day of a trial that starts now: today + 7 in the salon's zone. */
export const trialValidTill = (now: NowInput, countryId: unknown) =>
  addDays(today(now, timeZoneOfCountry(countryId)), TRIAL_DAYS);

/**
 * Where a salon stands now, derived from its plan and valid till (no worker: the day after valid till
 * it is expired at once). A salon with no plan (the demo, one opened before plans) is active.
 */
export const accountState = (
  a: { plan?: unknown; valid_till?: unknown; disabled?: unknown; country_id?: unknown; [k: string]: unknown },
  now: NowInput,
): AccountState => {
  if (a.disabled === true) return 'disabled';
  if (typeof a.valid_till === 'string' && today(now, timeZoneOfCountry(a.country_id)) > a.valid_till)
    return 'expired';
  return a.plan === 'trial' ? 'trial' : 'active';
};

/** Why the salon may not sell or book now (a message key), or undefined when it may. */
export const accountClosure = (
  a: Parameters<typeof accountState>[0],
  now: NowInput,
): 'account.expired' | 'account.disabled' | undefined => {
  const state = accountState(a, now);
  return state === 'expired' ? 'account.expired' : state === 'disabled' ? 'account.disabled' : undefined;
};
