/**
 * The V8 flags the server's process runs with: `npm start` passes them to it, and the benches that
 * host the server in their own process run under them too, so they measure the server as it runs.
 *
 * `--initial-heap-size=160` (MB): V8 starts a process with a small heap and, as the heap grows towards
 * what a busy server keeps (~55 MB live on the request thread, ~27 MB on the projections' thread), runs
 * a full collection each time it crosses the next small limit. Each one stops its thread and takes both
 * cores of a small machine for its marking, and on the till at 200 invoices/s each was followed by a
 * cluster of slow requests. Starting at 160 MB, the heap settles without them: over the 30-s till run
 * the request thread made no full collection in any of six runs with the flag (0 to 6, mostly 2, in
 * runs without), and in the runs made in turn with and without it the till's p99 was lower with it each time
 * (54.9 against 91.2 ms, 43.1 against 334.7 ms, on a slow stretch of the machine); the first 10 s after
 * start gained most. V8 flags hold for every thread of the process. The cost is memory: a thread that
 * allocates a lot may hold up to ~160 MB of heap before it first collects, where it held ~70. The
 * scale-out services (command-api, query-api started on their own) are not started with it.
 *
 * Tried and left out: `--max-semi-space-size=64` (a young generation of up to 64 MB a half, Node 20's
 * being 16). On the till at 200 invoices/s, seven runs of 25 s with and without it in turn, the request
 * thread's GC pauses fell from 190-273 to 51-102 ms a run and its CPU per invoice by 0.06 ms on average
 * (pairs from -0.22 to +0.05 ms), for ~80 MB more memory. But the sales bench's daily summary over 400
 * days read with a p99 of 54-62 ms in three runs with it, past its 50-ms target, against 34.66-44.09
 * ms in eight runs without it the same day (why was not looked into).
 */
export const SERVER_V8_FLAGS: readonly string[] = ['--initial-heap-size=160'];

/** Whether a process runs with the server's V8 flags (its `execArgv`). */
export const runsWithServerFlags = (execArgv: readonly string[] = process.execArgv): boolean =>
  SERVER_V8_FLAGS.every((flag) => execArgv.includes(flag));
