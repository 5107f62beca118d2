import type { RecordedEvent } from '@rawnaq/contracts';
import type { Subscription } from '../event-store/port';

export type ConsumeOptions = {
  /**
   * Where this consumer group stands, asked on every (re)start. The embedded bus resumes right after
   * it; Kafka resumes from the group's committed offsets and only uses it for a brand-new group.
   */
  resumeAfter: () => Promise<string>;
  maxBatch?: number;
  onCaughtUp?: (position: string) => void;
  onError?: (error: unknown) => void;
};

/**
 * What projectors consume: the whole event log, at least once, in order within each stream.
 * The handler resolving means the batch is done; only then does the bus move the group on.
 */
export interface EventBus {
  readonly name: string;
  consume(
    group: string,
    options: ConsumeOptions,
    handler: (events: RecordedEvent[]) => Promise<void>,
  ): Promise<Subscription>;
  close(): Promise<void>;
}
