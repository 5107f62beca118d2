// The whole product as `npm start` runs it (events fsynced on every append), with the WhatsApp outbox's
// worker running every 20 ms against the simulator on `dataDir`, and `count` messages queued to the demo's
// two customers who allow WhatsApp (the same purposes at every start: queued once). Its clock is moved
// into the send window, and two minutes further at each restart (`round`), so an attempt a kill left in
// doubt is looked at right away. Prints "ready <url>"; the messaging crash test SIGKILLs it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO } from '@rawnaq/command-api';
import { whatsappDigits } from '@rawnaq/contracts';
import { configFromEnv, openPlatform, silentLogger } from '@rawnaq/platform';
import { createApp } from '../app';

const [dataDir, round, count] = process.argv.slice(2);

const riyadhHour = (ms: number) => new Date(ms + 3 * 3_600_000).getUTCHours();
const inWindow = (() => {
  const real = Date.now();
  if (riyadhHour(real) >= 10 && riyadhHour(real) < 20) return 0;
  const next = new Date(real + 3 * 3_600_000);
  if (riyadhHour(real) >= 20) next.setUTCDate(next.getUTCDate() + 1);
  next.setUTCHours(10, 0, 0, 0);
  return next.getTime() - 3 * 3_600_000 - real;
})();
const offset = inWindow + Number(round) * 120_000;

const main = async () => {
  const clock = { now: () => new Date(Date.now() + offset) };
  const platform = await openPlatform(configFromEnv({ DATA_DIR: dataDir }), { logger: silentLogger });
  const app = await createApp({
    platform,
    logger: silentLogger,
    seedDemo: true,
    clock,
    messagingEveryMs: 20,
    adminDist: `${dataDir}/no-admin`,
    bookingDist: `${dataDir}/no-booking`,
  });
  const customers = (await app.readModels.find('customers', { filter: { tenantId: DEMO.tenantId } })).filter(
    (c) => c.whatsapp_allowed === true,
  );
  const ctx = {
    tenantId: DEMO.tenantId,
    actor: { kind: 'system' as const, id: 'crash-test' },
    correlationId: `crash-messages-${round}`,
    now: clock.now(),
  };
  // and 20 scheduled five minutes on (on the first start's clock): only due after restarts
  const later = new Date(Date.now() + inWindow + 5 * 60_000).toISOString();
  for (let i = 0; i < 20; i++) {
    const c = customers[i % customers.length];
    await app.messaging.outbox.queue(ctx, {
      purpose: `crash-test:later-${i}`,
      customer_id: String(c.id),
      phone: whatsappDigits(String(c.mobile))!,
      language: c.preferred_language === 'en' ? 'en' : 'ar',
      kind: 'service',
      content: {
        template: { name: 'appointment_reminder', params: [String(c.name), 'Demo', `later #${i}`, '10:00'] },
        text: `later #${i}`,
      },
      scheduled_for: later,
    });
  }
  for (let i = 0; i < Number(count); i++) {
    const c = customers[i % customers.length];
    await app.messaging.outbox.queue(ctx, {
      purpose: `crash-test:${i}`,
      customer_id: String(c.id),
      phone: whatsappDigits(String(c.mobile))!,
      language: c.preferred_language === 'en' ? 'en' : 'ar',
      kind: 'service',
      content: {
        template: { name: 'appointment_reminder', params: [String(c.name), 'Demo', `#${i}`, '10:00'] },
        text: `#${i}`,
      },
      scheduled_for: clock.now().toISOString(),
    });
  }
  const server = createServer(app.handler);
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`ready http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  });
};
void main();
