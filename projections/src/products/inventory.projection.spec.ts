import { givenEvents } from '../testing/given-events.test-support';
import { inventoryProjection } from './inventory.projection';

describe('inventory projection', () => {
  it('given stock added and some used by the salon, then each movement carries its cost at the average cost', async () => {
    const then = await givenEvents(inventoryProjection, [
      {
        type: 'ProductDefined',
        stream: 'product-t1.p1',
        data: { product_id: 'p1', name_en: 'Shampoo', name_ar: 'شامبو' },
      },
      {
        type: 'StockMoved',
        stream: 'product-t1.p1',
        data: {
          product_id: 'p1',
          operation: 0,
          quantity: 10,
          balance: 10,
          unit_cost: 1250,
          average_cost: 1250,
        },
      },
      {
        type: 'StockMoved',
        stream: 'product-t1.p1',
        data: { product_id: 'p1', operation: 3, quantity: -3, balance: 7, average_cost: 1250 },
      },
    ]);
    const moves = await then.find('stock_operations');
    expect(moves.map((m) => [m.operation, m.quantity, m.cost])).toEqual([
      [0, 10, 12500],
      [3, -3, -3750],
    ]);
    expect(await then.get('products', 'p1')).toMatchObject({ quantity: 7, stock_value: 8750 });
  });
});
