import { conflict, notFound, own, type DepositEvent, type DepositTaken } from '@rawnaq/contracts';

type Deposit = { taken: DepositTaken['data']; status: 'active' | 'applied' | 'cancelled' };

/** A visit's deposits as their commands see them. */
export type DepositsState = { deposits: Record<string, Deposit> };
export const initialDepositsState: DepositsState = { deposits: {} };

export const evolveDeposits = (state: DepositsState, event: DepositEvent): DepositsState => {
  const set = (id: string, patch: Partial<Deposit>) => {
    const current = own(state.deposits, id);
    return current ? { deposits: { ...state.deposits, [id]: { ...current, ...patch } } } : state;
  };
  switch (event.type) {
    case 'DepositTaken':
      return {
        deposits: { ...state.deposits, [event.data.deposit_id]: { taken: event.data, status: 'active' } },
      };
    case 'DepositCancelled':
      return set(event.data.deposit_id, { status: 'cancelled' });
    case 'DepositApplied':
      return set(event.data.deposit_id, { status: 'applied' });
    default:
      return state;
  }
};

/** The deposits a checkout counts: the visit's, neither cancelled nor used. */
export const activeDeposits = (state: DepositsState) =>
  Object.values(state.deposits)
    .filter((d) => d.status === 'active')
    .map((d) => d.taken);

export type DepositCommand =
  | { type: 'Take'; taken: DepositTaken['data'] }
  | { type: 'Cancel'; depositId: string; reason: string; today: string }
  | { type: 'Apply'; invoiceId: string; invoiceNumber: number };

/**
 * Deposits (doc1 §4, payment source 1): taken before the visit; cancelled once and only once (doc2
 * §8.2 "a payment cannot be cancelled twice"), never after its invoice used it; applied on the visit's
 * invoice, all that are still active.
 */
export const decideDeposits = (command: DepositCommand, state: DepositsState): DepositEvent[] => {
  switch (command.type) {
    case 'Take':
      if (own(state.deposits, command.taken.deposit_id)) return [];
      return [{ type: 'DepositTaken', data: command.taken }];
    case 'Cancel': {
      // the id is the request's: a name every object has is no deposit
      const deposit = own(state.deposits, command.depositId);
      if (!deposit) throw notFound('not_found.payment');
      if (deposit.status === 'cancelled') throw conflict('deposits.already_cancelled');
      if (deposit.status === 'applied') throw conflict('deposits.already_applied');
      return [
        {
          type: 'DepositCancelled',
          data: {
            deposit_id: command.depositId,
            appointment_id: deposit.taken.appointment_id,
            reason: command.reason,
            amount: deposit.taken.payment.amount,
            method: deposit.taken.payment.method,
            business_date: command.today,
          },
        },
      ];
    }
    case 'Apply':
      return activeDeposits(state).map((d) => ({
        type: 'DepositApplied' as const,
        data: {
          deposit_id: d.deposit_id,
          appointment_id: d.appointment_id,
          invoice_id: command.invoiceId,
          invoice_number: command.invoiceNumber,
          amount: d.payment.amount,
        },
      }));
  }
};
