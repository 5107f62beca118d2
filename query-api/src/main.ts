import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { allProjections } from '@rawnaq/projections';
import {
  applyServerTimeouts,
  JSON_MEDIA_TYPES,
  indexRoutes,
  jsonLogger,
  lightenAsyncResourceBind,
  openServiceDeps,
  trustProxySetting,
} from '@rawnaq/platform';
import { QueryApiModule } from './query-api.module';

/** query-api on its own (the scale-out topology): reads the read models the projections service keeps. */
const main = async () => {
  const { platform, readModels, authenticator } = await openServiceDeps(allProjections, jsonLogger);
  lightenAsyncResourceBind(); // see its doc: Nest's binding of each request to its async context
  const app = await NestFactory.create<NestExpressApplication>(
    QueryApiModule.create({
      eventStore: platform.eventStore,
      fileStore: platform.fileStore,
      readModels,
      authenticator,
      logger: jsonLogger,
      projections: allProjections.map((p) => p.name),
      linkTokens: platform.linkTokens,
    }),
    { logger: ['error', 'warn'] },
  );
  app
    .getHttpAdapter()
    .getInstance()
    .set('trust proxy', trustProxySetting(process.env.TRUST_PROXY === '1'));
  app.useBodyParser('json', { type: [...JSON_MEDIA_TYPES] });
  app.enableShutdownHooks();
  await app.init();
  indexRoutes(app.getHttpAdapter().getInstance());
  await app.listen(Number(process.env.PORT ?? 3002));
  applyServerTimeouts(app.getHttpServer());
  jsonLogger.info('query-api listening', { engines: platform.describe(), port: process.env.PORT ?? 3002 });
};

main().catch((error) => {
  jsonLogger.error('query-api failed to start', { error });
  process.exit(1);
});
