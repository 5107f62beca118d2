import {
  addDays,
  conflict,
  giftCardStatus,
  refusalOf,
  type ErrorDetail,
  type GiftCardEvent,
  type GiftCardIssued,
} from '@rawnaq/contracts';

/** A gift card as its commands see it: as issued, what remains to spend, and whether it expired with it. */
export type GiftCardState =
  { issued: false } | { issued: true; card: GiftCardIssued['data']; remaining: number; expired?: boolean };

export const initialGiftCardState: GiftCardState = { issued: false };

export const evolveGiftCard = (state: GiftCardState, event: GiftCardEvent): GiftCardState => {
  switch (event.type) {
    case 'GiftCardIssued':
      return { issued: true, card: event.data, remaining: event.data.value };
    case 'GiftCardRedeemed':
      return state.issued ? { ...state, remaining: event.data.remaining } : state;
    case 'GiftCardExpired':
      return state.issued ? { ...state, expired: true } : state;
    default:
      return state;
  }
};

/**
 * Why a card cannot pay `amount` on an invoice for `customerId` today, if it cannot (doc2 §8.2): no
 * such card, used up, expired, another customer's, or less left on it than asked. A card of a customer
 * merged into her (`mergedIds`) is hers.
 */
export const redemptionProblem = (
  state: GiftCardState,
  request: {
    amount: number;
    customerId: string | null;
    mergedIds?: readonly string[];
    today: string;
    field: string;
  },
  money: (minor: number) => string = String,
): ErrorDetail | undefined => {
  const { field } = request;
  if (!state.issued) return { field: `${field}.code`, key: 'gift_cards.not_found' };
  const status = giftCardStatus(
    { remaining: state.remaining, expires_on: state.card.expires_on },
    request.today,
  );
  if (status === 'used') return { field: `${field}.code`, key: 'gift_cards.used' };
  if (status === 'expired')
    return { field: `${field}.code`, key: 'gift_cards.expired', params: { date: state.card.expires_on } };
  if (
    state.card.customer_id &&
    state.card.customer_id !== request.customerId &&
    !(request.mergedIds ?? []).includes(state.card.customer_id)
  )
    return { field: `${field}.code`, key: 'gift_cards.other_customer' };
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
    return { field: `${field}.amount`, key: 'sales.payment_not_positive' };
  if (request.amount > state.remaining)
    return {
      field: `${field}.amount`,
      key: 'gift_cards.above_remaining',
      params: { remaining: money(state.remaining) },
    };
  return undefined;
};

export type GiftCardCommand =
  | { type: 'IssueGiftCard'; card: GiftCardIssued['data'] }
  | {
      type: 'RedeemGiftCard';
      amount: number;
      customerId: string | null;
      mergedIds?: readonly string[];
      invoiceId: string;
      invoiceNumber: number;
      today: string;
      field: string;
      formatMoney?: (minor: number) => string;
    }
  /** the daily expiry: a card whose last day is before `today`, with something left, expires once */
  | { type: 'ExpireGiftCard'; today: string };

export const decideGiftCard = (command: GiftCardCommand, state: GiftCardState): GiftCardEvent[] => {
  switch (command.type) {
    case 'IssueGiftCard':
      if (state.issued) throw conflict('gift_cards.already_issued');
      return [{ type: 'GiftCardIssued', data: command.card }];
    case 'RedeemGiftCard': {
      const problem = redemptionProblem(
        state,
        {
          amount: command.amount,
          customerId: command.customerId,
          mergedIds: command.mergedIds,
          today: command.today,
          field: command.field,
        },
        command.formatMoney,
      );
      if (problem || !state.issued) throw refusalOf([problem!], 'sales.invoice_refused');
      return [
        {
          type: 'GiftCardRedeemed',
          data: {
            gift_card_id: state.card.gift_card_id,
            code: state.card.code,
            amount: command.amount,
            invoice_id: command.invoiceId,
            invoice_number: command.invoiceNumber,
            business_date: command.today,
            remaining: state.remaining - command.amount,
          },
        },
      ];
    }
    case 'ExpireGiftCard': {
      if (!state.issued || state.expired || state.remaining <= 0 || state.card.expires_on >= command.today)
        return [];
      return [
        {
          type: 'GiftCardExpired',
          data: {
            gift_card_id: state.card.gift_card_id,
            code: state.card.code,
            remaining: state.remaining,
            expires_on: state.card.expires_on,
            // the day after its last day, whenever the worker comes to it: a replay dates it the same
            business_date: addDays(state.card.expires_on as never, 1),
          },
        },
      ];
    }
  }
};
