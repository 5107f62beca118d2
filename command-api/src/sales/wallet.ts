import { conflict, refusalOf, type WalletEvent } from '@rawnaq/contracts';

/** A customer's wallet as its commands see it: the balance, in minor units. */
export type WalletState = { balance: number };

export const initialWalletState: WalletState = { balance: 0 };

export const evolveWallet = (state: WalletState, event: WalletEvent): WalletState => {
  switch (event.type) {
    case 'WalletToppedUp':
    case 'WalletCredited':
      return { balance: state.balance + event.data.amount };
    case 'WalletDebited':
      return { balance: state.balance - event.data.amount };
    case 'WalletMovedOut':
      return { balance: 0 };
    case 'WalletMovedIn':
      return { balance: state.balance + event.data.amount };
    default:
      return state;
  }
};

export type WalletCommand =
  | {
      type: 'TopUp';
      customerId: string;
      customerName: string;
      payment: Extract<WalletEvent, { type: 'WalletToppedUp' }>['data']['payment'];
      businessDate: string;
      cashierId: string;
      notes?: string;
    }
  | {
      type: 'Debit';
      customerId: string;
      amount: number;
      invoiceId: string;
      invoiceNumber: number;
      businessDate: string;
      formatMoney?: (minor: number) => string;
      /** the field the refusal names (the invoice's wallet payment) */
      field: string;
    }
  | {
      type: 'Credit';
      customerId: string;
      amount: number;
      creditNoteId: string;
      creditNoteNumber: number;
      businessDate: string;
    }
  | { type: 'MoveOut'; customerId: string; toCustomerId: string; businessDate: string }
  | { type: 'MoveIn'; customerId: string; fromCustomerId: string; amount: number; businessDate: string };

/**
 * The wallet's rules: money comes in by a top-up (a positive payment) or a refund, and goes out only
 * to pay an invoice, never below zero. Every movement records the balance it leaves, so the history
 * reads as a statement. A customer merged into another hands her whole balance over (`MoveOut` here,
 * `MoveIn` of the same amount on the kept customer's wallet, in the merge's one append).
 */
export const decideWallet = (command: WalletCommand, state: WalletState): WalletEvent[] => {
  switch (command.type) {
    case 'TopUp': {
      const amount = command.payment.amount;
      if (!Number.isSafeInteger(amount) || amount <= 0)
        throw refusalOf([{ field: 'amount', key: 'sales.payment_not_positive' }], 'sales.invoice_refused');
      return [
        {
          type: 'WalletToppedUp',
          data: {
            customer_id: command.customerId,
            customer_name: command.customerName,
            amount,
            payment: command.payment,
            business_date: command.businessDate,
            cashier_id: command.cashierId,
            balance: state.balance + amount,
            ...(command.notes && { notes: command.notes }),
          },
        },
      ];
    }
    case 'Debit':
      if (command.amount > state.balance)
        throw refusalOf(
          [
            {
              field: command.field,
              key: 'sales.wallet_balance_low',
              params: { balance: (command.formatMoney ?? String)(state.balance) },
            },
          ],
          'sales.invoice_refused',
        );
      return [
        {
          type: 'WalletDebited',
          data: {
            customer_id: command.customerId,
            amount: command.amount,
            invoice_id: command.invoiceId,
            invoice_number: command.invoiceNumber,
            business_date: command.businessDate,
            balance: state.balance - command.amount,
          },
        },
      ];
    case 'Credit':
      if (command.amount <= 0) throw conflict('wallet.nothing_to_credit');
      return [
        {
          type: 'WalletCredited',
          data: {
            customer_id: command.customerId,
            amount: command.amount,
            credit_note_id: command.creditNoteId,
            credit_note_number: command.creditNoteNumber,
            business_date: command.businessDate,
            balance: state.balance + command.amount,
          },
        },
      ];
    case 'MoveOut':
      if (state.balance === 0) return [];
      return [
        {
          type: 'WalletMovedOut',
          data: {
            customer_id: command.customerId,
            to_customer_id: command.toCustomerId,
            amount: state.balance,
            business_date: command.businessDate,
            balance: 0,
          },
        },
      ];
    case 'MoveIn':
      if (command.amount === 0) return [];
      return [
        {
          type: 'WalletMovedIn',
          data: {
            customer_id: command.customerId,
            from_customer_id: command.fromCustomerId,
            amount: command.amount,
            business_date: command.businessDate,
            balance: state.balance + command.amount,
          },
        },
      ];
  }
};
