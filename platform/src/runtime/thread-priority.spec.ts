import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { followingNice } from './thread-priority';

/** A task's nice value (field 19 of /proc/<pid>/task/<tid>/stat). */
const niceOf = (tid: number) => {
  const stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};

const linux = process.platform === 'linux';

(linux ? describe : describe.skip)('a thread put in the background', () => {
  it('runs at the lowest priority, and only that thread: the process keeps its own', async () => {
    const own = niceOf(process.pid); // 0, unless the tests themselves were started under nice
    const script = `require('tsx/cjs');
      const { parentPort } = require('node:worker_threads');
      const { readlinkSync } = require('node:fs');
      const { runInBackground } = require(${JSON.stringify(join(__dirname, 'thread-priority.ts'))});
      const done = runInBackground();
      parentPort.postMessage({ done, tid: Number(readlinkSync('/proc/thread-self').split('/').pop()) });
      setTimeout(() => undefined, 5000);`;
    const worker = new Worker(script, { eval: true });
    try {
      const { done, tid } = await new Promise<{ done: boolean; tid: number }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      expect(done).toBe(true);
      expect(tid).not.toBe(process.pid);
      expect(niceOf(tid)).toBe(19);
      expect(niceOf(process.pid)).toBe(own);
    } finally {
      await worker.terminate();
    }
  });
});

describe('the niceness of the threads that follow a request (THREAD_NICE)', () => {
  const saved = process.env.THREAD_NICE;
  afterEach(() => {
    if (saved === undefined) delete process.env.THREAD_NICE;
    else process.env.THREAD_NICE = saved;
  });

  it('is what THREAD_NICE says, from 1 to 19', () => {
    process.env.THREAD_NICE = '10';
    expect(followingNice()).toBe(10);
    process.env.THREAD_NICE = '19';
    expect(followingNice()).toBe(19);
  });

  it("is 0 (the process's own) when unset, 0, or not a niceness a thread can be lowered by", () => {
    for (const value of [undefined, '0', '-5', '20', '2.5', 'low', '']) {
      if (value === undefined) delete process.env.THREAD_NICE;
      else process.env.THREAD_NICE = value;
      expect({ value, nice: followingNice() }).toEqual({ value, nice: 0 });
    }
  });
});
