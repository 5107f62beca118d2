/**
 * `record[key]` for a key that comes from outside (a path's parameter, an id in a request): the
 * record's own entries only, never what every object inherits. A plain object "has" `constructor`,
 * `toString` or `__proto__`, so a table looked up with such a name answered a function (the settings
 * section `constructor` once answered the salon's whole account document; other look-ups failed
 * with a 500).
 */
export const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;
