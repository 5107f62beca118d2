import type { ReadModels } from '@rawnaq/platform';

/**
 * A salon user's name in both languages, from her employee record (a user's own `name` is one
 * language only); users without an employee record are left out, so the caller falls back.
 */
export const employeeNamesOf = async (
  models: ReadModels,
  userIds: string[],
): Promise<Map<string, { name_en: string; name_ar: string }>> => {
  const ids = [...new Set(userIds.filter(Boolean))];
  if (!ids.length) return new Map();
  const employees = await models.find('employees', {
    filter: { user_id: { $in: ids } },
    limit: ids.length * 2,
  });
  return new Map(
    employees.map((e) => [
      e.user_id as string,
      { name_en: String(e.name_en ?? ''), name_ar: String(e.name_ar ?? e.name_en ?? '') },
    ]),
  );
};
