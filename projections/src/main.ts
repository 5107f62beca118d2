import { configFromEnv, jsonLogger, openPlatform } from '@rawnaq/platform';
import { allProjections } from './catalog';
import { ProjectionRunner } from './runner/projection-runner';

/**
 * The projections service of the scale-out topology: keeps every read model up to date from the bus,
 * and runs the event store -> Kafka forwarder (one per deployment). Lag is logged every 30 s.
 */
const main = async () => {
  const platform = await openPlatform(configFromEnv(), { forwarder: true, logger: jsonLogger });
  const runner = new ProjectionRunner({ ...platform, projections: allProjections, logger: jsonLogger });
  await runner.start();
  jsonLogger.info('projections running', {
    engines: platform.describe(),
    projections: allProjections.map((p) => p.name),
  });
  const timer = setInterval(async () => {
    for (const s of await runner.status())
      if (s.lag > 0 || s.state !== 'live') jsonLogger.info('projection status', { ...s });
  }, 30_000);
  const stop = async () => {
    clearInterval(timer);
    await runner.stop();
    await platform.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
};

main().catch((error) => {
  jsonLogger.error('projections failed to start', { error });
  process.exit(1);
});
