/**
 * Freezes a value and everything in it: what is kept and shared (stored events, documents read once
 * for many requests) never changes, and code that tried to change it fails loudly instead of
 * corrupting what the next reader sees.
 */
export const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
};
