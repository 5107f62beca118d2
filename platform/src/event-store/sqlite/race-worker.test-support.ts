// A separate process holding its own connection, so appends race for real (used by the contract test).
import { SqliteEventStore } from './sqlite-event-store';

const store = new SqliteEventStore({ file: process.argv[2], synchronous: 'NORMAL' });
process.on('message', async (msg: { stream: string; expected: number; events: never[]; go: number }) => {
  // start together: wait for the agreed instant
  while (Date.now() < msg.go) await new Promise((r) => setImmediate(r));
  try {
    const r = await store.append(msg.stream, msg.events, msg.expected);
    process.send!({ ok: true, nextRevision: r.nextRevision });
  } catch (e) {
    process.send!({ ok: false, error: (e as Error).name });
  }
});
process.send!('ready');
