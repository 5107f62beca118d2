import { websiteOf, type Currency, type WebsitePlan, type WebsiteSettings } from '@rawnaq/contracts';
import type { ReadModels } from '@rawnaq/platform';

const ORDER = ['basic', 'advanced', 'premium'] as const;
/** The pricing page's country: the Saudi price (SAR) a month, the platform's first market. */
const SHOWN_COUNTRY = 1;

type PlanDoc = {
  id: string;
  name_en?: string;
  name_ar?: string;
  features_en?: string[];
  features_ar?: string[];
  prices?: Array<{ country_id: number; currency: Currency; monthly: number; yearly: number }>;
};

/**
 * The plans the pricing page shows, the one place the website reads them: the plans catalogue as the
 * manager priced it (platform-setting/plans), the Saudi monthly price of each plan offered there, the
 * middle one highlighted; before the manager has priced any, the website settings' plans (or the
 * default three).
 */
export const pricingPlans = async (
  models: ReadModels,
  saved: WebsiteSettings | undefined,
): Promise<WebsitePlan[]> => {
  const docs = (await models.find('plans', { limit: 10 })) as unknown as PlanDoc[];
  const priced = ORDER.flatMap((id) => {
    const doc = docs.find((d) => d.id === id);
    const price = doc?.prices?.find((p) => p.country_id === SHOWN_COUNTRY) ?? doc?.prices?.[0];
    if (!doc || !price) return [];
    return [
      {
        name_en: doc.name_en ?? id,
        name_ar: doc.name_ar ?? id,
        price: price.monthly,
        currency: price.currency,
        features_en: (doc.features_en ?? []).join('\n'),
        features_ar: (doc.features_ar ?? []).join('\n'),
        highlighted: id === 'advanced',
      },
    ];
  });
  return priced.length ? priced : websiteOf(saved).plans;
};
