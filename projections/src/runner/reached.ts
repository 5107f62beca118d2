import type { EventEmitter } from 'node:events';
import { comparePositions } from '@rawnaq/contracts';

/**
 * Resolves true once every named projection's position (`positionOf`) is at or past `position`,
 * looked at again on each 'advanced' of `progress`; false after `timeoutMs`.
 */
export const whenReached = (
  progress: EventEmitter,
  positionOf: (name: string) => string | undefined,
  names: string[],
  position: string,
  timeoutMs: number,
): Promise<boolean> => {
  const reached = () =>
    names.every((n) => {
      const at = positionOf(n);
      return at !== undefined && comparePositions(at, position) >= 0;
    });
  if (reached()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(false), timeoutMs);
    const onAdvance = () => reached() && finish(true);
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      progress.off('advanced', onAdvance);
      resolve(ok);
    };
    progress.on('advanced', onAdvance);
  });
};
