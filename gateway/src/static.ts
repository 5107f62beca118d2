import express from 'express';
import { allProjections } from '@rawnaq/projections';
import { jsonLogger, openServiceDeps, systemClock, trustProxySetting } from '@rawnaq/platform';
import { uiFiles } from './app';
import { websiteRouter } from './website/router';
import { remoteSubmit } from './website/submit';

/**
 * The scale-out topology's `web` service: the public website of Rawnaq (its pages written from the
 * manager's settings in the read models, its two forms posted on to command-api at COMMAND_API_URL)
 * and the UIs' files. The APIs are behind their own services.
 */
const main = async () => {
  const commandApi = process.env.COMMAND_API_URL;
  if (!commandApi) throw new Error('COMMAND_API_URL is not set: the website’s forms are sent there');
  const { readModels } = await openServiceDeps(allProjections, jsonLogger);
  const app = express();
  app.disable('x-powered-by');
  // the visitor's address as the proxy in front saw it (the forms are limited per visitor)
  app.set('trust proxy', trustProxySetting(process.env.TRUST_PROXY === '1'));
  app.use(
    websiteRouter({
      models: readModels,
      submit: remoteSubmit(commandApi),
      clock: systemClock,
      logger: jsonLogger,
    }),
  );
  app.use(uiFiles(undefined, undefined, readModels));
  const port = Number(process.env.PORT ?? 3000);
  app.listen(port, () => jsonLogger.info('web listening', { port, commandApi }));
};

main().catch((error) => {
  jsonLogger.error('web failed to start', { error });
  process.exit(1);
});
