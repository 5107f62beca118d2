import {
  conflict,
  DomainError,
  divideRoundHalfUp,
  notFound,
  StockOperationType,
  type ProductDetails,
  type ProductEvent,
  type StockOperation,
} from '@rawnaq/contracts';

export type ProductState =
  | { defined: false }
  | {
      defined: true;
      productId: string;
      details: ProductDetails;
      active: boolean;
      quantity: number;
      averageCost: number;
    };

export const initialProductState: ProductState = { defined: false };

export const evolveProduct = (state: ProductState, event: ProductEvent): ProductState => {
  if (event.type === 'ProductDefined') {
    const { product_id, ...details } = event.data;
    return { defined: true, productId: product_id, details, active: true, quantity: 0, averageCost: 0 };
  }
  if (!state.defined) return state;
  switch (event.type) {
    case 'ProductChanged': {
      const details = { ...state.details } as Record<string, unknown>;
      for (const [k, v] of Object.entries(event.data.changed)) {
        if (v === null) delete details[k];
        else details[k] = v;
      }
      return { ...state, details: details as ProductDetails };
    }
    case 'ProductDisabled':
      return { ...state, active: false };
    case 'ProductActivated':
      return { ...state, active: true };
    case 'StockMoved':
      return { ...state, quantity: event.data.balance, averageCost: event.data.average_cost };
    case 'StockNotificationRead':
      return state;
  }
};

type StockCommand =
  | { type: 'MoveStock'; operation: StockOperation; quantity: number; unitCost?: number; notes?: string }
  /** sold at the till (operation 5): below zero only where the salon and the user allow selling without stock */
  | { type: 'SellStock'; quantity: number; invoiceId: string; allowBelowZero: boolean }
  /** back on the shelf from a credit note (operation 6) */
  | { type: 'ReturnStock'; quantity: number; invoiceId: string }
  /** received from a supplier on a purchase (operation 9), at its unit cost before VAT */
  | { type: 'ReceiveStock'; quantity: number; unitCost: number; purchaseId: string };

export type ProductCommand =
  | {
      type: 'DefineProduct';
      productId: string;
      details: ProductDetails;
      initialQuantity?: number;
      costPrice?: number;
      date?: string;
    }
  | { type: 'ChangeProduct'; details: ProductDetails }
  | { type: 'DisableProduct' }
  | { type: 'ActivateProduct' }
  | { type: 'ReadStockNotification'; notificationId: string }
  /** `date`: the salon's business date of the movement (the books post its cost on it) */
  | (StockCommand & { date?: string });

/** Weighted average cost after receiving `added` units at `unitCost`, half-up to the minor unit. */
export const averageCostAfter = (
  quantity: number,
  average: number,
  added: number,
  unitCost: number,
): number =>
  quantity + added <= 0
    ? unitCost
    : Number(
        divideRoundHalfUp(
          BigInt(quantity) * BigInt(average) + BigInt(added) * BigInt(unitCost),
          BigInt(quantity + added),
        ),
      );

const CODES: Record<StockOperation, number> = {
  add_quantity: StockOperationType.add_quantity,
  adjust_quantity: StockOperationType.adjust_quantity,
  internal_use: StockOperationType.internal_use,
  expired: StockOperationType.expired,
  lost: StockOperationType.lost,
};

/** The product's decision, each stock movement dated on the business date the command gives. */
export const decideProduct = (command: ProductCommand, state: ProductState): ProductEvent[] => {
  const events = decideUndated(command, state);
  const date = 'date' in command ? command.date : undefined;
  return date
    ? events.map((e) => (e.type === 'StockMoved' ? { ...e, data: { ...e.data, date } } : e))
    : events;
};

const decideUndated = (command: ProductCommand, state: ProductState): ProductEvent[] => {
  if (command.type === 'DefineProduct') {
    if (state.defined) return [];
    const defined: ProductEvent = {
      type: 'ProductDefined',
      data: { product_id: command.productId, ...command.details },
    };
    if (!command.initialQuantity) return [defined];
    const cost = command.costPrice ?? 0;
    return [
      defined,
      {
        type: 'StockMoved',
        data: {
          product_id: command.productId,
          operation: StockOperationType.initial_quantity,
          quantity: command.initialQuantity,
          balance: command.initialQuantity,
          unit_cost: cost,
          average_cost: cost,
        },
      },
    ];
  }
  if (!state.defined) throw notFound('not_found.product');
  const product_id = state.productId;
  switch (command.type) {
    case 'ChangeProduct': {
      const changed: Record<string, unknown> = {};
      const previous: Record<string, unknown> = {};
      const before = state.details as Record<string, unknown>;
      const after = command.details as Record<string, unknown>;
      for (const k of new Set([...Object.keys(before), ...Object.keys(after)]))
        if (JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null)) {
          changed[k] = after[k] ?? null;
          previous[k] = before[k] ?? null;
        }
      return Object.keys(changed).length
        ? [{ type: 'ProductChanged', data: { product_id, changed, previous } }]
        : [];
    }
    case 'DisableProduct':
      if (!state.active) throw conflict('products.already_disabled');
      return [{ type: 'ProductDisabled', data: { product_id } }];
    case 'ActivateProduct':
      if (state.active) throw conflict('products.already_active');
      return [{ type: 'ProductActivated', data: { product_id } }];
    case 'SellStock': {
      if (command.quantity > state.quantity && !command.allowBelowZero)
        throw new DomainError('sales.not_enough_stock', 422, undefined, {
          product_en: state.details.name_en,
          product_ar: state.details.name_ar,
          quantity: state.quantity,
        });
      return [
        {
          type: 'StockMoved',
          data: {
            product_id,
            operation: StockOperationType.sold,
            quantity: -command.quantity,
            balance: state.quantity - command.quantity,
            average_cost: state.averageCost,
            invoice_id: command.invoiceId,
          },
        },
      ];
    }
    case 'ReturnStock':
      return [
        {
          type: 'StockMoved',
          data: {
            product_id,
            operation: StockOperationType.invoice_return,
            quantity: command.quantity,
            balance: state.quantity + command.quantity,
            average_cost: state.averageCost,
            invoice_id: command.invoiceId,
          },
        },
      ];
    case 'ReceiveStock':
      return [
        {
          type: 'StockMoved',
          data: {
            product_id,
            operation: StockOperationType.purchase,
            quantity: command.quantity,
            balance: state.quantity + command.quantity,
            unit_cost: command.unitCost,
            average_cost: averageCostAfter(
              state.quantity,
              state.averageCost,
              command.quantity,
              command.unitCost,
            ),
            purchase_id: command.purchaseId,
          },
        },
      ];
    case 'ReadStockNotification':
      return [
        { type: 'StockNotificationRead', data: { product_id, notification_id: command.notificationId } },
      ];
    case 'MoveStock': {
      const { operation, quantity } = command;
      if (operation === 'adjust_quantity') {
        // a count: the quantity is what is on the shelf; the movement is the difference
        if (quantity === state.quantity) return [];
        return [
          {
            type: 'StockMoved',
            data: {
              product_id,
              operation: CODES[operation],
              quantity: quantity - state.quantity,
              balance: quantity,
              average_cost: state.averageCost,
              ...(command.notes && { notes: command.notes }),
            },
          },
        ];
      }
      if (quantity <= 0)
        throw new DomainError(
          'validation.should_be_more_than_or_equal_to',
          422,
          { quantity: 'validation.should_be_more_than_or_equal_to' },
          { min: 1 },
        );
      if (operation === 'add_quantity') {
        const unitCost = command.unitCost ?? state.averageCost;
        return [
          {
            type: 'StockMoved',
            data: {
              product_id,
              operation: CODES[operation],
              quantity,
              balance: state.quantity + quantity,
              unit_cost: unitCost,
              average_cost: averageCostAfter(state.quantity, state.averageCost, quantity, unitCost),
              ...(command.notes && { notes: command.notes }),
            },
          },
        ];
      }
      // internal use, expired and lost take from the shelf: never below zero
      // the current quantity goes with the message, so the person sees what is left
      if (quantity > state.quantity)
        throw new DomainError(
          'validation.less_than_or_equal_current_quantity',
          422,
          { quantity: 'validation.less_than_or_equal_current_quantity' },
          { max: state.quantity },
        );
      return [
        {
          type: 'StockMoved',
          data: {
            product_id,
            operation: CODES[operation],
            quantity: -quantity,
            balance: state.quantity - quantity,
            average_cost: state.averageCost,
            ...(command.notes && { notes: command.notes }),
          },
        },
      ];
    }
  }
};
