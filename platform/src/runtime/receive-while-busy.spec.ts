import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * A thread that echoes each message it is handed with whether its event loop ran since the one before
 * (a 1-ms interval marks it): false means the message was taken while the thread stayed busy, without
 * going back to the loop that a sender would have had to wake. `stop` ends its busy stretch (`done`);
 * `between` counts its looks.
 */
const echoThread = async (idleAfterMs: number) => {
  const worker = new Worker(
    `require('tsx/cjs');
    const { parentPort } = require('node:worker_threads');
    const { receiveWhileBusy } = require(${JSON.stringify(join(__dirname, 'receive-while-busy.ts'))});
    let turned = false;
    setInterval(() => { turned = true; }, 1);
    let stopped = false;
    let looks = 0;
    receiveWhileBusy(parentPort, (m) => {
      if (m === 'stop') {
        stopped = true;
        setImmediate(() => parentPort.postMessage({ loopAfterStop: true }));
        return;
      }
      parentPort.postMessage({ m, turned, looks });
      turned = false;
    }, { pollMs: 0.5, idleAfterMs: ${idleAfterMs}, between: () => { looks += 1; return false; }, done: () => stopped });
    parentPort.postMessage('ready');`,
    { eval: true },
  );
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return worker;
};

type Echo = { m: number; turned: boolean; looks: number };

const collect = (worker: Worker, count: number) =>
  new Promise<Echo[]>((resolve, reject) => {
    const got: Echo[] = [];
    const on = (e: Echo) => {
      got.push(e);
      if (got.length === count) {
        worker.off('message', on);
        resolve(got);
      }
    };
    worker.on('message', on);
    worker.once('error', reject);
  });

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a worker thread receiving while busy', () => {
  it('takes every message, in order, while it stays out of its event loop between them', async () => {
    const worker = await echoThread(5_000);
    try {
      const echoes = collect(worker, 30);
      for (let m = 0; m < 30; m += 1) {
        worker.postMessage(m);
        await pause(2);
      }
      const got = await echoes;
      expect(got.map((e) => e.m)).toEqual([...Array(30).keys()]);
      // the first woke it from its loop; the rest it took itself, its loop never running meanwhile
      expect(got[0].turned).toBe(true);
      expect(got.slice(1).filter((e) => e.turned)).toEqual([]);
      // it looked between them (and did the caller's other work there)
      expect(got[29].looks).toBeGreaterThan(got[1].looks);
    } finally {
      await worker.terminate();
    }
  });

  it('goes back to its event loop when no message came for a while, and is woken by the next', async () => {
    const worker = await echoThread(20);
    try {
      let echoes = collect(worker, 2);
      worker.postMessage(1);
      worker.postMessage(2);
      await echoes;
      await pause(300);
      echoes = collect(worker, 1);
      worker.postMessage(3);
      const [third] = await echoes;
      expect(third).toMatchObject({ m: 3, turned: true });
    } finally {
      await worker.terminate();
    }
  });

  it('goes back to its event loop at once when done', async () => {
    const worker = await echoThread(60_000);
    try {
      const echoes = collect(worker, 1);
      worker.postMessage(1);
      await echoes;
      const after = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      // within a minute of its idle wait: its loop ran right after the stop
      await expect(after).resolves.toEqual({ loopAfterStop: true });
    } finally {
      await worker.terminate();
    }
  });

  it('ends when terminated while busy', async () => {
    const worker = await echoThread(60_000);
    const echoes = collect(worker, 1);
    worker.postMessage(1);
    await echoes;
    const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
    await worker.terminate();
    await expect(exited).resolves.toBe(1);
  });
});
