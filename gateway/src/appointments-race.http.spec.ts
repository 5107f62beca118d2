import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { addDays, businessDate, instantAt, weekdayOf } from '@rawnaq/contracts';
import { configFromEnv, openPlatform, silentLogger, type EventStore, type Platform } from '@rawnaq/platform';
import { createApp, type RunningApp } from './app';
import { bearer, OWNER } from './testing/test-app.test-support';

/**
 * Two desks book the same quarter at the same instant. The event store is the real one, with a gate
 * that holds every read of an employee's day book until both bookings have read it: both decide on
 * the same revision, as two desks really can, and exactly one append may win.
 */
describe('two bookings of the same slot, interleaved on purpose', () => {
  let dir: string;
  let platform: Platform;
  let app: RunningApp;
  let server: Server;
  let http: ReturnType<typeof request>;
  const gate = { on: false, waiting: [] as Array<() => void>, reads: 0 };

  const gated = (store: EventStore): EventStore =>
    new Proxy(store, {
      get(target, prop, receiver) {
        if (prop !== 'readStream') return Reflect.get(target, prop, receiver);
        return async (...args: Parameters<EventStore['readStream']>) => {
          const events = await target.readStream(...args);
          if (args[0].startsWith('employeeday-')) {
            gate.reads += 1;
            if (gate.on) {
              // the first reader waits for the second; the second lets both go on
              await new Promise<void>((resolve) => {
                gate.waiting.push(resolve);
                if (gate.waiting.length === 2) {
                  gate.on = false;
                  gate.waiting.splice(0).forEach((r) => r());
                }
              });
            }
          }
          return events;
        };
      },
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rawnaq-race-'));
    const opened = await openPlatform(configFromEnv({ DATA_DIR: dir, SQLITE_SYNCHRONOUS: 'NORMAL' }), {
      logger: silentLogger,
    });
    platform = { ...opened, eventStore: gated(opened.eventStore) };
    app = await createApp({
      platform,
      logger: silentLogger,
      adminDist: join(dir, 'none'),
      bookingDist: join(dir, 'none'),
    });
    server = createServer(app.handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    http = request(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }, 60_000);

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await app.close();
    await platform.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives one booking the slot and the other a 409 naming it, after running it again on the new state', async () => {
    const token = (await http.post('/api/merchant/login').send({ ...OWNER, force: true })).body.api_token;
    const auth = bearer(token);
    const [services, staff, customers] = await Promise.all(
      ['services', 'employees', 'customers'].map((r) => http.get(`/api/merchant/${r}`).set(auth)),
    );
    const service = services.body.find((s: { name_en: string }) => s.name_en === 'Facial');
    const stylist = staff.body.find((e: { name_en: string }) => e.name_en === 'Reem Abdullah');
    let day = addDays(businessDate(new Date(), 'Asia/Riyadh'), 5);
    while ([5, 6].includes(weekdayOf(day))) day = addDays(day, 1);
    const lines = [
      { service_id: service.id, employee_id: stylist.id, start: instantAt(day, '17:00:00', 'Asia/Riyadh') },
    ];

    gate.on = true;
    gate.reads = 0;
    const [a, b] = await Promise.all(
      customers.body
        .slice(0, 2)
        .map((c: { id: string }) =>
          http.post('/api/merchant/appointments').set(auth).send({ customer_id: c.id, lines }),
        ),
    );
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body).toMatchObject({
      message: 'appointments.employee_busy',
      params: { employee_en: 'Reem Abdullah', from_en: '05:00 PM', to_en: '06:00 PM' },
    });
    // both read the day at the same revision; the loser read it again when its command ran again
    expect(gate.reads).toBeGreaterThanOrEqual(3);
  });
});
