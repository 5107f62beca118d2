import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { configFromEnv, FOLLOWING, openPlatform, silentLogger, type Platform } from '@rawnaq/platform';
import { openAccount } from '@rawnaq/command-api';
import { allProjections } from '@rawnaq/projections';
import { createApp, httpServer, type RunningApp } from '@rawnaq/gateway/dist/app';

const OWNER = { accountId: 1, username: 'owner', password: 'Demo@12345', force: true };

export type BenchApp = {
  app: RunningApp;
  platform: Platform;
  /** `http://127.0.0.1:<port>/api/merchant` */
  base: string;
  /** the demo owner's headers (JSON, bearer token) */
  headers: Record<string, string>;
  get: <T>(path: string) => Promise<T>;
  /**
   * Opens another salon (Saudi, 15 % VAT) allowed `maxEmployees` employees, and answers its owner's
   * headers: for benches that need a bigger salon than the demo's.
   */
  openSalon: (maxEmployees: number) => Promise<Record<string, string>>;
  close: () => Promise<void>;
};

/**
 * The whole product on the embedded engines in a fresh folder (events fsync'd, FULL), the demo salon
 * seeded, listening on a free port, its owner signed in: what a bench sends real requests to.
 */
export const startBenchApp = async (parent: string, name: string): Promise<BenchApp> => {
  const dir = mkdtempSync(join(parent, `${name}-`));
  // the threads' priorities as `npm start` sets them (gateway/src/main.ts)
  process.env.THREAD_NICE ??= String(FOLLOWING);
  const platform = await openPlatform(configFromEnv({ DATA_DIR: dir, SQLITE_SYNCHRONOUS: 'FULL' }), {
    logger: silentLogger,
    syncOffThread: true,
  });
  const app = await createApp({
    platform,
    logger: silentLogger,
    seedDemo: true,
    sendMail: false,
    adminDist: join(dir, 'no-admin'),
    bookingDist: join(dir, 'no-booking'),
    // ZATCA reporting is asynchronous by design (a worker, not the command): in these benches the
    // local Fatoora simulator would otherwise verify the demo's history in this very process, a cost
    // the real authority bears on its own machines. The signing in the issue command is measured.
    reportEveryMs: 0,
    // nor does the WhatsApp worker send (or plan reminders) beside what is measured
    messagingEveryMs: 0,
  });
  const server = httpServer(app.handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/merchant`;
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  const token = ((await login.json()) as { api_token: string }).api_token;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  return {
    app,
    platform,
    base,
    headers,
    get: async <T>(path: string) => (await (await fetch(`${base}/${path}`, { headers })).json()) as T,
    openSalon: async (maxEmployees) => {
      const position = await openAccount(platform.eventStore, {
        accountId: 3,
        nameEn: 'Bench Salon',
        nameAr: 'صالون القياس',
        alias: 'benchsalon',
        countryId: 1,
        vatPercentage: 15,
        maxEmployees,
        owner: {
          userId: '0193b000-0000-7000-8000-000000000031',
          username: 'bench-owner',
          email: 'owner@benchsalon.example',
          name: 'Bench Owner',
          password: 'Bench@12345',
          locale: 'en',
        },
        roleIds: {
          owner: '0193b000-0000-7000-8000-000000000032',
          receptionist: '0193b000-0000-7000-8000-000000000033',
        },
      });
      if (position)
        await app.runner.waitFor(
          allProjections.map((p) => p.name),
          position,
          10_000,
        );
      const res = await fetch(`${base}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ accountId: 3, username: 'bench-owner', password: 'Bench@12345', force: true }),
      });
      const owner = ((await res.json()) as { api_token: string }).api_token;
      return { Authorization: `Bearer ${owner}`, 'Content-Type': 'application/json' };
    },
    close: async () => {
      server.close();
      await app.close();
    },
  };
};
