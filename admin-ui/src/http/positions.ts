/**
 * Read-your-writes: every command answers `X-Position`; reads send the highest one seen back as
 * `X-Min-Position`, and the query API waits until its read models have reached it.
 */
export type PositionTracker = {
  current(): number | undefined;
  observe(position: number): void;
};

export const createPositionTracker = (): PositionTracker => {
  let highest: number | undefined;
  return {
    current: () => highest,
    observe(position) {
      if (Number.isSafeInteger(position) && position >= 0 && (highest === undefined || position > highest))
        highest = position;
    },
  };
};
