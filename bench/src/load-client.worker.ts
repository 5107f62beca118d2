// The desks of a latency bench: sends its requests at their due times from a thread of its own, so the
// server's thread spends its time serving, as it would with the desks on other machines. Each answer is
// posted back with the instants its request was sent and answered (epoch milliseconds, comparable
// across threads).
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { newId } from '@rawnaq/contracts';
import type { LoadPlan, LoadReply } from './latency';

const plan = workerData as LoadPlan;
const now = () => performance.timeOrigin + performance.now();
// node:http with kept-alive connections, as a desk's browser keeps them: a fraction of fetch's cost per
// request, which on a two-core machine the server's threads would otherwise pay for
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

type Answer = { status: number; position: string | null };

/**
 * One request. A kept-alive connection the server closed for idleness (its keep-alive timeout) just as
 * the request was written to it resets before any answer: the server never read the request, and the
 * request is sent again on a new connection, as browsers do (Node's documented `reusedSocket` check).
 */
const exchange = (
  r: LoadPlan['requests'][number],
  // a key asked for is made as the request is first sent, as the back office makes one (sent again, the
  // request keeps it)
  headers = r.freshKey ? Object.assign({ 'Idempotency-Key': newId() }, r.headers) : r.headers,
): Promise<Answer> =>
  new Promise<Answer>((resolve, reject) => {
    const req = request(r.url, { method: r.method, headers, agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, position: (res.headers['x-position'] as string) ?? null }),
      );
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && error.code === 'ECONNRESET') exchange(r, headers).then(resolve, reject);
      else reject(error);
    });
    req.end(r.body);
  });

// The answers go to the server's thread in batches, not one message each: a message wakes that thread,
// which cost it ~4 % of its time per invoice at the till's rate (paired, switched every second), work a
// desk on another machine never makes it do. Each answer carries its own times, so the batch's delay
// is not in them.
const REPLIES_EVERY_MS = 50;
const held: LoadReply[] = [];
let batch: ReturnType<typeof setTimeout> | undefined;
let replied = 0;
const pass = () => {
  if (batch) clearTimeout(batch);
  batch = undefined;
  parentPort!.postMessage(held.splice(0));
};

const send = async (i: number, started: number) => {
  let reply: LoadReply;
  try {
    reply = { i, started, ...(await exchange(plan.requests[i])), answered: now() };
  } catch (error) {
    reply = { i, started, status: 0, position: null, error: (error as Error).message };
  }
  held.push(reply);
  if (++replied === plan.requests.length) pass();
  else batch ??= setTimeout(pass, REPLIES_EVERY_MS);
};

const run = async () => {
  const interval = 1000 / plan.rate;
  const t0 = now();
  for (let i = 0; i < plan.requests.length; i++) {
    const due = t0 + i * interval;
    while (now() < due) await new Promise((r) => setTimeout(r, Math.max(0, due - now() - 1)));
    void send(i, now());
  }
};

void run();
