import { addDays, daysBetween, type BusinessDate } from '../dates/instants';

/**
 * One stream per offer or package a customer bought (`customeroffer-<tenant>.<id>`): the services and
 * sessions she has left, used one by one on later invoices (doc1 §1 account kind "unused offer
 * services"). Opened by the invoice that sells it, or by any other sale of it (the booking site).
 */
export const CUSTOMER_OFFER_CATEGORY = 'customeroffer';

export type CustomerOfferKind = 'offer' | 'package';

/** A service of a purchased offer or package and how many sessions of it it gives. */
export type CustomerOfferService = { service_id: string; name_en: string; name_ar: string; sessions: number };

export type CustomerOfferOpened = {
  type: 'CustomerOfferOpened';
  data: {
    customer_offer_id: string;
    /** the public `e-offer/{unique_id}` page */
    unique_id: string;
    kind: CustomerOfferKind;
    /** the offer or package of the menu it was bought from */
    source_id: string;
    name_en: string;
    name_ar: string;
    description_en?: string;
    description_ar?: string;
    customer_id: string;
    customer_name: string;
    services: CustomerOfferService[];
    /**
     * How many sessions she may use in all: a package's sessions added up; a fixed offer's services
     * (each once); a variable offer's `max_services_to_use` of them (each at most once).
     */
    allowance: number;
    /** what she paid for it before VAT, and with VAT (minor units) */
    price: number;
    total: number;
    currency: string;
    invoice_id: string | null;
    invoice_number: number | null;
    /** the invoice line that sold it */
    line_id: string | null;
    business_date: BusinessDate;
    /** its last valid day */
    expires_on: BusinessDate;
    opened_by: string;
  };
};

export type CustomerOfferSessionUsed = {
  type: 'CustomerOfferSessionUsed';
  data: {
    customer_offer_id: string;
    service_id: string;
    invoice_id: string;
    invoice_number: number;
    line_id: string;
    business_date: BusinessDate;
    /** sessions left in all after this one */
    left: number;
  };
};

/** A used session given back: the invoice that used it was credited or cancelled. */
export type CustomerOfferSessionReturned = {
  type: 'CustomerOfferSessionReturned';
  data: {
    customer_offer_id: string;
    service_id: string;
    invoice_id: string;
    line_id: string;
    credit_note_id: string | null;
    business_date: BusinessDate;
    left: number;
  };
};

/** The purchase undone (its sale credited or cancelled) before any session of it was used. */
export type CustomerOfferClosed = {
  type: 'CustomerOfferClosed';
  data: {
    customer_offer_id: string;
    invoice_id: string;
    credit_note_id: string | null;
    reason: 'credit_note' | 'cancelled';
    business_date: BusinessDate;
  };
};

/**
 * Its last day passed with sessions left: written once, by the daily expiry worker, so the books
 * recognise what they were worth as income (breakage) on the day after its last day.
 */
export type CustomerOfferExpired = {
  type: 'CustomerOfferExpired';
  data: {
    customer_offer_id: string;
    sessions_left: number;
    /** what the sessions left were worth (`valueLeft`), no longer owed to the customer */
    value_left: number;
    expires_on: BusinessDate;
    /** the first day it was no longer valid */
    business_date: BusinessDate;
  };
};

export type CustomerOfferEvent =
  | CustomerOfferOpened
  | CustomerOfferSessionUsed
  | CustomerOfferSessionReturned
  | CustomerOfferClosed
  | CustomerOfferExpired;

/** A package is valid `validity_days` days from its sale: sold on the 1st for 30 days, last used on the 30th. */
export const packageExpiry = (soldOn: BusinessDate, validityDays: number): BusinessDate =>
  addDays(soldOn, Math.max(1, validityDays) - 1);

/** A use of a session, still counted unless given back. */
export type CustomerOfferUse = { service_id: string; invoice_id: string; line_id: string; returned: boolean };

/** Sessions of one service still usable: its own sessions left, within what the whole allowance leaves. */
export const sessionsLeftOf = (
  item: { services: CustomerOfferService[]; allowance: number },
  uses: readonly CustomerOfferUse[],
  serviceId: string,
): number => {
  const service = item.services.find((s) => s.service_id === serviceId);
  if (!service) return 0;
  const counted = uses.filter((u) => !u.returned);
  const ofService = counted.filter((u) => u.service_id === serviceId).length;
  return Math.max(0, Math.min(service.sessions - ofService, item.allowance - counted.length));
};

export const sessionsLeft = (item: { allowance: number }, uses: readonly CustomerOfferUse[]) =>
  Math.max(0, item.allowance - uses.filter((u) => !u.returned).length);

/**
 * What is left of a purchase is worth its share of what she paid before VAT (docs/api.md): the price
 * times the sessions left over the sessions it gave, rounded half up to the minor unit. Nothing is left
 * of a used up, expired or closed one.
 */
export const valueLeft = (price: number, left: number, allowance: number): number =>
  allowance <= 0 || left <= 0 ? 0 : Math.floor((price * left * 2 + allowance) / (2 * allowance));

export type CustomerOfferStatus = 'active' | 'used' | 'expired' | 'closed';

/** Its status on a day: closed (its sale undone), used up, expired after its last day, else active. */
export const customerOfferStatus = (
  item: { closed?: boolean; sessions_left: number; expires_on: BusinessDate },
  today: BusinessDate,
): CustomerOfferStatus =>
  item.closed ? 'closed' : item.sessions_left <= 0 ? 'used' : item.expires_on < today ? 'expired' : 'active';

/** Days until its last day (0: today is the last), negative once expired. */
export const daysToExpiry = (expiresOn: BusinessDate, today: BusinessDate) => daysBetween(today, expiresOn);

/** The messages of purchased offers and packages (keys `customer_offers.*`), in both languages. */
export const customerOfferMessages = {
  en: {
    customer_offers: {
      customer_required:
        'Customer: choose the customer first, an offer or a package is sold to a customer and used on her later visits',
      offer_expired: 'This offer expired on %{date}, so it can no longer be sold',
      not_for_sale: 'This offer or package is paused or disabled, so it cannot be sold',
      one_per_line: 'Quantity: each offer or package sold is a line of its own (quantity 1)',
      one_session_per_line: 'Quantity: a line paid by a session uses one session (quantity 1)',
      not_found: 'This customer has no such offer or package',
      other_customer: 'This offer or package belongs to another customer',
      expired: 'This offer or package expired on %{date}',
      closed: 'This offer or package was returned, so it has no sessions left',
      service_not_included: 'This service is not part of the offer or package',
      no_session_left: 'No session of this service is left in the offer or package',
      not_a_service: 'Only a service line can be paid by a session of an offer or package',
      used_cannot_credit:
        'Sessions of this offer or package were already used, so its sale cannot be credited',
      used_cannot_cancel:
        'Sessions of this offer or package were already used, so its invoice cannot be cancelled',
      not_held: 'A session is used when the invoice is issued: remove it from the line to hold the invoice',
      already_opened: 'This offer or package was already opened',
    },
  },
  ar: {
    customer_offers: {
      customer_required: 'العميل: اختر العميل أولاً، فالعرض أو الباقة تُباع لعميل وتُستخدم في زياراته اللاحقة',
      offer_expired: 'انتهى هذا العرض في %{date}، فلم يعد بيعه ممكناً',
      not_for_sale: 'هذا العرض أو الباقة موقوف أو معطّل، فلا يمكن بيعه',
      one_per_line: 'الكمية: كل عرض أو باقة مباعة سطر مستقل (الكمية 1)',
      one_session_per_line: 'الكمية: السطر المدفوع بجلسة يستخدم جلسة واحدة (الكمية 1)',
      not_found: 'لا يملك هذا العميل هذا العرض أو الباقة',
      other_customer: 'هذا العرض أو الباقة لعميل آخر',
      expired: 'انتهى هذا العرض أو الباقة في %{date}',
      closed: 'أُرجع هذا العرض أو الباقة، فلم تبق منه جلسات',
      service_not_included: 'هذه الخدمة ليست ضمن العرض أو الباقة',
      no_session_left: 'لم تبق جلسة من هذه الخدمة في العرض أو الباقة',
      not_a_service: 'لا يُدفع بجلسة من عرض أو باقة إلا سطر خدمة',
      used_cannot_credit: 'استُخدمت جلسات من هذا العرض أو الباقة، فلا يمكن إصدار إشعار دائن لبيعه',
      used_cannot_cancel: 'استُخدمت جلسات من هذا العرض أو الباقة، فلا يمكن إلغاء فاتورته',
      not_held: 'تُستخدم الجلسة عند إصدار الفاتورة: أزلها من السطر لتعليق الفاتورة',
      already_opened: 'فُتح هذا العرض أو الباقة من قبل',
    },
  },
};

export const CUSTOMER_OFFER_EVENT_TYPES = [
  'CustomerOfferOpened',
  'CustomerOfferSessionUsed',
  'CustomerOfferSessionReturned',
  'CustomerOfferClosed',
  'CustomerOfferExpired',
] as const;
