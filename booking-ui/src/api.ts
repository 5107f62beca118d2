/** What `GET /api/public/salons/{alias}` answers (docs/api.md, "Public"). */
export type PublicSalon = {
  alias: string;
  name_en: string;
  name_ar: string;
  /** The settings country code (1 KSA, 2 UAE, 3 Kuwait, 4 Oman, 6 Bahrain), not ISO. */
  country_id: number;
  salon_type: number;
  currency: string;
  time_zone: string;
};

export type SalonResult =
  { status: 'found'; salon: PublicSalon } | { status: 'not-found' } | { status: 'error' };

const isPublicSalon = (body: unknown): body is PublicSalon => {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return (
    typeof b.alias === 'string' &&
    typeof b.name_en === 'string' &&
    typeof b.name_ar === 'string' &&
    typeof b.country_id === 'number' &&
    typeof b.salon_type === 'number' &&
    typeof b.currency === 'string' &&
    typeof b.time_zone === 'string'
  );
};

/**
 * Loads a salon's public card. A 404 (`not_found.account`) means no such salon; a network failure, a 5xx or
 * a body that is not a salon is an error the visitor can retry. An aborted request rejects, as fetch does.
 */
export const fetchSalon = async (
  alias: string,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<SalonResult> => {
  let response: Response;
  try {
    response = await fetchImpl(`/api/public/salons/${encodeURIComponent(alias)}`, {
      headers: { Accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { status: 'error' };
  }
  if (response.status === 404) return { status: 'not-found' };
  if (!response.ok) return { status: 'error' };
  try {
    const body: unknown = await response.json();
    return isPublicSalon(body) ? { status: 'found', salon: body } : { status: 'error' };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { status: 'error' };
  }
};

/** A read of the public API: the value, no such thing (404), or an error the visitor can retry. */
export type Loaded<T> = { status: 'found'; value: T } | { status: 'not-found' } | { status: 'error' };

/** GETs a public resource; an aborted request rejects, as fetch does. */
export const getPublic = async <T>(
  path: string,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<Loaded<T>> => {
  try {
    const response = await fetchImpl(`/api/public/${path}`, {
      headers: { Accept: 'application/json' },
      signal,
    });
    if (response.status === 404) return { status: 'not-found' };
    if (!response.ok) return { status: 'error' };
    return { status: 'found', value: (await response.json()) as T };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { status: 'error' };
  }
};

/** The salon's card with what its online pages need to know. */
export type OnlineSalon = PublicSalon & {
  online_booking: boolean;
  require_email: boolean;
  cancel_cutoff_hours: number;
  /** the deposit an online booking pays first (absent on an older server: none) */
  deposit_type?: 'none' | 'amount' | 'percentage';
  deposit_amount?: string | null;
  deposit_percentage?: number | null;
};

/**
 * The deposit of a visit of `totalMinor` under the salon's policy, in minor units: the server's rule
 * (an amount, never more than the visit; or a percentage, rounded), shown before she confirms.
 */
export const depositOf = (salon: OnlineSalon, totalMinor: number, decimals: number): number => {
  if (totalMinor <= 0) return 0;
  if (salon.deposit_type === 'amount' && salon.deposit_amount) {
    const [whole, frac = ''] = salon.deposit_amount.split('.');
    const minor = Number(whole) * 10 ** decimals + Number(frac.padEnd(decimals, '0').slice(0, decimals));
    return Math.min(totalMinor, minor);
  }
  if (salon.deposit_type === 'percentage' && salon.deposit_percentage)
    return Math.min(totalMinor, Math.round((totalMinor * salon.deposit_percentage) / 100));
  return 0;
};

export type MenuService = {
  id: string;
  name_en: string;
  name_ar: string;
  description_en: string | null;
  description_ar: string | null;
  duration: number;
  price_with_vat: string;
  price_with_vat_minor: number;
};
export type Menu = {
  currency: string;
  groups: Array<{ id: string; name_en: string; name_ar: string; services: MenuService[] }>;
};
export type Employee = { id: string; name_en: string; name_ar: string };
export type FreeTimes = {
  date: string;
  time_zone: string;
  any_employee: string[];
  employees: Array<{ employee_id: string; starts: string[] }>;
};
export type Policies = {
  terms_en: string;
  terms_ar: string;
  refund_policy_en: string;
  refund_policy_ar: string;
};
export type Named = { name_en?: string; name_ar?: string };
export type EBooking = {
  unique_id: string;
  booking_no: number;
  date: string;
  start: string;
  end: string;
  /** 0 cancelled, 1 scheduled, 2 checked in */
  status: number;
  salon: { alias: string; name_en: string; name_ar: string; cancel_cutoff_hours: number };
  lines: Array<{ start: string; end: string; service: Named; employee: Named }>;
};

export type BookingRequest = {
  service_ids: string[];
  employee_id?: string;
  start: string;
  name: string;
  mobile: string;
  email?: string;
  notes?: string;
  language: 'en' | 'ar';
};
export type BookingReply =
  | { status: 'booked'; uniqueId: string }
  /** the salon asks a deposit first: where to pay it (the gateway's hosted page) */
  | { status: 'pay'; payUrl: string; paymentUniqueId: string }
  | { status: 'refused'; message: string; errors: Record<string, string> }
  | { status: 'error' };

/**
 * Books a visit. One Idempotency-Key per confirmation, given by the caller and kept for its retries, so a
 * retry after a lost reply gets the first booking instead of a second one.
 */
export const postBooking = async (
  alias: string,
  body: BookingRequest,
  key: string,
  fetchImpl: typeof fetch = fetch,
): Promise<BookingReply> => {
  try {
    const response = await fetchImpl(`/api/public/salons/${encodeURIComponent(alias)}/bookings`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as {
      unique_id?: string;
      message?: string;
      errors?: Record<string, string>;
      payment_required?: boolean;
      payment?: { pay_url?: string; unique_id?: string };
    };
    if (
      response.status === 202 &&
      json.payment_required &&
      typeof json.payment?.pay_url === 'string' &&
      typeof json.payment.unique_id === 'string'
    )
      return { status: 'pay', payUrl: json.payment.pay_url, paymentUniqueId: json.payment.unique_id };
    if (response.ok && typeof json.unique_id === 'string')
      return { status: 'booked', uniqueId: json.unique_id };
    if (response.status >= 400 && response.status < 500 && typeof json.message === 'string')
      return { status: 'refused', message: json.message, errors: json.errors ?? {} };
    return { status: 'error' };
  } catch {
    return { status: 'error' };
  }
};

/** What `GET /api/public/payment-gateway-status/{uniqueId}` answers. */
export type GatewayPaymentStatus = {
  unique_id: string;
  /** 1, 2 pending; 3, 4, 6 failed; 5 paid (doc1 §4) */
  status: number;
  outcome: 'pending' | 'paid' | 'failed';
  amount: string;
  currency: string;
  pay_url: string | null;
  failed_reason: string | null;
  booking: { id: string; unique_id: string } | null;
  deposit: { unique_id: string } | null;
  salon: { alias: string; name_en: string; name_ar: string };
};
