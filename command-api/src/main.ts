import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { CommandBus } from '@nestjs/cqrs';
import { allProjections } from '@rawnaq/projections';
import {
  applyServerTimeouts,
  indexRoutes,
  jsonLogger,
  lightenAsyncResourceBind,
  openServiceDeps,
  JSON_MEDIA_TYPES,
  plainJsonBodies,
  TOKENS,
  trustProxySetting,
  zatca,
} from '@rawnaq/platform';
import { CommandApiModule } from './command-api.module';
import { MailDispatcher } from './identity/mail-dispatcher';
import { Aggregates } from './shared/repository';
import { seedDemoSalon } from './seed/demo-salon';
import { EInvoiceReportingWorker } from './einvoicing/reporting.worker';
import { OutboxWorker } from './engagement/outbox.worker';
import { messagingChannelsFromEnv } from './engagement/channels';

/** command-api on its own (the scale-out topology); `npm start` runs it inside the gateway instead. */
const main = async () => {
  const { platform, readModels, authenticator } = await openServiceDeps(allProjections, jsonLogger);
  lightenAsyncResourceBind(); // see its doc: Nest's binding of each request to its async context
  const app = await NestFactory.create<NestExpressApplication>(
    CommandApiModule.create({
      eventStore: platform.eventStore,
      fileStore: platform.fileStore,
      readModels,
      authenticator,
      logger: jsonLogger,
      mailSender: platform.mailSender,
      linkTokens: platform.linkTokens,
      messaging: { channels: messagingChannelsFromEnv(platform.config.dataDir) },
    }),
    // the raw body is kept for the webhooks whose signature is computed over it (WhatsApp's)
    { logger: ['error', 'warn'], rawBody: true },
  );
  app
    .getHttpAdapter()
    .getInstance()
    .set('trust proxy', trustProxySetting(process.env.TRUST_PROXY === '1'));
  // the commands' plain JSON bodies read before Nest's body parsers (registered by init), which read every other
  app.use(plainJsonBodies());
  app.useBodyParser('json', { type: [...JSON_MEDIA_TYPES] });
  app.enableShutdownHooks();
  await app.init();
  indexRoutes(app.getHttpAdapter().getInstance());
  // the e-invoices are built and signed off the thread serving requests, as in the gateway
  zatca.signingThread.start();
  if (process.env.SEED_DEMO !== '0') {
    const names = allProjections.map((p) => p.name);
    const worker = app.get(OutboxWorker);
    await worker.whilePaused(() =>
      seedDemoSalon(
        platform.eventStore,
        app.get(CommandBus),
        async (position) => {
          if (!(await readModels.waitFor(names, position, 120_000)))
            throw new Error('projections did not catch up with the demo seed');
        },
        app.get(EInvoiceReportingWorker).reporting,
        worker.outbox,
      ),
    );
  }
  // this service sends the outbox's waiting mail, through SMTP_URL's server or the one the manager set
  // in the console (run one command-api per deployment, or accept that two may both send a message
  // now and then: delivery is at least once)
  new MailDispatcher(
    app.get(Aggregates),
    readModels,
    app.get(TOKENS.mailSender),
    jsonLogger,
    platform.linkTokens,
  ).start();
  await app.listen(Number(process.env.PORT ?? 3001));
  applyServerTimeouts(app.getHttpServer());
  jsonLogger.info('command-api listening', { engines: platform.describe(), port: process.env.PORT ?? 3001 });
};

main().catch((error) => {
  jsonLogger.error('command-api failed to start', { error });
  process.exit(1);
});
