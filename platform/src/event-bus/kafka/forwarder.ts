/**
 * The Kafka forwarder: tails the event store's global log ($all in EventStoreDB, system events excluded) and
 * produces every event to one Kafka topic, where projectors consume it as consumer groups (KafkaEventBus).
 * Targets Apache Kafka 3.8 in KRaft mode (kafkajs 2.2.4) and EventStoreDB 24.10.
 *
 * Contract test (`docker compose up eventstore kafka` from the repository root):
 *   KAFKA_BROKERS=localhost:9092 EVENTSTORE_URL='esdb://localhost:2113?tls=false' npx jest platform/src/event-bus/kafka
 */
import {
  BACKWARDS,
  END,
  StreamNotFoundError,
  jsonEvent,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import type { Kafka, Message, Producer } from 'kafkajs';
import type { RecordedEvent } from '@rawnaq/contracts';
import type { EventStore, Subscription } from '../../event-store/port';

export const EVENTS_TOPIC = 'rawnaq.events';

/** Where the forwarder stands: the position of the last event Kafka acknowledged. */
export interface CheckpointStore {
  load(): Promise<string>;
  save(position: string): Promise<void>;
}

/**
 * Checkpoints in an EventStoreDB stream. The stream name must start with '$': the event store adapter
 * keeps '$' streams out of $all reads, so saving a checkpoint does not make a new event to forward (which
 * would save a checkpoint, which...). In a secure cluster, '$' streams need a user in $admins.
 */
export class EsdbCheckpointStore implements CheckpointStore {
  private trimmed = false;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly stream = '$rawnaq-forwarder',
    /** only the last few checkpoints are kept ($maxCount) */
    private readonly keep = 10,
  ) {
    if (!stream.startsWith('$')) throw new Error(`The checkpoint stream must be a '$' stream, got ${stream}`);
  }

  async load(): Promise<string> {
    try {
      for await (const resolved of this.client.readStream(this.stream, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      })) {
        const data = resolved.event?.data as { position?: unknown } | undefined;
        if (typeof data?.position === 'string') return data.position;
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return '0';
  }

  async save(position: string): Promise<void> {
    if (!this.trimmed) {
      await this.client.setStreamMetadata(this.stream, { maxCount: this.keep });
      this.trimmed = true;
    }
    await this.client.appendToStream(
      this.stream,
      jsonEvent({ type: 'ForwarderCheckpoint', data: { position } }),
    );
  }
}

/** For tests and single-process tools: a checkpoint that lives as long as the process. */
export class MemoryCheckpointStore implements CheckpointStore {
  constructor(private position = '0') {}
  async load(): Promise<string> {
    return this.position;
  }
  async save(position: string): Promise<void> {
    this.position = position;
  }
}

/**
 * Creates the events topic if it is missing, with ONE partition: a single partition keeps the global order
 * of $all, which the projection runner's per-document position guard relies on (a document never goes back
 * to an older position, so an older event arriving after a newer one would be dropped), and which lets a
 * consumer drop a re-forwarded duplicate by its position alone. Retention is unlimited by default: a new
 * consumer group (a projection rebuild) reads the topic from the beginning and must find every event.
 */
export const ensureEventsTopic = async (kafka: Kafka, topic: string, retentionMs = -1): Promise<void> => {
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.createTopics({
      waitForLeaders: true,
      topics: [
        { topic, numPartitions: 1, configEntries: [{ name: 'retention.ms', value: String(retentionMs) }] },
      ],
    });
    const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
    const partitions = topics.find((t) => t.name === topic)?.partitions.length;
    if (partitions !== 1) {
      throw new Error(
        `Topic ${topic} has ${partitions} partitions; the event log needs exactly one (global order)`,
      );
    }
  } finally {
    await admin.disconnect();
  }
};

export type ForwarderOptions = {
  store: EventStore;
  kafka: Kafka;
  checkpoints: CheckpointStore;
  topic?: string;
  /** events per Kafka request (and per checkpoint) */
  maxBatch?: number;
  retryDelayMs?: number;
  retentionMs?: number;
  onError?: (error: unknown) => void;
  onCaughtUp?: (position: string) => void;
};

export const toMessage = (event: RecordedEvent): Message => ({
  key: event.stream,
  value: JSON.stringify(event),
  timestamp: String(Date.parse(event.recordedAt)),
  headers: { position: event.position, type: event.type },
});

/**
 * At least once from the event store to Kafka: the checkpoint moves only after Kafka acknowledged the batch
 * (acks from all in-sync replicas), so a crash re-sends at most the unacknowledged tail; consumers drop
 * what they have already seen by position. The producer is idempotent with one request in flight, so its
 * own retries neither duplicate nor reorder messages.
 */
export class KafkaForwarder {
  private producer?: Producer;
  private subscription?: Subscription;
  readonly topic: string;

  constructor(private readonly options: ForwarderOptions) {
    this.topic = options.topic ?? EVENTS_TOPIC;
  }

  /** the position of the last event Kafka acknowledged in this run */
  get position(): string | undefined {
    return this.subscription?.position;
  }

  async start(): Promise<void> {
    const { kafka, store, checkpoints } = this.options;
    await ensureEventsTopic(kafka, this.topic, this.options.retentionMs);
    const producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
    });
    await producer.connect();
    this.producer = producer;
    const after = await checkpoints.load();
    this.subscription = store.subscribeAll(after, (batch) => this.forward(producer, batch), {
      maxBatch: this.options.maxBatch ?? 500,
      retryDelayMs: this.options.retryDelayMs ?? 1000,
      onError: this.options.onError,
      onCaughtUp: this.options.onCaughtUp,
    });
  }

  private async forward(producer: Producer, batch: RecordedEvent[]): Promise<void> {
    await producer.send({ topic: this.topic, acks: -1, messages: batch.map(toMessage) });
    await this.options.checkpoints.save(batch[batch.length - 1].position);
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    await this.producer?.disconnect();
    this.subscription = undefined;
    this.producer = undefined;
  }
}
