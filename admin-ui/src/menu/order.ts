/** The list with the item at `from` moved to `to` (both indexes in the original list). */
export const moveItem = <T>(items: readonly T[], from: number, to: number): T[] => {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
};

/** Items grouped by key, each group keeping the list's order; groups in the order of `keys`, then any others. */
export const groupBy = <T>(items: readonly T[], keyOf: (item: T) => string, keys: readonly string[]) => {
  const groups = new Map<string, T[]>(keys.map((k) => [k, []]));
  for (const item of items) {
    const key = keyOf(item);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(item);
  }
  return groups;
};
