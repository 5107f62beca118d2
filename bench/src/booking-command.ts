import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, businessDate, weekdayOf } from '@rawnaq/contracts';
import { configFromEnv, openPlatform, silentLogger } from '@rawnaq/platform';
import { createApp } from '@rawnaq/gateway/dist/app';
import { percentiles, type LatencyFigures } from './latency';

const TZ = 'Asia/Riyadh';
const OWNER = { accountId: 1, username: 'owner', password: 'Demo@12345', force: true };

type Booking = { employee_id: string; start: string; customer_id: string };

/**
 * The booking command end to end, as the front desk sends it: `POST /api/merchant/appointments`
 * through HTTP, the guard, the command (the menu, the employee's hours and blocks, the employee's and
 * the customer's days of bookings) and its one atomic append (fsync'd, FULL), timed from the request
 * until the calendar's read model (`appointment_lines`) and the audit log show the visit. The demo
 * salon's own stylists and customers; the times are the free starts the availability query offers,
 * taken one service length apart, far enough ahead to be clear of the demo's week. Requests are sent
 * at their due time whether or not the previous ones have answered, as desks do.
 */
export const bookingCommandLatency = async (
  parent: string,
  rate: number,
  seconds: number,
): Promise<LatencyFigures & { refused: number }> => {
  const dir = mkdtempSync(join(parent, 'booking-command-'));
  const platform = await openPlatform(configFromEnv({ DATA_DIR: dir, SQLITE_SYNCHRONOUS: 'FULL' }), {
    logger: silentLogger,
  });
  const app = await createApp({
    platform,
    logger: silentLogger,
    seedDemo: true,
    sendMail: false,
    adminDist: join(dir, 'no-admin'),
    bookingDist: join(dir, 'no-booking'),
  });
  const server = createServer(app.handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/merchant`;
  try {
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    const token = ((await login.json()) as { api_token: string }).api_token;
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const get = async <T>(path: string) => (await (await fetch(`${base}/${path}`, { headers })).json()) as T;
    const services =
      await get<Array<{ id: string; name_en: string; job_time: number }>>('services?range=[0,99]');
    const haircut = services.find((s) => s.name_en === 'Haircut')!;
    const customers = (await get<Array<{ id: string }>>('customers?range=[0,99]')).map((c) => c.id);

    // free starts, one haircut apart per stylist; each visit's customer free at that time
    const total = rate * seconds;
    const bookings: Booking[] = [];
    const customerFreeAt = new Map(customers.map((c) => [c, 0]));
    let date = addDays(businessDate(new Date(), TZ), 30);
    while (bookings.length < total) {
      if (![5, 6].includes(weekdayOf(date))) {
        const free = await get<{ employees: Array<{ employee_id: string; starts: string[] }> }>(
          `availability?date=${date}&service_ids=${haircut.id}`,
        );
        const day: Booking[] = [];
        for (const e of free.employees) {
          let next = 0;
          for (const start of e.starts)
            if (Date.parse(start) >= next) {
              day.push({ employee_id: e.employee_id, start, customer_id: '' });
              next = Date.parse(start) + haircut.job_time * 60_000;
            }
        }
        day.sort((a, b) => a.start.localeCompare(b.start));
        for (const b of day) {
          const at = Date.parse(b.start);
          const customer = customers.find((c) => customerFreeAt.get(c)! <= at);
          if (!customer) continue;
          customerFreeAt.set(customer, at + haircut.job_time * 60_000);
          bookings.push({ ...b, customer_id: customer });
        }
      }
      date = addDays(date, 1);
    }

    const samples: number[] = [];
    let refused = 0;
    const interval = 1000 / rate;
    const pending: Promise<void>[] = [];
    const t0 = performance.now();
    for (let i = 0; i < total; i++) {
      const due = t0 + i * interval;
      while (performance.now() < due)
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now() - 1)));
      const b = bookings[i];
      const started = performance.now();
      pending.push(
        (async () => {
          const res = await fetch(`${base}/appointments`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              customer_id: b.customer_id,
              lines: [{ service_id: haircut.id, employee_id: b.employee_id, start: b.start }],
            }),
          });
          await res.arrayBuffer();
          const position = res.headers.get('x-position');
          if (res.status !== 201 || !position) {
            refused++;
            return;
          }
          if (!(await app.runner.waitFor(['appointments', 'audit-log'], position, 10_000)))
            throw new Error('a booking never became visible');
          samples.push(performance.now() - started);
        })(),
      );
    }
    await Promise.all(pending);
    const achieved = total / ((performance.now() - t0) / 1000);
    return { ...percentiles(samples, achieved), refused };
  } finally {
    server.close();
    await app.close();
  }
};
