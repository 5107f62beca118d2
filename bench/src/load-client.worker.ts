// The desks of a latency bench: sends its requests at their due times from a thread of its own, so the
// server's thread spends its time serving, as it would with the desks on other machines. Each answer is
// posted back with the instant its request was sent (epoch milliseconds, comparable across threads).
import { parentPort, workerData } from 'node:worker_threads';
import type { LoadPlan, LoadReply } from './latency';

const plan = workerData as LoadPlan;
const now = () => performance.timeOrigin + performance.now();

const send = async (i: number, started: number) => {
  const r = plan.requests[i];
  let reply: LoadReply;
  try {
    const res = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
    await res.arrayBuffer();
    reply = { i, started, status: res.status, position: res.headers.get('x-position') };
  } catch (error) {
    reply = { i, started, status: 0, position: null, error: (error as Error).message };
  }
  parentPort!.postMessage(reply);
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
