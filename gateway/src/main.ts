import type { AddressInfo } from 'node:net';
import { configFromEnv, FOLLOWING, jsonLogger, openPlatform } from '@rawnaq/platform';
import { DEMO } from '@rawnaq/command-api';
import { createApp, httpServer } from './app';
import { movableClock } from './test-clock';

/** npm start: the whole product in one process on the embedded default (or the engines the env names). */
const main = async () => {
  // the threads that follow a request's work (the store's writer, the signing thread, the projections,
  // the checkpoints) run below the thread serving requests, read by each as it starts (README)
  process.env.THREAD_NICE ??= String(FOLLOWING);
  const config = configFromEnv();
  const platform = await openPlatform(config, { forwarder: true, logger: jsonLogger, syncOffThread: true });
  jsonLogger.info('platform open', { engines: platform.describe(), dataDir: config.dataDir });
  // browser tests move time (a trial's end, a campaign's pacing): RAWNAQ_TEST_CLOCK=1, never in production
  const moved = process.env.RAWNAQ_TEST_CLOCK === '1' ? movableClock() : undefined;
  if (moved) jsonLogger.info('test clock on: POST /api/test/clock moves time');
  const app = await createApp({
    ...(moved && { clock: moved.clock, testClock: moved }),
    platform,
    logger: jsonLogger,
    seedDemo: process.env.SEED_DEMO !== '0',
    trustProxy: process.env.TRUST_PROXY === '1',
    // the product checks documents as the authority does; FATOORA_SIMULATOR_RULES=signature lightens it
    fatooraRules: process.env.FATOORA_SIMULATOR_RULES === 'signature' ? 'signature' : 'full',
  });
  const port = Number(process.env.PORT ?? 3000);
  const server = httpServer(app.handler);
  server.listen(port, () => {
    // PORT=0: a free port the system chose (the browser tests read it here)
    const url = `http://localhost:${(server.address() as AddressInfo).port}`;
    process.stdout.write(
      [
        '',
        `Rawnaq is up: ${url}/en/merchant (English) or ${url}/ar/merchant (Arabic)`,
        `  merchant sign-in: account ${DEMO.accountId}, username ${DEMO.owner.username} (or ${DEMO.owner.email}), password ${DEMO.owner.password}`,
        `  receptionist:     account ${DEMO.accountId}, username ${DEMO.receptionist.username}, password ${DEMO.receptionist.password}`,
        `  manager console:  ${url}/en/manager, ${DEMO.manager.email} / ${DEMO.manager.password}`,
        `  the salon's page: ${url}/en/salon/demosalon/home`,
        '',
      ].join('\n'),
    );
  });
  const stop = async () => {
    server.close();
    await app.close();
    await platform.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
};

main().catch((error) => {
  jsonLogger.error('start-up failed', { error });
  process.exit(1);
});
