import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killChildServer, startChildServer, type ChildServer } from './child-server.test-support';

/** The process's threads: id, name and niceness (/proc/<pid>/task/<tid>/stat, field 19). */
const threadsOf = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      return [{ tid: Number(tid), name, nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) }];
    } catch {
      return []; // ended meanwhile
    }
  });

const FOLLOWERS = ['store-writer', 'projections', 'signing', 'read-writer', 'checkpointer'];

(process.platform === 'linux' ? describe : describe.skip)("the server's threads (THREAD_NICE)", () => {
  let dataDir: string;
  let server: ChildServer | undefined;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'rawnaq-threads-'));
  });
  afterEach(async () => {
    if (server) await killChildServer(server);
    server = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The threads once every named one has started (the signing thread starts its presignatures'). */
  const started = async (s: ChildServer) => {
    const pid = s.child.pid!;
    for (let i = 0; i < 100; i++) {
      const threads = threadsOf(pid);
      if ([...FOLLOWERS, 'presign'].every((n) => threads.some((t) => t.name === n))) return threads;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(
      `threads never all named: ${threadsOf(pid)
        .map((t) => t.name)
        .join(', ')}`,
    );
  };

  it("runs the threads that follow a request below the request thread, which keeps the process's priority", async () => {
    server = await startChildServer('crash-server', [dataDir], { THREAD_NICE: '10' });
    const threads = await started(server);
    const own = threads.find((t) => t.tid === server!.child.pid)!.nice;
    for (const name of FOLLOWERS)
      for (const t of threads.filter((x) => x.name === name))
        expect({ name, nice: t.nice }).toEqual({ name, nice: Math.min(19, own + 10) });
    expect(threads.filter((t) => t.name === 'checkpointer')).toHaveLength(2); // the events' file and the read models'
    expect(threads.find((t) => t.name === 'presign')!.nice).toBe(19);
    // the rest (V8's and libuv's helpers) keep the process's priority
    for (const t of threads.filter((x) => ![...FOLLOWERS, 'presign'].includes(x.name)))
      expect({ name: t.name, nice: t.nice }).toEqual({ name: t.name, nice: own });
  });

  it("keeps every thread but the presignatures' at the process's priority without it", async () => {
    server = await startChildServer('crash-server', [dataDir], { THREAD_NICE: '0' });
    const threads = await started(server);
    const own = threads.find((t) => t.tid === server!.child.pid)!.nice;
    for (const t of threads.filter((x) => x.name !== 'presign'))
      expect({ name: t.name, nice: t.nice }).toEqual({ name: t.name, nice: own });
  });
});
