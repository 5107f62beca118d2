/**
 * What a change of a record sets, field by field: each of `fields` whose new value differs, with its
 * old value beside it (the audit log shows both). Undefined when nothing differs: nothing is written.
 */
export const changedFields = <T, F extends keyof T>(
  fields: readonly F[],
  before: Partial<Pick<T, F>>,
  after: T,
): { changed: Partial<Pick<T, F>>; previous: Partial<Pick<T, F>> } | undefined => {
  const changed: Partial<Pick<T, F>> = {};
  const previous: Partial<Pick<T, F>> = {};
  for (const f of fields)
    if (before[f] !== after[f]) {
      changed[f] = after[f];
      previous[f] = before[f];
    }
  return Object.keys(changed).length ? { changed, previous } : undefined;
};
