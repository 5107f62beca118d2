// The whole product on the embedded stores (events fsynced on every append, as `npm start` runs it),
// listening on a free port; prints "ready <url>" once it answers. The crash test SIGKILLs it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configFromEnv, openPlatform, silentLogger } from '@rawnaq/platform';
import { createApp } from '../app';

const [dataDir] = process.argv.slice(2);

const main = async () => {
  const platform = await openPlatform(configFromEnv({ DATA_DIR: dataDir }), {
    logger: silentLogger,
    syncOffThread: true,
  });
  const app = await createApp({
    platform,
    logger: silentLogger,
    seedDemo: true,
    adminDist: `${dataDir}/no-admin`,
    bookingDist: `${dataDir}/no-booking`,
  });
  const server = createServer(app.handler);
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`ready http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  });
};
void main();
