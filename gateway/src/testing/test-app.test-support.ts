import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { openAccount, renderMail } from '@rawnaq/command-api';
import { businessDate, type MailQueued, type RecordedEvent } from '@rawnaq/contracts';
import {
  configFromEnv,
  jsonLogger,
  openPlatform,
  silentLogger,
  type Clock,
  type MailSender,
  type Platform,
  type SimulatorRules,
} from '@rawnaq/platform';
import { allProjections } from '@rawnaq/projections';
import { createApp, httpServer, type AppOptions, type RunningApp } from '../app';

export type TestApp = {
  app: RunningApp;
  platform: Platform;
  http: ReturnType<typeof request>;
  url: string;
  /** signs in and answers the token */
  signIn: (body: object, realm?: 'merchant' | 'manager') => Promise<string>;
  /** a second salon (tenant isolation tests) with its owner `other-owner` / `Other@12345` */
  openOtherSalon: () => Promise<void>;
  eventCount: () => Promise<number>;
  /** every event stored, oldest first */
  allEvents: () => Promise<RecordedEvent[]>;
  /**
   * The text of the latest mail to this address as it is sent (its link's token written in): the test
   * reads the recipient's mailbox, which is the only place a link is complete.
   */
  mailTo: (address: string) => Promise<string | undefined>;
  /** the token of the latest link of this kind mailed to this address */
  linkTo: (address: string, kind: 'reset-password' | 'verify-email') => Promise<string | undefined>;
  /** stops the app and removes its store (`keep`: leaves it, for the run's seeded template) */
  close: (options?: { keep?: boolean }) => Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The demo salon as seeded, once per jest run (`RAWNAQ_TEST_RUN`, made by jest.global-setup.cjs): the
 * first suite to ask seeds it into the run's folder and closes it; every other suite copies those
 * files into its own fresh DATA_DIR, where the app finds the demo there and does not seed it again.
 * Seeding was about 5 s of a core per suite, some 55 suites a run. `undefined` outside such a run.
 *
 * One copy per business day of the demo salon (Asia/Riyadh): the demo is seeded around its "today"
 * (a payroll paid today, sales of the last days), and a run that crosses the salon's midnight
 * (21:00 UTC) would otherwise hand a later suite yesterday's salon, whose "today" is not the one the
 * suite reads from the app.
 */
const seededTemplate = async (): Promise<string | undefined> => {
  const run = process.env.RAWNAQ_TEST_RUN;
  if (!run || !existsSync(run)) return undefined;
  // the demo is seeded around the date the app reads: a suite that fakes it (jest's fake timers) seeds
  // its own, and never leaves its dates in the run's copy
  if (Math.abs(Date.now() - (performance.timeOrigin + performance.now())) > 60_000) return undefined;
  const day = businessDate(new Date(), 'Asia/Riyadh');
  const template = join(run, `demo-data-${day}`);
  const ready = `${template}.ready`;
  const lock = `${template}.lock`;
  for (const until = Date.now() + 180_000; Date.now() < until; await sleep(200)) {
    if (existsSync(ready)) return template;
    try {
      mkdirSync(lock);
    } catch {
      continue; // another suite is seeding it
    }
    try {
      const seeding = await startTestApp({ dataDir: template });
      await seeding.close({ keep: true });
      writeFileSync(ready, new Date().toISOString());
      return template;
    } catch (error) {
      rmSync(lock, { recursive: true, force: true });
      throw error;
    }
  }
  return undefined;
};

/**
 * The whole product on a fresh embedded store, listening on a free port (for ra-data-simple-rest's fetch),
 * with the demo salon: a copy of the run's seeded one when the test asks nothing of the clock (its own,
 * or a faked date) or of the e-invoicing simulator at seeding time, else seeded here.
 */
export const startTestApp = async (
  options: {
    clock?: Clock;
    /** `POST /api/test/clock`, as RAWNAQ_TEST_CLOCK=1 gives the browser tests (with its `clock`) */
    testClock?: AppOptions['testClock'];
    mailSender?: MailSender;
    fatooraRules?: SimulatorRules;
    /** where to keep the store (the run's template); a fresh folder otherwise */
    dataDir?: string;
    /** false: an empty store, no demo salon (a backup's import) */
    seedDemo?: boolean;
    /**
     * The event log as the gateway opens it (`main.ts`): every append fsync'd by the writer thread,
     * with its filter of stored replies. Otherwise NORMAL on the request thread, quicker for tests.
     */
    durable?: boolean;
  } = {},
): Promise<TestApp> => {
  const dir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'rawnaq-http-'));
  if (options.dataDir) mkdirSync(dir, { recursive: true });
  const template =
    options.dataDir || options.clock || options.fatooraRules || options.seedDemo === false
      ? undefined
      : await seededTemplate();
  if (template) for (const file of readdirSync(template)) cpSync(join(template, file), join(dir, file));
  const platform = await openPlatform(
    { ...configFromEnv({ DATA_DIR: dir, SQLITE_SYNCHRONOUS: options.durable ? 'FULL' : 'NORMAL' }) },
    { logger: silentLogger, syncOffThread: options.durable },
  );
  // a mail server stand-in: the test sees what would be sent (the SMTP adapter has its own test)
  if (options.mailSender) platform.mailSender = options.mailSender;
  const app = await createApp({
    platform,
    // RAWNAQ_TEST_LOG=1 shows the services' log (an unexpected 500's cause) while a test runs
    logger: process.env.RAWNAQ_TEST_LOG ? jsonLogger : silentLogger,
    seedDemo: options.seedDemo ?? true,
    // tests stand in for several clients by sending X-Forwarded-For
    trustProxy: true,
    clock: options.clock,
    testClock: options.testClock,
    sendMail: false,
    adminDist: join(dir, 'no-admin'),
    bookingDist: join(dir, 'no-booking'),
    // the ZATCA reporting worker runs when a test says so (t.app.einvoicing.runOnce())
    reportEveryMs: 0,
    // the WhatsApp outbox and the simulator's webhooks too (t.app.messaging.runOnce(), simulator.flush())
    messagingEveryMs: 0,
    fatooraRules: options.fatooraRules,
    // two suites at once on two cores can keep the projections more than the product's 2 s behind: a
    // read-your-write waits (within the test's own time limit) rather than compare a stale read
    readYourWritesMs: 20_000,
  });
  const server: Server = httpServer(app.handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const allEvents = async () => {
    const events: RecordedEvent[] = [];
    for (;;) {
      const batch = await platform.eventStore.readAll(events.at(-1)?.position ?? '0', 1000);
      if (!batch.length) return events;
      events.push(...batch);
    }
  };
  const mailTo = async (address: string) => {
    const mail = (await allEvents())
      .filter((e) => e.type === 'MailQueued' && (e.data as MailQueued['data']).to === address)
      .at(-1);
    return mail && renderMail(mail.data as MailQueued['data'], platform.linkTokens).text;
  };
  const http = request(url);
  return {
    app,
    platform,
    http,
    url,
    signIn: async (body, realm = 'merchant') => {
      const res = await http.post(`/api/${realm}/login`).send({ ...body, force: true });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.api_token as string;
    },
    openOtherSalon: async () => {
      const position = await openAccount(platform.eventStore, {
        accountId: 2,
        nameEn: 'Other Spa',
        nameAr: 'سبا آخر',
        alias: 'otherspa',
        countryId: 2,
        vatPercentage: 5,
        owner: {
          userId: '0193b000-0000-7000-8000-000000000011',
          username: 'other-owner',
          email: 'owner@otherspa.example',
          name: 'Other Owner',
          password: 'Other@12345',
          locale: 'en',
        },
        roleIds: {
          owner: '0193b000-0000-7000-8000-000000000001',
          receptionist: '0193b000-0000-7000-8000-000000000002',
        },
      });
      if (position)
        await app.runner.waitFor(
          allProjections.map((p) => p.name),
          position,
          10_000,
        );
    },
    eventCount: async () => Number(await platform.eventStore.headPosition()),
    allEvents,
    mailTo,
    linkTo: async (address, kind) => {
      const text = await mailTo(address);
      return text ? new RegExp(`/${kind}/([\\w-]+)`).exec(text)?.[1] : undefined;
    },
    close: async ({ keep = false } = {}) => {
      await new Promise((resolve) => server.close(resolve));
      await app.close();
      await platform.close();
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
};

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
export const OWNER = { accountId: 1, username: 'owner', password: 'Demo@12345' };
export const RECEPTION = { accountId: 1, username: 'reception', password: 'Demo@12345' };
export const MANAGER = { email: 'admin@platform.example', password: 'Manager@12345' };

/**
 * A GET that waits for everything written so far (`X-Min-Position`) and must answer 200 from read
 * models that caught up: the body.
 */
export const readUpToDate = async (
  t: TestApp,
  path: string,
  token: string,
  query: Record<string, string> = {},
) => {
  const res = await t.http
    .get(path)
    .query(query)
    .set({ ...bearer(token), 'X-Min-Position': String(await t.eventCount()) });
  expect(res.status).toBe(200);
  if (res.headers['x-stale'] === 'true') throw new Error(`${path}: the projections did not catch up`);
  return res.body;
};
