import {
  addDays,
  conflict,
  packageExpiry,
  refusalOf,
  sessionsLeft,
  sessionsLeftOf,
  valueLeft,
  type CustomerOfferEvent,
  type CustomerOfferOpened,
  type CustomerOfferService,
  type CustomerOfferUse,
  type ErrorDetail,
  type OfferDetails,
  type PackageDetails,
} from '@rawnaq/contracts';

/** A purchased offer or package as its commands see it: as opened, its uses, whether it was closed or expired. */
export type CustomerOfferState =
  | { opened: false }
  | {
      opened: true;
      item: CustomerOfferOpened['data'];
      uses: CustomerOfferUse[];
      closed: boolean;
      expired?: boolean;
    };

export const initialCustomerOfferState: CustomerOfferState = { opened: false };

export const evolveCustomerOffer = (
  state: CustomerOfferState,
  event: CustomerOfferEvent,
): CustomerOfferState => {
  if (event.type === 'CustomerOfferOpened')
    return { opened: true, item: event.data, uses: [], closed: false };
  if (!state.opened) return state;
  switch (event.type) {
    case 'CustomerOfferSessionUsed':
      return {
        ...state,
        uses: [
          ...state.uses,
          {
            service_id: event.data.service_id,
            invoice_id: event.data.invoice_id,
            line_id: event.data.line_id,
            returned: false,
          },
        ],
      };
    case 'CustomerOfferSessionReturned':
      return {
        ...state,
        uses: state.uses.map((u) =>
          u.invoice_id === event.data.invoice_id && u.line_id === event.data.line_id
            ? { ...u, returned: true }
            : u,
        ),
      };
    case 'CustomerOfferClosed':
      return { ...state, closed: true };
    case 'CustomerOfferExpired':
      return { ...state, expired: true };
    default:
      return state;
  }
};

/**
 * What a customer gets for an offer or a package of the menu sold on `soldOn` (doc1 §3): a package,
 * its sessions of each service, valid `validity_days` days; a fixed offer, each of its services once;
 * a variable offer, any `max_services_to_use` of its services (each at most once); an offer, until
 * its expiry date. Services are named as the menu names them on the day of the sale.
 */
export const purchaseTerms = (
  bought: { kind: 'offer'; details: OfferDetails } | { kind: 'package'; details: PackageDetails },
  soldOn: string,
  serviceName: (id: string) => { name_en: string; name_ar: string },
): { services: CustomerOfferService[]; allowance: number; expires_on: string } => {
  if (bought.kind === 'package') {
    const services = bought.details.items.map((i) => ({
      service_id: i.service_id,
      ...serviceName(i.service_id),
      sessions: i.sessions,
    }));
    return {
      services,
      allowance: services.reduce((sum, s) => sum + s.sessions, 0),
      expires_on: packageExpiry(soldOn, bought.details.validity_days),
    };
  }
  const d = bought.details;
  const services = d.service_ids.map((id) => ({ service_id: id, ...serviceName(id), sessions: 1 }));
  const allowance =
    d.use_type === 2 && d.max_services_to_use !== undefined
      ? Math.min(d.max_services_to_use, services.length)
      : services.length;
  return { services, allowance, expires_on: d.expiry_date };
};

/**
 * Why a session of `serviceId` cannot be used today on an invoice of `customerId`, if it cannot: no
 * such purchase, another customer's, returned, expired, the service not in it, no session left. A
 * purchase of a customer merged into her (`mergedIds`) is hers.
 */
export const sessionProblem = (
  state: CustomerOfferState,
  request: {
    customerId: string | null;
    mergedIds?: readonly string[];
    serviceId: string;
    today: string;
    field: string;
  },
): ErrorDetail | undefined => {
  const { field } = request;
  if (!state.opened) return { field, key: 'customer_offers.not_found' };
  if (
    state.item.customer_id !== request.customerId &&
    !(request.mergedIds ?? []).includes(state.item.customer_id)
  )
    return { field, key: 'customer_offers.other_customer' };
  if (state.closed) return { field, key: 'customer_offers.closed' };
  if (state.item.expires_on < request.today)
    return { field, key: 'customer_offers.expired', params: { date: state.item.expires_on } };
  if (!state.item.services.some((s) => s.service_id === request.serviceId))
    return { field, key: 'customer_offers.service_not_included' };
  if (sessionsLeftOf(state.item, state.uses, request.serviceId) <= 0)
    return { field, key: 'customer_offers.no_session_left' };
  return undefined;
};

export type CustomerOfferCommand =
  | { type: 'OpenCustomerOffer'; item: CustomerOfferOpened['data'] }
  | {
      type: 'UseSession';
      customerId: string | null;
      mergedIds?: readonly string[];
      serviceId: string;
      invoiceId: string;
      invoiceNumber: number;
      lineId: string;
      today: string;
      field: string;
    }
  | { type: 'GiveSessionBack'; invoiceId: string; lineId: string; creditNoteId: string | null; today: string }
  | {
      type: 'CloseCustomerOffer';
      invoiceId: string;
      creditNoteId: string | null;
      reason: 'credit_note' | 'cancelled';
      today: string;
      field?: string;
    }
  /** the daily expiry: a purchase whose last day is before `today`, with sessions left, expires once */
  | { type: 'ExpireCustomerOffer'; today: string };

export const decideCustomerOffer = (
  command: CustomerOfferCommand,
  state: CustomerOfferState,
): CustomerOfferEvent[] => {
  if (command.type === 'OpenCustomerOffer') {
    if (state.opened) throw conflict('customer_offers.already_opened');
    return [{ type: 'CustomerOfferOpened', data: command.item }];
  }
  switch (command.type) {
    case 'UseSession': {
      const problem = sessionProblem(state, command);
      if (problem || !state.opened) throw refusalOf([problem!], 'sales.invoice_refused');
      return [
        {
          type: 'CustomerOfferSessionUsed',
          data: {
            customer_offer_id: state.item.customer_offer_id,
            service_id: command.serviceId,
            invoice_id: command.invoiceId,
            invoice_number: command.invoiceNumber,
            line_id: command.lineId,
            business_date: command.today,
            left: sessionsLeft(state.item, state.uses) - 1,
          },
        },
      ];
    }
    case 'GiveSessionBack': {
      if (!state.opened) return [];
      const use = state.uses.find(
        (u) => !u.returned && u.invoice_id === command.invoiceId && u.line_id === command.lineId,
      );
      // already given back (a retried note): nothing more to do
      if (!use) return [];
      const left = sessionsLeft(state.item, state.uses) + 1;
      const returned: CustomerOfferEvent = {
        type: 'CustomerOfferSessionReturned',
        data: {
          customer_offer_id: state.item.customer_offer_id,
          service_id: use.service_id,
          invoice_id: command.invoiceId,
          line_id: command.lineId,
          credit_note_id: command.creditNoteId,
          business_date: command.today,
          left,
        },
      };
      // Past its last day and never expired (nothing was left when the day's expiry came to it): what
      // comes back can never be used, so it expires now, its value breakage on the day it came back.
      // (One that expired with sessions left takes what comes back as breakage too, in the books.)
      if (state.closed || state.expired || state.item.expires_on >= command.today) return [returned];
      return [returned, expiredWith(state.item, left, command.today)];
    }
    case 'CloseCustomerOffer': {
      if (!state.opened || state.closed) return [];
      // what was used was given: the sale of a purchase in use is not undone
      if (state.uses.some((u) => !u.returned))
        throw refusalOf(
          [
            {
              ...(command.field && { field: command.field }),
              key:
                command.reason === 'cancelled'
                  ? 'customer_offers.used_cannot_cancel'
                  : 'customer_offers.used_cannot_credit',
            },
          ],
          'sales.invoice_refused',
        );
      return [
        {
          type: 'CustomerOfferClosed',
          data: {
            customer_offer_id: state.item.customer_offer_id,
            invoice_id: command.invoiceId,
            credit_note_id: command.creditNoteId,
            reason: command.reason,
            business_date: command.today,
          },
        },
      ];
    }
    case 'ExpireCustomerOffer': {
      if (!state.opened || state.closed || state.expired || state.item.expires_on >= command.today) return [];
      const left = sessionsLeft(state.item, state.uses);
      if (left <= 0) return [];
      // the day after its last day, whenever the worker comes to it: a replay dates it the same
      return [expiredWith(state.item, left, addDays(state.item.expires_on, 1))];
    }
  }
};

/** A purchase expiring with `left` sessions unused, their value breakage on `businessDate`. */
const expiredWith = (
  item: CustomerOfferOpened['data'],
  left: number,
  businessDate: string,
): CustomerOfferEvent => ({
  type: 'CustomerOfferExpired',
  data: {
    customer_offer_id: item.customer_offer_id,
    sessions_left: left,
    value_left: valueLeft(item.price, left, item.allowance),
    expires_on: item.expires_on,
    business_date: businessDate,
  },
});
