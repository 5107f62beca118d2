import type { RecordedEvent } from '@rawnaq/contracts';
import type { EventStore, Subscription } from '../../event-store/port';
import type { ConsumeOptions, EventBus } from '../port';

/**
 * The embedded bus is the event store's own log: each consumer group tails it from the checkpoint
 * its owner keeps (the projection runner stores it with the read models it wrote).
 */
export class EmbeddedEventBus implements EventBus {
  readonly name = 'embedded';
  constructor(private readonly store: EventStore) {}

  async consume(
    _group: string,
    options: ConsumeOptions,
    handler: (events: RecordedEvent[]) => Promise<void>,
  ): Promise<Subscription> {
    const after = await options.resumeAfter();
    return this.store.subscribeAll(after, handler, {
      maxBatch: options.maxBatch,
      onCaughtUp: options.onCaughtUp,
      onError: options.onError,
    });
  }

  async close(): Promise<void> {}
}
