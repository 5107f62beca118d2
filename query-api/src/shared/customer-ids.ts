import { isUuid } from '@rawnaq/contracts';
import type { FieldCondition, Filter, ReadModels } from '@rawnaq/platform';

/**
 * A customer's ids as her screens read her history (issue 24): hers, and those of the customers merged
 * into her since (`merged_ids` on her card). Their visits, invoices, gift cards, offers and penalties
 * stay recorded under the id they were made with; a merge re-points them as they are read.
 */
export const customerIdsOf = async (models: ReadModels, tenantId: string, id: string): Promise<string[]> => {
  const doc = isUuid(id) ? await models.get('customers', id) : undefined;
  const merged = doc && doc.tenantId === tenantId ? ((doc.merged_ids as string[] | undefined) ?? []) : [];
  return [id, ...merged];
};

/** The condition on `customer_id` that finds what is hers, under any of her ids. */
export const customerIdCondition = async (
  models: ReadModels,
  tenantId: string,
  id: string,
): Promise<FieldCondition> => {
  const ids = await customerIdsOf(models, tenantId, id);
  return ids.length > 1 ? { $in: ids } : id;
};

/** A list filter whose `customer_id` (when it names one) finds what is hers under any of her ids. */
export const withMergedCustomers = async (
  models: ReadModels,
  tenantId: string,
  filter: Filter,
): Promise<Filter> =>
  typeof filter.customer_id === 'string'
    ? { ...filter, customer_id: await customerIdCondition(models, tenantId, filter.customer_id) }
    : filter;
