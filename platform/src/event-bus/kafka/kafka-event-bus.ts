/**
 * EventBus port over Kafka (kafkajs 2.2.4, Apache Kafka 3.8 in KRaft mode): each consumer group is a
 * projection reading the one-partition topic the forwarder (./forwarder.ts) fills from the event store.
 *
 * Contract test (`docker compose up eventstore kafka` from the repository root):
 *   KAFKA_BROKERS=localhost:9092 EVENTSTORE_URL='esdb://localhost:2113?tls=false' npx jest platform/src/event-bus/kafka
 */
import type { Admin, Batch, Consumer, EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
import { comparePositions, type RecordedEvent } from '@rawnaq/contracts';
import type { Subscription } from '../../event-store/port';
import { sleep } from '../../runtime/sleep';
import type { ConsumeOptions, EventBus } from '../port';
import { ensureEventsTopic, EVENTS_TOPIC } from './forwarder';

export type KafkaEventBusOptions = {
  kafka: Kafka;
  topic?: string;
  /** delay before a failed batch is fetched again (ms) */
  retryDelayMs?: number;
};

type Handler = (events: RecordedEvent[]) => Promise<void>;

export const parseEvent = (message: KafkaMessage): RecordedEvent => {
  if (!message.value) throw new Error(`Kafka message at offset ${message.offset} has no value`);
  const event = JSON.parse(message.value.toString('utf8')) as Partial<RecordedEvent>;
  const wellFormed =
    typeof event.id === 'string' &&
    typeof event.type === 'string' &&
    typeof event.stream === 'string' &&
    typeof event.revision === 'number' &&
    typeof event.position === 'string';
  if (!wellFormed) throw new Error(`Kafka message at offset ${message.offset} is not a recorded event`);
  return event as RecordedEvent;
};

const nextOffset = (offset: string) => (BigInt(offset) + 1n).toString();

/** One consumer group's run: the state eachBatch carries from batch to batch (exported for its unit tests). */
export class GroupConsumer implements Subscription {
  /** the last event handed to the handler (or skipped as already seen); starts at the owner's checkpoint */
  private seen: string;
  private stopped = false;

  constructor(
    private readonly consumer: Consumer,
    private readonly topic: string,
    resumeAfter: string,
    private readonly options: ConsumeOptions,
    private readonly handler: Handler,
    private readonly retryDelayMs: number,
    private readonly onStop: () => void,
  ) {
    this.seen = resumeAfter;
  }

  get position(): string {
    return this.seen;
  }

  /**
   * Hands the batch over in chunks of at most maxBatch; after each chunk its offsets are resolved and
   * committed. A failing chunk is reported, nothing of it is committed, and the consumer seeks back to its
   * first offset, so the next fetch delivers it again (kafkajs' own retry of a throwing eachBatch would
   * also restart the consumer; the seek keeps the retry local and in order).
   */
  readonly eachBatch = async ({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload) => {
    const maxBatch = this.options.maxBatch ?? 1000;
    for (let i = 0; i < batch.messages.length; i += maxBatch) {
      if (this.stopped || !isRunning() || isStale()) return;
      const chunk = batch.messages.slice(i, i + maxBatch);
      const events = this.fresh(chunk);
      try {
        if (events.length > 0) await this.handler(events);
      } catch (error) {
        this.options.onError?.(error);
        await sleep(this.retryDelayMs);
        this.consumer.seek({ topic: batch.topic, partition: batch.partition, offset: chunk[0].offset });
        return;
      }
      if (events.length > 0) this.seen = events[events.length - 1].position;
      const last = chunk[chunk.length - 1].offset;
      resolveOffset(last);
      await this.consumer.commitOffsets([
        { topic: batch.topic, partition: batch.partition, offset: nextOffset(last) },
      ]);
      await heartbeat();
    }
    if (this.reachedEnd(batch)) this.options.onCaughtUp?.(this.seen);
  };

  /**
   * The events of a chunk not seen yet. The topic has one partition in $all order, so an event whose
   * position is not after the last one seen is a re-forwarded duplicate (or before the owner's checkpoint).
   * An unreadable message is reported and passed over: retrying cannot make it readable.
   */
  private fresh(chunk: KafkaMessage[]): RecordedEvent[] {
    const out: RecordedEvent[] = [];
    let seen = this.seen;
    for (const message of chunk) {
      let event: RecordedEvent;
      try {
        event = parseEvent(message);
      } catch (error) {
        this.options.onError?.(error);
        continue;
      }
      if (comparePositions(event.position, seen) <= 0) continue;
      seen = event.position;
      out.push(event);
    }
    return out;
  }

  private reachedEnd(batch: Batch): boolean {
    return batch.messages.length > 0 && BigInt(batch.lastOffset()) + 1n >= BigInt(batch.highWatermark);
  }

  /** Nothing to fetch means no eachBatch call: tell the owner it is caught up when it joins at the end. */
  async reportIfAtEnd(admin: Admin, group: string): Promise<void> {
    const [committed] =
      (await admin.fetchOffsets({ groupId: group, topics: [this.topic] }))[0]?.partitions ?? [];
    const [offsets] = await admin.fetchTopicOffsets(this.topic);
    if (!committed || !offsets) return;
    const from = committed.offset === '-1' ? offsets.low : committed.offset;
    if (from === offsets.high) this.options.onCaughtUp?.(this.seen);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.consumer.disconnect();
    this.onStop();
  }
}

/**
 * Projections as Kafka consumer groups. A new group starts at the beginning of the topic; an existing one
 * at its committed offsets. Offsets are committed only after the handler resolved, so delivery is at least
 * once, and in order (one partition).
 */
export class KafkaEventBus implements EventBus {
  readonly name = 'kafka';
  private readonly topic: string;
  private readonly groups = new Set<GroupConsumer>();
  private admin?: Promise<Admin>;
  private topicReady?: Promise<void>;

  constructor(private readonly options: KafkaEventBusOptions) {
    this.topic = options.topic ?? EVENTS_TOPIC;
  }

  async consume(group: string, options: ConsumeOptions, handler: Handler): Promise<Subscription> {
    // a projection may start before the forwarder ever ran: the topic is made here too, the same way
    this.topicReady ??= ensureEventsTopic(this.options.kafka, this.topic).catch((error: unknown) => {
      this.topicReady = undefined;
      throw error;
    });
    await this.topicReady;
    const resumeAfter = await options.resumeAfter();
    const consumer = this.options.kafka.consumer({ groupId: group, allowAutoTopicCreation: false });
    const run: GroupConsumer = new GroupConsumer(
      consumer,
      this.topic,
      resumeAfter,
      options,
      handler,
      this.options.retryDelayMs ?? 500,
      () => this.groups.delete(run),
    );
    this.groups.add(run);
    consumer.on(consumer.events.GROUP_JOIN, () => {
      void this.adminClient()
        .then((admin) => run.reportIfAtEnd(admin, group))
        .catch((error: unknown) => options.onError?.(error));
    });
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [this.topic], fromBeginning: true });
      await consumer.run({ autoCommit: false, eachBatchAutoResolve: false, eachBatch: run.eachBatch });
    } catch (error) {
      await run.stop();
      throw error;
    }
    return run;
  }

  private adminClient(): Promise<Admin> {
    this.admin ??= (async () => {
      const admin = this.options.kafka.admin();
      await admin.connect();
      return admin;
    })();
    return this.admin;
  }

  async close(): Promise<void> {
    await Promise.all([...this.groups].map((g) => g.stop()));
    const admin = this.admin;
    this.admin = undefined;
    if (admin) await (await admin).disconnect();
  }
}
