import { newId } from '@rawnaq/contracts';

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

export const isPublicSalon = (body: unknown): body is PublicSalon => {
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

/** A read of the public API: the value, no such thing (404), or an error the visitor can retry. */
export type Loaded<T> = { status: 'found'; value: T } | { status: 'not-found' } | { status: 'error' };

/** GETs a public resource; an aborted request rejects, as fetch does. */
export const getPublic = async <T>(
  path: string,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
  /** what the body must look like (a body that does not is an error to retry) */
  isValue: (body: unknown) => boolean = (body) => typeof body === 'object' && body !== null,
): Promise<Loaded<T>> => {
  try {
    const response = await fetchImpl(`/api/public/${path}`, {
      headers: { Accept: 'application/json' },
      signal,
    });
    if (response.status === 404) return { status: 'not-found' };
    if (!response.ok) return { status: 'error' };
    const body: unknown = await response.json();
    return isValue(body) ? { status: 'found', value: body as T } : { status: 'error' };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { status: 'error' };
  }
};

/** Where the salon is and how to reach it (each null when the salon did not write it). */
export type SalonContact = {
  address_en: string | null;
  address_ar: string | null;
  /** its city, from the platform's list (absent from answers older than it) */
  city_en?: string | null;
  city_ar?: string | null;
  phone: string | null;
  map_url: string | null;
};

/** The salon's card with what its online pages need to know. */
export type OnlineSalon = PublicSalon &
  SalonContact & {
    online_booking: boolean;
    require_email: boolean;
    cancel_cutoff_hours: number;
    /** the deposit an online booking pays first (absent on an older server: none) */
    deposit_type?: 'none' | 'amount' | 'percentage';
    deposit_amount?: string | null;
    deposit_percentage?: number | null;
    /** whether it sells gift cards online, and within which values (absent on an older server: no) */
    gift_cards?: GiftCardShop;
    /** the salon's account expired or was disabled: its pages show, but it books and sells nothing */
    closed?: 'expired' | 'disabled' | null;
  };

/**
 * The salon as its pages act on it: a closed one (its account expired or disabled) takes no bookings
 * and sells no gift cards, whatever its own settings say, and says so.
 */
export const asOpenAsItIs = (salon: OnlineSalon): OnlineSalon =>
  salon.closed
    ? {
        ...salon,
        online_booking: false,
        ...(salon.gift_cards && { gift_cards: { ...salon.gift_cards, enabled: false } }),
      }
    : salon;

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
  /** the service's picture (served by the public API), or null */
  image_url: string | null;
};
export type Menu = {
  currency: string;
  groups: Array<{ id: string; name_en: string; name_ar: string; services: MenuService[] }>;
};
/** An employee a customer may choose, with the services she does (absent: every service). */
export type Employee = { id: string; name_en: string; name_ar: string; service_ids?: string[] };
/** She does every one of the chosen services (the salon recorded none for her: she does them all). */
export const doesAll = (employee: Employee, serviceIds: readonly string[]) =>
  !Array.isArray(employee.service_ids) || serviceIds.every((id) => employee.service_ids!.includes(id));
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
  time_zone: string;
  /** whether she may still cancel or move it herself (until `change_until`, the salon's cut-off) */
  can_change: boolean;
  change_until: string;
  booking_no: number;
  date: string;
  start: string;
  end: string;
  /** 0 cancelled, 1 scheduled, 2 checked in */
  status: number;
  salon: SalonContact & { alias: string; name_en: string; name_ar: string; cancel_cutoff_hours: number };
  lines: Array<{
    service_id: string;
    employee_id: string;
    start: string;
    end: string;
    service: Named;
    employee: Named;
  }>;
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
  | {
      status: 'refused';
      message: string;
      errors: Record<string, string>;
      params: Record<string, string | number>;
    }
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
  const reply = await postPublic<{
    unique_id?: string;
    payment_required?: boolean;
    payment?: { pay_url?: string; unique_id?: string };
  }>(`salons/${encodeURIComponent(alias)}/bookings`, body, key, fetchImpl);
  if (reply.status !== 'done') return reply;
  const { unique_id, payment_required, payment } = reply.body;
  if (payment_required && typeof payment?.pay_url === 'string' && typeof payment.unique_id === 'string')
    return { status: 'pay', payUrl: payment.pay_url, paymentUniqueId: payment.unique_id };
  return typeof unique_id === 'string' ? { status: 'booked', uniqueId: unique_id } : { status: 'error' };
};

/**
 * One Idempotency-Key per customer action (a retry of that action sends the same one): a time-ordered
 * (v7) UUID, as the back office makes them (see its `newKey`).
 */
export const newIdempotencyKey = (): string => newId();

/** A public command's reply: done (with its body), refused (a 4xx with its message), or an error to retry. */
export type PublicReply<T> =
  | { status: 'done'; body: T }
  | {
      status: 'refused';
      message: string;
      errors: Record<string, string>;
      params: Record<string, string | number>;
    }
  | { status: 'error' };

/** POSTs a public command with its Idempotency-Key (one per action, kept for its retries). */
export const postPublic = async <T>(
  path: string,
  body: unknown,
  key: string,
  fetchImpl: typeof fetch = fetch,
): Promise<PublicReply<T>> => {
  try {
    const response = await fetchImpl(`/api/public/${path}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as {
      message?: string;
      errors?: Record<string, string>;
      params?: Record<string, string | number>;
    };
    if (response.ok) return { status: 'done', body: json as T };
    if (response.status >= 400 && response.status < 500 && typeof json.message === 'string')
      return {
        status: 'refused',
        message: json.message,
        errors: json.errors ?? {},
        params: json.params ?? {},
      };
    return { status: 'error' };
  } catch {
    return { status: 'error' };
  }
};

/** The customer cancels her visit, or moves it to `start`, from its link. */
export const changeBooking = (
  uniqueId: string,
  change: 'cancel' | 'reschedule',
  key: string,
  start?: string,
) => postPublic<unknown>(`e-booking/${encodeURIComponent(uniqueId)}/${change}`, start ? { start } : {}, key);

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
  /** 1 a visit's deposit, 2 a gift card, 3 an offer or package (doc1 §4) */
  gateway_type?: number;
  /** what a gift card or offer payment bought: its page once it is hers */
  purchase?: {
    kind: 'gift_card' | 'offer';
    delivered: boolean;
    /** paid, but the till refused to sell it: the salon settles it by hand */
    not_delivered?: boolean;
    unique_id: string | null;
  } | null;
  salon: { alias: string; name_en: string; name_ar: string };
};

/** An offer or a package on sale, as `GET /api/public/salons/{alias}/offers` lists it. */
export type ShopItem = {
  kind: 'offer' | 'package';
  id: string;
  name_en: string;
  name_ar: string;
  description_en: string | null;
  description_ar: string | null;
  price_with_vat: string;
  price_with_vat_minor: number;
  /** what its services cost one by one, with VAT, when that is more */
  worth_with_vat?: string;
  services: Array<{ service_id: string; name_en: string; name_ar: string; sessions: number }>;
  /** a variable offer: how many of its services she picks */
  choose: number | null;
  /** an offer's last day; a package is valid a number of days from its purchase */
  valid_until: string | null;
  validity_days: number | null;
};
export type GiftCardShop = { enabled: boolean; min: string; max: string; presets: string[] };
export type Shop = { currency: string; online_booking: boolean; items: ShopItem[]; gift_cards: GiftCardShop };

/** Where a purchase goes next: the gateway's hosted page, a refusal to show, or an error to retry. */
export type PurchaseReply =
  | { status: 'pay'; payUrl: string; paymentUniqueId: string }
  | Extract<PublicReply<unknown>, { status: 'refused' | 'error' }>;

/** Buys an offer or a gift card (`offer-purchases`, `gift-card-purchases`): the payment to make first. */
export const postPurchase = async (
  alias: string,
  what: 'offer-purchases' | 'gift-card-purchases',
  body: Record<string, unknown>,
  key: string,
  fetchImpl: typeof fetch = fetch,
): Promise<PurchaseReply> => {
  const reply = await postPublic<{ payment?: { pay_url?: string; unique_id?: string } }>(
    `salons/${encodeURIComponent(alias)}/${what}`,
    body,
    key,
    fetchImpl,
  );
  if (reply.status !== 'done') return reply;
  const { payment } = reply.body;
  return typeof payment?.pay_url === 'string' && typeof payment.unique_id === 'string'
    ? { status: 'pay', payUrl: payment.pay_url, paymentUniqueId: payment.unique_id }
    : { status: 'error' };
};

/**
 * The customer's e-invoice as `GET /api/public/e-invoice/{id}` gives it, the facts a report to ZATCA
 * names (a tax invoice still awaiting clearance has only its number, date and salon).
 */
export type PublicEInvoice = {
  number: number;
  issued_at: string;
  currency: string;
  salon: { name_en: string; name_ar: string };
  seller?: { name_en: string; name_ar: string; vat_number: string | null };
  /** minor units */
  total?: number;
  vat?: number;
};

export const isPublicEInvoice = (body: unknown): body is PublicEInvoice => {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  const salon = b.salon as Record<string, unknown> | undefined;
  return (
    typeof b.number === 'number' &&
    typeof b.issued_at === 'string' &&
    typeof b.currency === 'string' &&
    typeof salon?.name_en === 'string' &&
    typeof salon?.name_ar === 'string' &&
    (b.total === undefined || typeof b.total === 'number') &&
    (b.vat === undefined || typeof b.vat === 'number')
  );
};
