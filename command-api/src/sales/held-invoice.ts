import {
  conflict,
  DomainError,
  notFound,
  type HeldInvoiceEvent,
  type HeldInvoiceStatus,
  type InvoiceHeld,
} from '@rawnaq/contracts';

/** A held basket as its commands see it: absent, or held with where it stands. */
export type HeldInvoiceState =
  | { held: false }
  | { held: true; basket: InvoiceHeld['data']; status: HeldInvoiceStatus; invoiceNumber?: number };

export const initialHeldInvoiceState: HeldInvoiceState = { held: false };

export const evolveHeldInvoice = (state: HeldInvoiceState, event: HeldInvoiceEvent): HeldInvoiceState => {
  switch (event.type) {
    case 'InvoiceHeld':
      return { held: true, basket: event.data, status: 'on_hold' };
    case 'HeldInvoiceCancelled':
      return state.held ? { ...state, status: 'cancelled' } : state;
    case 'HeldInvoiceIssued':
      return state.held ? { ...state, status: 'issued', invoiceNumber: event.data.invoice_number } : state;
    default:
      return state;
  }
};

export type HeldInvoiceCommand =
  | { type: 'HoldInvoice'; basket: InvoiceHeld['data'] }
  | { type: 'CancelHeldInvoice'; heldInvoiceId: string; at: string; by: string }
  | {
      type: 'IssueHeldInvoice';
      heldInvoiceId: string;
      invoiceId: string;
      invoiceNumber: number;
      at: string;
      by: string;
    };

/** Only a basket still on hold moves on: a cancelled or issued one answers 409 with why. */
const mustBeOnHold = (state: HeldInvoiceState, field?: string): void => {
  if (!state.held) throw notFound('not_found.held_invoice');
  if (state.status === 'cancelled') throw conflict('sales.held_invoice_cancelled', field);
  if (state.status === 'issued')
    throw new DomainError(
      'sales.held_invoice_issued',
      409,
      field ? { [field]: 'sales.held_invoice_issued' } : undefined,
      { number: state.invoiceNumber ?? 0 },
    );
};

/**
 * Held invoices (doc1 §4: on hold → cancelled; issue 11): a basket is held once; it is then either
 * cancelled or issued as an invoice from the till, once, and never both.
 */
export const decideHeldInvoice = (
  command: HeldInvoiceCommand,
  state: HeldInvoiceState,
): HeldInvoiceEvent[] => {
  switch (command.type) {
    case 'HoldInvoice':
      // a retry with the same key finds the same id: the basket is held already
      if (state.held) return [];
      return [{ type: 'InvoiceHeld', data: command.basket }];
    case 'CancelHeldInvoice': {
      mustBeOnHold(state);
      return [
        {
          type: 'HeldInvoiceCancelled',
          data: {
            held_invoice_id: command.heldInvoiceId,
            cancelled_at: command.at,
            cancelled_by: command.by,
          },
        },
      ];
    }
    case 'IssueHeldInvoice': {
      mustBeOnHold(state, 'held_invoice_id');
      return [
        {
          type: 'HeldInvoiceIssued',
          data: {
            held_invoice_id: command.heldInvoiceId,
            invoice_id: command.invoiceId,
            invoice_number: command.invoiceNumber,
            issued_at: command.at,
            issued_by: command.by,
          },
        },
      ];
    }
  }
};
