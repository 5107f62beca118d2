import { businessDate, countryOf, isCountryId, notFound, type TenantTimeZone } from '@rawnaq/contracts';
import type { Doc, ReadModels } from '@rawnaq/platform';

export type AccountView = { doc: Doc; timeZone: TenantTimeZone; today: string };

/** The caller's account with its time zone and business date (lists and reports work in that zone). */
export const accountOf = async (
  models: ReadModels,
  tenantId: string,
  now = new Date(),
): Promise<AccountView> => {
  const doc = await models.get('accounts', tenantId);
  if (!doc) throw notFound('not_found.account');
  const countryId = doc.country_id as number;
  const timeZone = isCountryId(countryId) ? countryOf(countryId).timeZone : 'Asia/Riyadh';
  return { doc, timeZone, today: businessDate(now, timeZone) };
};
