import { addDays, businessDate, instantAt, type TenantTimeZone } from '@rawnaq/contracts';
import { RecordCustomerPenalty } from '../customers/customer.commands';
import { ChangeProducts } from '../products/product.commands';
import type { CommandContext } from '../shared/command-context';

/** What the salon took from its shelves for its own work, days ago: towels most, a little shampoo. */
const INTERNAL_USE: Array<{ daysAgo: number; product: string; quantity: number }> = [
  { daysAgo: 20, product: 'Disposable towels', quantity: 12 },
  { daysAgo: 17, product: 'Disposable towels', quantity: 10 },
  { daysAgo: 17, product: 'Keratin shampoo', quantity: 1 },
  { daysAgo: 13, product: 'Disposable towels', quantity: 14 },
  { daysAgo: 10, product: 'Disposable towels', quantity: 9 },
  { daysAgo: 8, product: 'Keratin shampoo', quantity: 1 },
  { daysAgo: 6, product: 'Disposable towels', quantity: 11 },
  { daysAgo: 3, product: 'Disposable towels', quantity: 8 },
  { daysAgo: 2, product: 'Hair serum', quantity: 1 },
];

/**
 * The demo salon's own use of its products (stock operation 3: the most-used-products report) and a
 * penalty written by hand on a customer's record (type 2: the penalties list beside the no-shows the
 * appointment book records), each on the clock of its moment, so those screens have something to show
 * on first start.
 */
export const seedDemoSalonUse = async (
  execute: (command: object) => Promise<unknown>,
  ownerCtx: CommandContext,
  timeZone: TenantTimeZone,
  ids: { customers: string[]; products: Record<string, string> },
) => {
  const today = businessDate(ownerCtx.now, timeZone);
  const at = (daysAgo: number, time: string, key: string) => ({
    ...ownerCtx,
    now: new Date(instantAt(addDays(today, -daysAgo), `${time}:00`, timeZone)),
    correlationId: key,
    idempotencyKey: key,
  });
  for (const [i, use] of INTERNAL_USE.entries())
    await execute(
      new ChangeProducts(at(use.daysAgo, '19:30', `demo-internal-use-${i}`), {
        kind: 'stock',
        id: ids.products[use.product],
        body: { operation: 'internal_use', quantity: use.quantity, notes: 'Used in the salon' },
      }),
    );
  await execute(
    new RecordCustomerPenalty(at(11, '18:10', 'demo-penalty'), ids.customers[2], {
      notes: 'Cancelled at the door after her colour had been mixed',
    }),
  );
};
