import type { EventEmitter } from 'node:events';
import type { RecordedEvent } from '@rawnaq/contracts';
import type { EventBatchHandler, Subscription, SubscriptionOptions } from '../port';

type Args = {
  after: string;
  handler: EventBatchHandler;
  options: SubscriptionOptions;
  read: (after: string, max: number) => RecordedEvent[];
  /** emits 'append' when this process appended */
  appends: EventEmitter;
  pollIntervalMs: number;
  onStop: () => void;
};

/**
 * Tails the log: reads what is stored after the last handled position, hands it over, and when there
 * is nothing left waits for a local append (at once) or the poll timer (appends of other processes).
 * A failing handler is retried from the last handled event, so delivery is at least once and in order.
 */
export const pollingSubscription = ({
  after,
  handler,
  options,
  read,
  appends,
  pollIntervalMs,
  onStop,
}: Args) => {
  const maxBatch = options.maxBatch ?? 1000;
  const retryDelayMs = options.retryDelayMs ?? 500;
  let position = after;
  let stopped = false;
  let wake: (() => void) | undefined;
  let pending = false; // an append happened while we were busy

  const onAppend = () => {
    pending = true;
    wake?.();
  };
  appends.on('append', onAppend);

  const waitForMore = (ms: number) =>
    new Promise<void>((resolve) => {
      if (pending || stopped) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  let cancelPause: (() => void) | undefined;
  /** waits out a retry delay; only stop() cuts it short (appends do not, or a failing handler would spin) */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      cancelPause = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    while (!stopped) {
      try {
        pending = false;
        const batch = read(position, maxBatch);
        if (batch.length > 0) {
          await handler(batch);
          position = batch[batch.length - 1].position;
          continue;
        }
        options.onCaughtUp?.(position);
        await waitForMore(pollIntervalMs);
      } catch (error) {
        options.onError?.(error);
        await pause(retryDelayMs);
      }
    }
  })();

  const subscription: Subscription = {
    get position() {
      return position;
    },
    async stop() {
      if (stopped) return loop;
      stopped = true;
      appends.off('append', onAppend);
      wake?.();
      cancelPause?.();
      await loop;
      onStop();
    },
  };
  return subscription;
};
