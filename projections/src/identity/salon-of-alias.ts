import { notFound } from '@rawnaq/contracts';
import type { Doc, ReadModels } from '@rawnaq/platform';

/** The salon of an online address (any case), open on the platform; `404 not_found.account` for any other. */
export const salonOfAlias = async (models: ReadModels, alias: string): Promise<Doc> => {
  if (!/^[A-Za-z0-9]{1,64}$/.test(alias)) throw notFound('not_found.account');
  const [salon] = await models.find('accounts', {
    filter: { alias_lc: alias.toLowerCase(), status: 1 },
    limit: 1,
  });
  if (!salon) throw notFound('not_found.account');
  return salon;
};
