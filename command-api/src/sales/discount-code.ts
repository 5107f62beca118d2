import { conflict, notFound, type DiscountCodeDetails, type DiscountCodeEvent } from '@rawnaq/contracts';

/** A discount code as its commands see it: its details and how many invoices used it. */
export type DiscountCodeState =
  { defined: false } | { defined: true; id: string; details: DiscountCodeDetails; uses: number };

export const initialDiscountCodeState: DiscountCodeState = { defined: false };

export const evolveDiscountCode = (state: DiscountCodeState, event: DiscountCodeEvent): DiscountCodeState => {
  switch (event.type) {
    case 'DiscountCodeDefined': {
      const { discount_code_id: id, ...details } = event.data;
      return { defined: true, id, details, uses: 0 };
    }
    case 'DiscountCodeChanged':
      return state.defined ? { ...state, details: { ...state.details, ...event.data.changed } } : state;
    case 'DiscountCodeUsed':
      return state.defined ? { ...state, uses: state.uses + 1 } : state;
    default:
      return state;
  }
};

export type DiscountCodeCommand =
  | { type: 'Define'; id: string; details: DiscountCodeDetails }
  | { type: 'Change'; details: DiscountCodeDetails }
  | {
      type: 'Use';
      invoiceId: string;
      invoiceNumber: number;
      customerId: string | null;
      amount: number;
      today: string;
    };

/** Defined once, changed field by field (what changed and what it was), used once if it is single-use. */
export const decideDiscountCode = (
  command: DiscountCodeCommand,
  state: DiscountCodeState,
): DiscountCodeEvent[] => {
  switch (command.type) {
    case 'Define':
      if (state.defined) throw conflict('discount_codes.duplicate', 'code');
      return [{ type: 'DiscountCodeDefined', data: { discount_code_id: command.id, ...command.details } }];
    case 'Change': {
      if (!state.defined) throw notFound('not_found.discount_code');
      const changed: Partial<DiscountCodeDetails> = {};
      const previous: Partial<DiscountCodeDetails> = {};
      for (const key of Object.keys(command.details) as Array<keyof DiscountCodeDetails>) {
        const next = command.details[key];
        const before = state.details[key];
        if (JSON.stringify(next) !== JSON.stringify(before)) {
          (changed as Record<string, unknown>)[key] = next;
          (previous as Record<string, unknown>)[key] = before;
        }
      }
      if (Object.keys(changed).length === 0) return [];
      return [{ type: 'DiscountCodeChanged', data: { discount_code_id: state.id, changed, previous } }];
    }
    case 'Use':
      if (!state.defined) throw notFound('not_found.discount_code');
      // a single-use code taken by two desks at once: the second append sees the first use
      if (state.details.single_use && state.uses > 0) throw conflict('discount_codes.used', 'discount_code');
      return [
        {
          type: 'DiscountCodeUsed',
          data: {
            discount_code_id: state.id,
            code: state.details.code,
            invoice_id: command.invoiceId,
            invoice_number: command.invoiceNumber,
            customer_id: command.customerId,
            amount: command.amount,
            business_date: command.today,
          },
        },
      ];
  }
};
