import { inAudience, type AudienceCustomer, type CampaignFilters } from '@rawnaq/contracts';
import type { ReadModels } from '@rawnaq/platform';
import { accountOf } from '../shared/account';

/** How many of the salon's customers a campaign's filters reach today (active, allowing WhatsApp). */
export const audienceCount = async (models: ReadModels, tenantId: string, filters: CampaignFilters) => {
  const { today } = await accountOf(models, tenantId);
  const customers = (await models.find('customers', {
    filter: { tenantId },
    limit: 200_000,
  })) as AudienceCustomer[];
  return customers.filter((c) => inAudience(c, filters, today)).length;
};
