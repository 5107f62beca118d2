import { businessDate, countryOf, isCountryId, notFound, type TenantTimeZone } from '@rawnaq/contracts';
import type { ReadModels } from '@rawnaq/platform';

/** The country whose salons issue ZATCA e-invoices (standard ones to business buyers). */
export const SAUDI_ARABIA = 1;

export type TenantInfo = {
  tenantId: string;
  accountId: number;
  countryId: number;
  timeZone: TenantTimeZone;
  today: string;
};

/** The account facts a command needs: its country (decimals, tax rules) and its business date. */
export const tenantInfo = async (models: ReadModels, tenantId: string, now: Date): Promise<TenantInfo> => {
  const account = await models.getStable('accounts', tenantId);
  if (!account) throw notFound('not_found.account');
  const countryId = account.country_id as number;
  const timeZone = isCountryId(countryId) ? countryOf(countryId).timeZone : 'Asia/Riyadh';
  return {
    tenantId,
    accountId: account.account_id as number,
    countryId,
    timeZone,
    today: businessDate(now, timeZone),
  };
};
