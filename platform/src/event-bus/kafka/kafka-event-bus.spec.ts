import { Kafka, logLevel, type Consumer, type EachBatchPayload, type KafkaMessage } from 'kafkajs';
import { newId, type RecordedEvent } from '@rawnaq/contracts';
import { EventStoreDbEventStore } from '../../event-store/eventstoredb/eventstoredb-event-store';
import { anEvent, describeIfReachable } from '../../testing/events.test-support';
import { scaleOutEngine, scaleOutEngines } from '../../testing/testcontainers.test-support';
import { eventBusContract } from '../event-bus.contract.test-support';
import { EsdbCheckpointStore, KafkaForwarder, toMessage } from './forwarder';
import { GroupConsumer, KafkaEventBus, parseEvent } from './kafka-event-bus';

const kafkaEngine = scaleOutEngine('KAFKA_BROKERS', 'kafka');
const esdbEngine = scaleOutEngine('EVENTSTORE_URL', 'eventstoredb');
const { missing } = scaleOutEngines(kafkaEngine, esdbEngine);
if (!missing) jest.setTimeout(180_000); // containers may have to be pulled and started

eventBusContract(
  describeIfReachable('EventBus contract: kafka', missing),
  'kafka (forwarded from eventstoredb)',
  async () => {
    const [esdb, brokers] = await Promise.all([esdbEngine.connect(), kafkaEngine.connect()]);
    const run = newId().replace(/-/g, '').slice(-12);
    const store = new EventStoreDbEventStore({ connectionString: esdb.url });
    const kafka = new Kafka({
      clientId: `rawnaq-test-${run}`,
      brokers: brokers.url.split(','),
      logLevel: logLevel.NOTHING,
    });
    const topic = `rawnaq.events.test-${run}`; // a fresh topic per run: the suite starts from an empty log
    // start forwarding at the current head, not at the beginning of a long-lived server's history
    const checkpoints = new EsdbCheckpointStore(store.client, `$rawnaq-forwarder-test-${run}`);
    await checkpoints.save(await store.headPosition());
    const forwarder = new KafkaForwarder({ store, kafka, checkpoints, topic, retryDelayMs: 200 });
    await forwarder.start();
    const bus = new KafkaEventBus({ kafka, topic, retryDelayMs: 100 });
    return {
      store,
      bus,
      cleanup: async () => {
        await bus.close();
        await forwarder.stop();
        const admin = kafka.admin();
        await admin.connect();
        await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
        await admin.disconnect();
        await store.close();
        await Promise.all([esdb.stop(), brokers.stop()]);
      },
    };
  },
);

describe('KafkaEventBus batches (no broker needed)', () => {
  const recorded = (position: number, revision: number): RecordedEvent => ({
    ...anEvent('SomethingHappened', { i: revision }),
    stream: 'test-t1.a',
    revision,
    position: String(position),
    recordedAt: new Date().toISOString(),
  });
  const asKafka = (event: RecordedEvent, offset: number): KafkaMessage => {
    const m = toMessage(event);
    return {
      key: Buffer.from(String(m.key)),
      value: Buffer.from(String(m.value)),
      timestamp: '0',
      attributes: 0,
      offset: String(offset),
      headers: {},
    };
  };
  const fakeConsumer = () => {
    const calls = { seeks: [] as string[], commits: [] as string[] };
    const consumer = {
      seek: ({ offset }: { offset: string }) => calls.seeks.push(offset),
      commitOffsets: async ([c]: Array<{ offset: string }>) => {
        calls.commits.push(c.offset);
      },
      disconnect: async () => undefined,
    };
    return { consumer: consumer as unknown as Consumer, calls };
  };
  const payload = (messages: KafkaMessage[], highWatermark: string): EachBatchPayload => ({
    batch: {
      topic: 't',
      partition: 0,
      highWatermark,
      messages,
      isEmpty: () => messages.length === 0,
      firstOffset: () => messages[0]?.offset ?? null,
      lastOffset: () => messages[messages.length - 1].offset,
      offsetLag: () => '0',
      offsetLagLow: () => '0',
    },
    resolveOffset: () => undefined,
    heartbeat: async () => undefined,
    pause: () => () => undefined,
    commitOffsetsIfNecessary: async () => undefined,
    uncommittedOffsets: () => ({ topics: [] }),
    isRunning: () => true,
    isStale: () => false,
  });

  it('carries a recorded event through Kafka unchanged', () => {
    const event = recorded(42, 0);
    expect(parseEvent(asKafka(event, 7))).toEqual(event);
  });

  it('commits after the handler, drops re-forwarded duplicates, and reports caught up at the high watermark', async () => {
    const { consumer, calls } = fakeConsumer();
    const handled: string[] = [];
    let caughtUp = '';
    const group = new GroupConsumer(
      consumer,
      't',
      '10',
      { resumeAfter: async () => '10', maxBatch: 2, onCaughtUp: (p) => (caughtUp = p) },
      async (events) => {
        handled.push(...events.map((e) => e.position));
      },
      0,
      () => undefined,
    );
    const messages = [recorded(5, 0), recorded(11, 1), recorded(11, 1), recorded(12, 2)].map(asKafka);
    await group.eachBatch(payload(messages, '4'));
    expect(handled).toEqual(['11', '12']);
    expect(calls.commits).toEqual(['2', '4']);
    expect(group.position).toBe('12');
    expect(caughtUp).toBe('12');
  });

  it('reports a failing chunk, commits nothing of it and seeks back to its first offset', async () => {
    const { consumer, calls } = fakeConsumer();
    const errors: unknown[] = [];
    const group = new GroupConsumer(
      consumer,
      't',
      '0',
      { resumeAfter: async () => '0', maxBatch: 2, onError: (e) => errors.push(e) },
      async (events) => {
        if (events.some((e) => e.revision === 2)) throw new Error('projector hiccup');
      },
      0,
      () => undefined,
    );
    const messages = [recorded(1, 0), recorded(2, 1), recorded(3, 2), recorded(4, 3)].map((e, i) =>
      asKafka(e, i + 10),
    );
    await group.eachBatch(payload(messages, '14'));
    expect(errors).toHaveLength(1);
    expect(calls.commits).toEqual(['12']);
    expect(calls.seeks).toEqual(['12']);
    expect(group.position).toBe('2');
  });
});
