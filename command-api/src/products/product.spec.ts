import { DomainError, StockOperationType, type ProductDetails, type ProductEvent } from '@rawnaq/contracts';
import {
  averageCostAfter,
  decideProduct,
  evolveProduct,
  initialProductState,
  type ProductCommand,
} from './product';

const shampoo: ProductDetails = {
  name_en: 'Shampoo',
  name_ar: 'شامبو',
  price: 4500,
  usage_type: 1,
  vat_type: 1,
  warning_level: 3,
};
const defined: ProductEvent = { type: 'ProductDefined', data: { product_id: 'p1', ...shampoo } };
const moved = (
  operation: number,
  quantity: number,
  balance: number,
  average_cost: number,
  unit_cost?: number,
): ProductEvent => ({
  type: 'StockMoved',
  data: {
    product_id: 'p1',
    operation,
    quantity,
    balance,
    average_cost,
    ...(unit_cost !== undefined && { unit_cost }),
  },
});

const given = (...events: ProductEvent[]) => ({
  when: (command: ProductCommand) => {
    const state = events.reduce(evolveProduct, initialProductState);
    const run = () => decideProduct(command, state);
    return {
      then: (expected: ProductEvent[]) => expect(run()).toEqual(expected),
      thenRejects: (key: string, errors?: Record<string, string>) => {
        try {
          run();
        } catch (e) {
          expect(e).toBeInstanceOf(DomainError);
          expect(e).toMatchObject({ key, ...(errors && { errors }) });
          return;
        }
        throw new Error('expected a rejection');
      },
    };
  },
});

describe('product', () => {
  it('records the initial quantity as a stock operation of its own', () =>
    given()
      .when({
        type: 'DefineProduct',
        productId: 'p1',
        details: shampoo,
        initialQuantity: 10,
        costPrice: 2000,
      })
      .then([defined, moved(StockOperationType.initial_quantity, 10, 10, 2000, 2000)]));

  it('updates the average cost on additions (weighted, half up)', () => {
    given(defined, moved(StockOperationType.initial_quantity, 10, 10, 2000, 2000))
      .when({ type: 'MoveStock', operation: 'add_quantity', quantity: 5, unitCost: 2300 })
      .then([moved(StockOperationType.add_quantity, 5, 15, 2100, 2300)]);
    expect(averageCostAfter(2, 1000, 1, 1001)).toBe(1000); // 3001 / 3 = 1000.33
    expect(averageCostAfter(1, 1000, 1, 1001)).toBe(1001); // 2001 / 2 = 1000.5 -> 1001
  });

  it('never takes the shelf below zero for internal use, expired or lost', () => {
    const stocked = [defined, moved(StockOperationType.initial_quantity, 4, 4, 2000, 2000)];
    given(...stocked)
      .when({ type: 'MoveStock', operation: 'internal_use', quantity: 3 })
      .then([moved(StockOperationType.internal_use, -3, 1, 2000)]);
    given(...stocked)
      .when({ type: 'MoveStock', operation: 'lost', quantity: 5 })
      .thenRejects('validation.less_than_or_equal_current_quantity', {
        quantity: 'validation.less_than_or_equal_current_quantity',
      });
    given(...stocked)
      .when({ type: 'MoveStock', operation: 'expired', quantity: 4 })
      .then([moved(StockOperationType.expired, -4, 0, 2000)]);
  });

  it('tells how much is on the shelf when refusing more, and refuses moving nothing', () => {
    const state = [defined, moved(StockOperationType.initial_quantity, 4, 4, 2000, 2000)].reduce(
      evolveProduct,
      initialProductState,
    );
    expect(() => decideProduct({ type: 'MoveStock', operation: 'lost', quantity: 5 }, state)).toThrow(
      expect.objectContaining({ params: { max: 4 } }),
    );
    expect(() => decideProduct({ type: 'MoveStock', operation: 'internal_use', quantity: 0 }, state)).toThrow(
      expect.objectContaining({ key: 'validation.should_be_more_than_or_equal_to', params: { min: 1 } }),
    );
  });

  it('records that a stock notification was read, without touching the stock', () => {
    const stocked = [defined, moved(StockOperationType.initial_quantity, 4, 4, 2000, 2000)];
    given(...stocked)
      .when({ type: 'ReadStockNotification', notificationId: 'stock-e1' })
      .then([{ type: 'StockNotificationRead', data: { product_id: 'p1', notification_id: 'stock-e1' } }]);
    const state = [
      ...stocked,
      {
        type: 'StockNotificationRead',
        data: { product_id: 'p1', notification_id: 'stock-e1' },
      } as ProductEvent,
    ].reduce(evolveProduct, initialProductState);
    expect(state).toMatchObject({ quantity: 4, averageCost: 2000 });
  });

  it('adjusts to a counted quantity, recording the difference', () => {
    const stocked = [defined, moved(StockOperationType.initial_quantity, 4, 4, 2000, 2000)];
    given(...stocked)
      .when({ type: 'MoveStock', operation: 'adjust_quantity', quantity: 6, notes: 'count' })
      .then([
        {
          type: 'StockMoved',
          data: {
            product_id: 'p1',
            operation: StockOperationType.adjust_quantity,
            quantity: 2,
            balance: 6,
            average_cost: 2000,
            notes: 'count',
          },
        },
      ]);
    given(...stocked)
      .when({ type: 'MoveStock', operation: 'adjust_quantity', quantity: 4 })
      .then([]);
  });

  it('records only what changed, disables and activates', () => {
    given(defined)
      .when({ type: 'ChangeProduct', details: { ...shampoo, price: 5000 } })
      .then([
        {
          type: 'ProductChanged',
          data: { product_id: 'p1', changed: { price: 5000 }, previous: { price: 4500 } },
        },
      ]);
    given(defined)
      .when({ type: 'DisableProduct' })
      .then([{ type: 'ProductDisabled', data: { product_id: 'p1' } }]);
    given(defined, { type: 'ProductDisabled', data: { product_id: 'p1' } })
      .when({ type: 'DisableProduct' })
      .thenRejects('products.already_disabled');
    given()
      .when({ type: 'MoveStock', operation: 'add_quantity', quantity: 1 })
      .thenRejects('not_found.product');
  });

  it('given a product defined before reasons existed, when it becomes zero-rated with its reason, then only that is recorded', () =>
    given(defined)
      .when({
        type: 'ChangeProduct',
        details: { ...shampoo, vat_type: 4, vat_exemption_code: 'VATEX-SA-35' },
      })
      .then([
        {
          type: 'ProductChanged',
          data: {
            product_id: 'p1',
            changed: { vat_type: 4, vat_exemption_code: 'VATEX-SA-35' },
            previous: { vat_type: 1, vat_exemption_code: null },
          },
        },
      ]));
});
