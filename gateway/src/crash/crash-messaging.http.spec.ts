import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killChildServer, startChildServer, type ChildServer } from './child-server.test-support';
import { SqliteEventStore, WhatsAppSimulator } from '@rawnaq/platform';

type Server = ChildServer;

const start = (dataDir: string, round: number, count: number) =>
  startChildServer('crash-messaging-server', [dataDir, String(round), String(count)]);

const kill = killChildServer;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The messages' outcomes as the event store holds them. */
const outcomes = async (dataDir: string) => {
  const store = new SqliteEventStore({ file: join(dataDir, 'events.db') });
  try {
    const events = await store.readAll('0', 10_000_000);
    // the crash test's own messages (the demo's reminders of tomorrow's visits are queued beside them)
    const ours = new Set(
      events
        .filter((e) => e.type === 'MessageQueued' && String(e.data.purpose).startsWith('crash-test:'))
        .map((e) => String(e.data.message_id)),
    );
    const of = (type: string) => events.filter((e) => e.type === type && ours.has(String(e.data.message_id)));
    return {
      queued: of('MessageQueued'),
      sent: of('MessageSent'),
      started: of('MessageSendStarted'),
      attemptFailed: of('MessageAttemptFailed'),
      failed: of('MessageFailed'),
    };
  } finally {
    await store.close();
  }
};

describe('no WhatsApp message twice across a crash: SIGKILL while the outbox sends, then restarts', () => {
  // at least two: the messages scheduled five minutes on fall due only on the moved clock of the
  // restarts after two kills (each start moves it two minutes further)
  const rounds = Math.max(2, Number(process.env.CRASH_ROUNDS) || 5);
  const count = 300;

  it(`sends each queued message exactly once over ${rounds} kills, and what was queued survives them`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rawnaq-crash-messaging-'));
    let server: Server | undefined;
    try {
      for (let round = 0; round < rounds; round++) {
        server = await start(dataDir, round, count);
        // the worker sends every 20 ms: kill it somewhere in the middle
        await sleep(150 + Math.random() * 600);
        await kill(server);
        server = undefined;
      }
      // a last start, left to finish: every message sent (an attempt in doubt settled by asking the simulator)
      server = await start(dataDir, rounds, count);
      const total = count + 20; // and the 20 scheduled later, due only after restarts moved the clock
      const until = Date.now() + 120_000;
      let seen = await outcomes(dataDir);
      while (Date.now() < until) {
        seen = await outcomes(dataDir);
        const settled = new Set([...seen.sent, ...seen.failed].map((e) => String(e.data.message_id)));
        if (seen.queued.length === total && settled.size === total) break;
        await sleep(500);
      }
      await kill(server);
      server = undefined;
      seen = await outcomes(dataDir);

      // each purpose queued once; each message recorded sent once; none failed for want of knowing
      expect(new Set(seen.queued.map((e) => e.data.purpose)).size).toBe(total);
      expect(seen.queued).toHaveLength(total);
      expect(seen.failed).toEqual([]);
      const sentIds = seen.sent.map((e) => String(e.data.message_id));
      expect(new Set(sentIds).size).toBe(total);
      expect(sentIds).toHaveLength(total);
      // the scheduled ones were queued before the first kill and sent only after restarts
      const scheduled = new Set(
        seen.queued
          .filter((e) => String(e.data.purpose).startsWith('crash-test:later-'))
          .map((e) => e.data.message_id),
      );
      expect(scheduled.size).toBe(20);
      for (const e of seen.sent.filter((x) => scheduled.has(x.data.message_id)))
        expect(Date.parse(e.metadata.occurredAt)).toBeGreaterThanOrEqual(
          Date.parse(
            String(seen.queued.find((q) => q.data.message_id === e.data.message_id)!.data.scheduled_for),
          ),
        );

      // and on the phones: each message arrived exactly once
      const simulator = new WhatsAppSimulator(join(dataDir, 'whatsapp-simulator.db'));
      try {
        const twice = seen.queued.filter((e) => simulator.sentCount(`1/${String(e.data.message_id)}`) !== 1);
        expect(twice.map((e) => e.data.purpose)).toEqual([]);
      } finally {
        await simulator.close();
      }
      const interrupted = seen.attemptFailed.filter(
        (e) => e.data.detail === 'interrupted before sending',
      ).length;
      const recovered = seen.sent.filter((e) => e.data.recovered === true).length;
      expect(seen.started.length).toBeGreaterThanOrEqual(total);
      console.log(
        `[crash-messaging] ${rounds} SIGKILLs while ${count} messages were queued and sent (and 20 scheduled five minutes on, across the restarts): ${seen.started.length} attempts started, ${interrupted} cut before the simulator had them (sent again), ${recovered} recorded sent from what the simulator said rather than from its answer (its lookup after a kill, or its webhook arriving first); each message on its phone exactly once`,
      );
    } finally {
      if (server) await kill(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 600_000);
});
