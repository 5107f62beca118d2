import type { ProductEvent, RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

const lowStock = (quantity: number, warning: unknown) => typeof warning === 'number' && quantity <= warning;

/**
 * Products with what is on the shelf and what it cost on average, every stock movement (the
 * inventory-movements report), and a stock notification when a product reaches its warning level.
 */
export const inventoryProjection: Projection = {
  name: 'inventory',
  // 2: each movement's cost at the average cost (what internal use cost the salon: most-used-products)
  version: 2,
  collections: [
    {
      name: 'products',
      indexes: [
        { fields: ['tenantId', 'name_en'] },
        { fields: ['tenantId', 'barcode'] },
        { fields: ['tenantId', 'low_stock'] },
      ],
    },
    {
      name: 'stock_operations',
      indexes: [
        { fields: ['tenantId', 'at'] },
        { fields: ['tenantId', 'product_id', 'at'] },
        { fields: ['tenantId', 'operation', 'at'] },
      ],
    },
    { name: 'notifications', indexes: [{ fields: ['tenantId', 'type', 'created_at'] }] },
  ],
  handles: [
    'ProductDefined',
    'ProductChanged',
    'ProductDisabled',
    'ProductActivated',
    'StockMoved',
    'StockNotificationRead',
  ],
  reads: (e) => [{ collection: 'products', id: e.data.product_id as string }],
  project: (e: RecordedEvent, lookup): Change[] => {
    const event = e as unknown as ProductEvent & RecordedEvent;
    const tenantId = e.metadata.tenantId;
    const id = event.data.product_id;
    const at = e.metadata.occurredAt;
    const current = lookup('products', id);
    switch (event.type) {
      case 'ProductDefined': {
        const { product_id: _p, ...details } = event.data;
        return [
          {
            kind: 'upsert',
            collection: 'products',
            doc: {
              id,
              tenantId,
              ...details,
              status: 1,
              quantity: 0,
              average_cost: 0,
              stock_value: 0,
              low_stock: lowStock(0, details.warning_level),
              created_at: at,
              updated_at: at,
            },
          },
        ];
      }
      case 'ProductChanged': {
        const set: Record<string, unknown> = { updated_at: at };
        const unset: string[] = [];
        for (const [k, v] of Object.entries(event.data.changed)) {
          if (v === null) unset.push(k);
          else set[k] = v;
        }
        const warning =
          'warning_level' in event.data.changed ? event.data.changed.warning_level : current?.warning_level;
        set.low_stock = lowStock((current?.quantity as number) ?? 0, warning);
        return [{ kind: 'patch', collection: 'products', id, set, unset }];
      }
      case 'ProductDisabled':
      case 'ProductActivated':
        return [
          {
            kind: 'patch',
            collection: 'products',
            id,
            set: { status: event.type === 'ProductActivated' ? 1 : 0, updated_at: at },
          },
        ];
      case 'StockNotificationRead':
        return [
          {
            kind: 'patch',
            collection: 'notifications',
            id: event.data.notification_id,
            set: { read: true, read_at: at, read_by: e.metadata.actor.id },
          },
        ];
      case 'StockMoved': {
        const d = event.data;
        const before = (current?.quantity as number) ?? 0;
        const warning = current?.warning_level;
        const changes: Change[] = [
          {
            kind: 'patch',
            collection: 'products',
            id,
            set: {
              quantity: d.balance,
              average_cost: d.average_cost,
              stock_value: d.balance * d.average_cost,
              low_stock: lowStock(d.balance, warning),
              updated_at: at,
            },
          },
          {
            kind: 'upsert',
            collection: 'stock_operations',
            doc: {
              id: e.id,
              tenantId,
              product_id: id,
              product_name_en: current?.name_en ?? null,
              product_name_ar: current?.name_ar ?? null,
              operation: d.operation,
              quantity: d.quantity,
              balance: d.balance,
              unit_cost: d.unit_cost ?? null,
              average_cost: d.average_cost,
              // what the movement is worth at the average cost (an outflow leaves the average as it was)
              cost: d.quantity * d.average_cost,
              notes: d.notes ?? null,
              at,
              by: e.metadata.actor.id,
            },
          },
        ];
        // crossing the warning level (not every movement below it) makes one notification (page 5, permission 5)
        if (lowStock(d.balance, warning) && !lowStock(before, warning))
          changes.push({
            kind: 'upsert',
            collection: 'notifications',
            doc: {
              id: `stock-${e.id}`,
              tenantId,
              type: 'stocks',
              product_id: id,
              name_en: current?.name_en,
              name_ar: current?.name_ar,
              quantity: d.balance,
              warning_level: warning,
              created_at: at,
              read: false,
            },
          });
        return changes;
      }
    }
  },
};
