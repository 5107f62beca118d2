import { websiteOf, type WebsitePlan, type WebsiteSettings } from '@rawnaq/contracts';
import type { ReadModels } from '@rawnaq/platform';

/**
 * The plans the pricing page shows, the one place the website reads them: today the manager's
 * `website_settings` (website-setting screen, "plans"), else the default three. When the plans catalogue
 * has a read model of its own, point this function at it (the pages only need `WebsitePlan`s).
 */
export const pricingPlans = async (
  _models: ReadModels,
  saved: WebsiteSettings | undefined,
): Promise<WebsitePlan[]> => websiteOf(saved).plans;
