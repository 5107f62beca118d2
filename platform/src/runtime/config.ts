import { join, resolve } from 'node:path';
import type { Synchronous } from '../event-store/sqlite/sqlite-event-store';

/**
 * Which engines to run on. With no variables set everything is embedded in SQLite files under
 * DATA_DIR (default ./data); EVENTSTORE_URL, KAFKA_BROKERS and MONGO_URL switch each port to its
 * scale-out engine.
 */
export type PlatformConfig = {
  dataDir: string;
  eventStore:
    { kind: 'sqlite'; file: string; synchronous: Synchronous } | { kind: 'eventstoredb'; url: string };
  bus: { kind: 'embedded' } | { kind: 'kafka'; brokers: string[]; topic: string; clientId: string };
  readStore: { kind: 'sqlite'; file: string } | { kind: 'mongodb'; url: string; database: string };
  /** SMTP_URL sends mail through that server; without it mail is kept locally in the outbox */
  mail: { kind: 'local' } | { kind: 'smtp'; url: string; from: string } | { kind: 'dir'; dir: string };
  /** LINK_SECRET: the key of the links sent by mail (see LinkTokens); a file in dataDir without it */
  linkSecret?: string;
};

const SYNC: Synchronous[] = ['OFF', 'NORMAL', 'FULL', 'EXTRA'];

export const configFromEnv = (env: NodeJS.ProcessEnv = process.env): PlatformConfig => {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const synchronous = (env.SQLITE_SYNCHRONOUS ?? 'FULL').toUpperCase() as Synchronous;
  if (!SYNC.includes(synchronous)) throw new Error(`SQLITE_SYNCHRONOUS must be one of ${SYNC.join(', ')}`);
  if (env.KAFKA_BROKERS && !env.EVENTSTORE_URL)
    throw new Error('KAFKA_BROKERS needs EVENTSTORE_URL: the Kafka forwarder reads from EventStoreDB');
  return {
    dataDir,
    eventStore: env.EVENTSTORE_URL
      ? { kind: 'eventstoredb', url: env.EVENTSTORE_URL }
      : { kind: 'sqlite', file: join(dataDir, 'events.db'), synchronous },
    bus: env.KAFKA_BROKERS
      ? {
          kind: 'kafka',
          brokers: env.KAFKA_BROKERS.split(',').map((b) => b.trim()),
          topic: env.KAFKA_TOPIC ?? 'rawnaq.events',
          clientId: env.KAFKA_CLIENT_ID ?? 'rawnaq',
        }
      : { kind: 'embedded' },
    // MAIL_DIR (development, browser tests): each mail written there as a file instead of sent
    mail: env.SMTP_URL
      ? { kind: 'smtp', url: env.SMTP_URL, from: env.MAIL_FROM ?? 'Rawnaq <no-reply@rawnaq.localhost>' }
      : env.MAIL_DIR
        ? { kind: 'dir', dir: env.MAIL_DIR }
        : { kind: 'local' },
    linkSecret: env.LINK_SECRET || undefined,
    readStore: env.MONGO_URL
      ? { kind: 'mongodb', url: env.MONGO_URL, database: env.MONGO_DATABASE ?? 'rawnaq' }
      : { kind: 'sqlite', file: join(dataDir, 'read.db') },
  };
};
