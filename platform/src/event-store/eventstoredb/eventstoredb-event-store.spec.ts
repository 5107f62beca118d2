import type { AllStreamSubscription } from '@eventstore/db-client';
import { PassThrough } from 'node:stream';
import { anEvent, describeIfReachable, eventually } from '../../testing/events.test-support';
import { scaleOutEngine } from '../../testing/testcontainers.test-support';
import { eventStoreContract } from '../event-store.contract.test-support';
import {
  decodePosition,
  encodePosition,
  EventStoreDbEventStore,
  resubscribingSubscription,
} from './eventstoredb-event-store';

const engine = scaleOutEngine('EVENTSTORE_URL', 'eventstoredb');
if (!engine.missing) jest.setTimeout(180_000); // a container may have to be pulled and started

eventStoreContract(
  describeIfReachable('EventStore contract: eventstoredb', engine.missing),
  'eventstoredb',
  async () => {
    const { url, stop } = await engine.connect();
    const store = new EventStoreDbEventStore({ connectionString: url });
    return {
      store,
      cleanup: async () => {
        await store.close();
        await stop();
      },
    };
  },
);

describe('EventStoreDB positions', () => {
  it('round-trip a self-committed event position through the decimal string', () => {
    const position = { commit: 123456789012345n, prepare: 123456789012345n };
    expect(encodePosition(position)).toBe('123456789012345');
    expect(decodePosition(encodePosition(position))).toEqual(position);
    expect(decodePosition('0')).toBe('start');
  });

  it('refuses positions it cannot represent or read from', () => {
    expect(() => encodePosition({ commit: 20n, prepare: 10n })).toThrow(/explicit transaction/);
    expect(() => encodePosition(undefined)).toThrow(/22.6/);
    expect(() => encodePosition({ commit: 2n ** 64n - 1n, prepare: 2n ** 64n - 1n })).toThrow(/22.6/);
    expect(() => decodePosition('012')).toThrow(/Invalid position/);
  });
});

describe('EventStoreDB $all subscription (no server needed)', () => {
  type Fake = PassThrough & { unsubscribe: () => Promise<void> };
  const opened: Array<{ from: string; sub: Fake }> = [];
  const open = (from: string) => {
    const sub = Object.assign(new PassThrough({ objectMode: true }), { unsubscribe: async () => undefined });
    opened.push({ from, sub });
    return sub as unknown as AllStreamSubscription;
  };
  const resolved = (position: number, revision: number, type = 'SomethingHappened') => {
    const e = anEvent(type, { i: revision });
    const at = BigInt(position);
    return {
      event: {
        ...e,
        streamId: 'test-t1.a',
        revision: BigInt(revision),
        created: new Date(),
        isJson: true,
        position: { commit: at, prepare: at },
      },
    };
  };
  beforeEach(() => {
    opened.length = 0;
  });

  it('hands micro-batches over, skips system events and what is not after its start, then reports caught up', async () => {
    const batches: number[][] = [];
    let caughtUp = '';
    const sub = resubscribingSubscription({
      after: '10',
      handler: async (batch) => {
        await new Promise((r) => setTimeout(r, 5));
        batches.push(batch.map((e) => e.revision));
      },
      options: { maxBatch: 2, onCaughtUp: (p) => (caughtUp = p) },
      open,
      onStop: () => undefined,
    });
    const { sub: stream } = opened[0];
    [resolved(10, 0), resolved(11, 1), resolved(12, 0, '$stats'), resolved(13, 2), resolved(14, 3)].forEach(
      (r) => stream.write(r),
    );
    stream.emit('caughtUp');
    await eventually(() => caughtUp !== '');
    expect(batches).toEqual([[1, 2], [3]]); // maxBatch counts what is handed over
    expect(caughtUp).toBe('14');
    expect(sub.position).toBe('14');
    await sub.stop();
  });

  it('resubscribes from the last handled event after a handler or connection error', async () => {
    const handled: number[] = [];
    const errors: unknown[] = [];
    let fail = true;
    const sub = resubscribingSubscription({
      after: '0',
      handler: async (batch) => {
        for (const e of batch) {
          if (e.revision === 1 && fail) {
            fail = false;
            throw new Error('projector hiccup');
          }
          handled.push(e.revision);
        }
      },
      options: { maxBatch: 1, retryDelayMs: 1, onError: (e) => errors.push(e) },
      open,
      onStop: () => undefined,
    });
    opened[0].sub.write(resolved(5, 0));
    opened[0].sub.write(resolved(6, 1));
    await eventually(() => opened.length === 2);
    expect(opened[1].from).toBe('5');
    opened[1].sub.write(resolved(6, 1));
    await eventually(() => handled.includes(1));
    opened[1].sub.emit('error', new Error('connection lost'));
    await eventually(() => opened.length === 3);
    expect(opened[2].from).toBe('6');
    expect(handled).toEqual([0, 1]);
    expect(errors).toHaveLength(2);
    await sub.stop();
  });
});
