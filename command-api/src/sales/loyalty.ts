import { DomainError, refusalOf, type LoyaltyEvent } from '@rawnaq/contracts';

/**
 * A customer's points as their commands see them, and what each invoice earned that a cancelling
 * would take back (an invoice's points leave the map once cancelled, so never twice).
 */
export type LoyaltyState = { balance: number; earnedOn?: Readonly<Record<string, number>> };
export const initialLoyaltyState: LoyaltyState = { balance: 0 };

export const evolveLoyalty = (state: LoyaltyState, event: LoyaltyEvent): LoyaltyState => {
  switch (event.type) {
    case 'LoyaltyPointsEarned': {
      const earnedOn = { ...state.earnedOn };
      earnedOn[event.data.invoice_id] = (earnedOn[event.data.invoice_id] ?? 0) + event.data.points;
      return { balance: event.data.balance, earnedOn };
    }
    case 'LoyaltyPointsCancelled': {
      const { [event.data.invoice_id]: _gone, ...earnedOn } = state.earnedOn ?? {};
      return { balance: event.data.balance, earnedOn };
    }
    case 'LoyaltyPointsReversed':
    case 'LoyaltyPointsRedeemed':
    case 'LoyaltyPointsReset':
      return { ...state, balance: event.data.balance };
    case 'LoyaltyPointsMovedOut':
      return { balance: 0, earnedOn: {} };
    case 'LoyaltyPointsMovedIn': {
      const earnedOn = { ...state.earnedOn };
      for (const [invoice, points] of Object.entries(event.data.earned_on))
        earnedOn[invoice] = (earnedOn[invoice] ?? 0) + points;
      return { balance: event.data.balance, earnedOn };
    }
    default:
      return state;
  }
};

export type LoyaltyCommand =
  | { type: 'Earn'; customerId: string; points: number; invoiceId: string; invoiceNumber: number }
  | { type: 'Reverse'; customerId: string; points: number; creditNoteId: string; creditNoteNumber: number }
  | { type: 'CancelInvoicePoints'; customerId: string; invoiceId: string; invoiceNumber: number }
  | {
      type: 'Redeem';
      customerId: string;
      points: number;
      minPoints: number;
      giftCardId: string;
      code: string;
      value: number;
    }
  | { type: 'Reset'; customerId: string; reason: string; isAdmin: boolean }
  | { type: 'MoveOut'; customerId: string; toCustomerId: string }
  | {
      type: 'MoveIn';
      customerId: string;
      fromCustomerId: string;
      points: number;
      earnedOn: Readonly<Record<string, number>>;
    };

/**
 * Loyalty points (doc1 §3, doc2 §6): earned on invoices, taken back (never below zero) by credit
 * notes, converted into a voucher from the salon's minimum, and reset only by an administrator. Each
 * movement records the balance it leaves. A customer merged into another hands all her points over,
 * with what each invoice earned (`MoveOut` here, `MoveIn` on the kept customer's, in one append).
 */
export const decideLoyalty = (command: LoyaltyCommand, state: LoyaltyState): LoyaltyEvent[] => {
  switch (command.type) {
    case 'Earn':
      if (command.points <= 0) return [];
      return [
        {
          type: 'LoyaltyPointsEarned',
          data: {
            customer_id: command.customerId,
            points: command.points,
            invoice_id: command.invoiceId,
            invoice_number: command.invoiceNumber,
            balance: state.balance + command.points,
          },
        },
      ];
    case 'Reverse': {
      const points = Math.min(command.points, state.balance);
      if (points <= 0) return [];
      return [
        {
          type: 'LoyaltyPointsReversed',
          data: {
            customer_id: command.customerId,
            points,
            credit_note_id: command.creditNoteId,
            credit_note_number: command.creditNoteNumber,
            balance: state.balance - points,
          },
        },
      ];
    }
    case 'CancelInvoicePoints': {
      // what the invoice earned, as far as the balance still holds it (points already turned into a
      // voucher stay spent: the voucher is the customer's)
      const points = Math.min(state.earnedOn?.[command.invoiceId] ?? 0, state.balance);
      if (points <= 0) return [];
      return [
        {
          type: 'LoyaltyPointsCancelled',
          data: {
            customer_id: command.customerId,
            points,
            invoice_id: command.invoiceId,
            invoice_number: command.invoiceNumber,
            balance: state.balance - points,
          },
        },
      ];
    }
    case 'Redeem':
      if (command.points < command.minPoints)
        throw refusalOf(
          [{ field: 'points', key: 'loyalty.below_minimum', params: { min: command.minPoints } }],
          'loyalty.refused',
        );
      if (command.points > state.balance)
        throw refusalOf(
          [{ field: 'points', key: 'loyalty.not_enough', params: { balance: state.balance } }],
          'loyalty.refused',
        );
      return [
        {
          type: 'LoyaltyPointsRedeemed',
          data: {
            customer_id: command.customerId,
            points: command.points,
            gift_card_id: command.giftCardId,
            code: command.code,
            value: command.value,
            balance: state.balance - command.points,
          },
        },
      ];
    case 'Reset':
      if (!command.isAdmin) throw new DomainError('loyalty.reset_admin_only', 403);
      if (state.balance === 0) return [];
      return [
        {
          type: 'LoyaltyPointsReset',
          data: {
            customer_id: command.customerId,
            points: state.balance,
            reason: command.reason,
            balance: 0,
          },
        },
      ];
    case 'MoveOut':
      if (state.balance === 0) return [];
      return [
        {
          type: 'LoyaltyPointsMovedOut',
          data: {
            customer_id: command.customerId,
            to_customer_id: command.toCustomerId,
            points: state.balance,
            balance: 0,
          },
        },
      ];
    case 'MoveIn':
      if (command.points === 0) return [];
      return [
        {
          type: 'LoyaltyPointsMovedIn',
          data: {
            customer_id: command.customerId,
            from_customer_id: command.fromCustomerId,
            points: command.points,
            earned_on: { ...command.earnedOn },
            balance: state.balance + command.points,
          },
        },
      ];
  }
};
