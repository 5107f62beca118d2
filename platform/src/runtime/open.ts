import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { EmbeddedEventBus } from '../event-bus/embedded/embedded-event-bus';
import { SqliteReadStore } from '../read-store/sqlite/sqlite-read-store';
import type { EventStore } from '../event-store/port';
import type { EventBus } from '../event-bus/port';
import type { ReadStore } from '../read-store/port';
import { DiskFileStore } from '../file-store/disk-file-store';
import type { FileStore } from '../file-store/port';
import { join } from 'node:path';
import { REPLY_CATEGORY } from '@rawnaq/contracts';
import type { PlatformConfig } from './config';
import { jsonLogger, type Logger } from './logger';
import type { MailSender } from '../mail/port';
import { LinkTokens, loadLinkKey } from '../mail/link-tokens';

export type Platform = {
  config: PlatformConfig;
  eventStore: EventStore;
  bus: EventBus;
  readStore: ReadStore;
  fileStore: FileStore;
  /** the mail server when SMTP_URL is set; without one, mail is kept locally (the outbox) */
  mailSender?: MailSender;
  /** the tokens of links sent by mail, from a key kept outside the event log */
  linkTokens: LinkTokens;
  /** a one-line description of the engines in use, for start-up logs */
  describe: () => string;
  close: () => Promise<void>;
};

export type OpenOptions = {
  /** run the event-store -> Kafka forwarder in this process (one process per deployment should) */
  forwarder?: boolean;
  logger?: Logger;
  /**
   * This process alone writes the embedded event log and projects it in a thread of its own (the
   * gateway): the log is written, committed and fsync'd by a writer thread, off the thread that answers
   * requests (`syncOffThread`).
   */
  syncOffThread?: boolean;
};

/**
 * Opens the three ports on the engines the configuration names. The scale-out clients are loaded only
 * when asked for, so the embedded default never loads them.
 */
export const openPlatform = async (config: PlatformConfig, options: OpenOptions = {}): Promise<Platform> => {
  const logger = options.logger ?? jsonLogger;
  const closers: Array<() => Promise<void>> = [];

  let eventStore: EventStore;
  if (config.eventStore.kind === 'sqlite') {
    eventStore = new SqliteEventStore({
      file: config.eventStore.file,
      synchronous: config.eventStore.synchronous,
      // with FULL (or EXTRA) asked for: as durable, the fsync on the writer thread
      syncOffThread:
        options.syncOffThread === true &&
        (config.eventStore.synchronous === 'FULL' || config.eventStore.synchronous === 'EXTRA'),
      // a keyed request's first read, of its reply's stream, answered without a read (see CategoryFilter)
      filteredCategories: [REPLY_CATEGORY],
    });
  } else {
    const { EventStoreDbEventStore } = await import('../event-store/eventstoredb/eventstoredb-event-store');
    eventStore = new EventStoreDbEventStore({ connectionString: config.eventStore.url });
  }

  let bus: EventBus;
  if (config.bus.kind === 'embedded') {
    bus = new EmbeddedEventBus(eventStore);
  } else {
    const { Kafka } = await import('kafkajs');
    const { KafkaEventBus } = await import('../event-bus/kafka/kafka-event-bus');
    const kafka = new Kafka({ clientId: config.bus.clientId, brokers: config.bus.brokers });
    bus = new KafkaEventBus({ kafka, topic: config.bus.topic });
    if (options.forwarder) {
      const { KafkaForwarder, EsdbCheckpointStore } = await import('../event-bus/kafka/forwarder');
      const { EventStoreDbEventStore } = await import('../event-store/eventstoredb/eventstoredb-event-store');
      if (!(eventStore instanceof EventStoreDbEventStore))
        throw new Error('The Kafka forwarder reads from EventStoreDB');
      const forwarder = new KafkaForwarder({
        store: eventStore,
        kafka,
        checkpoints: new EsdbCheckpointStore(eventStore.client),
        topic: config.bus.topic,
        onError: (error) => logger.error('forwarder failed; retrying', { error }),
      });
      await forwarder.start();
      closers.push(() => forwarder.stop());
    }
  }

  let readStore: ReadStore;
  let fileStore: FileStore;
  if (config.readStore.kind === 'sqlite') {
    readStore = new SqliteReadStore({ file: config.readStore.file });
    fileStore = new DiskFileStore(join(config.dataDir, 'files'));
  } else {
    const { MongoReadStore } = await import('../read-store/mongodb/mongodb-read-store');
    const { GridFsFileStore } = await import('../file-store/gridfs-file-store');
    const mongo = await MongoReadStore.connect(config.readStore.url, config.readStore.database);
    readStore = mongo;
    fileStore = new GridFsFileStore(mongo.db);
  }

  let mailSender: MailSender | undefined;
  if (config.mail.kind === 'smtp') {
    const { SmtpMailSender } = await import('../mail/smtp/smtp-mail-sender');
    mailSender = new SmtpMailSender({ url: config.mail.url, from: config.mail.from });
    closers.push(() => mailSender!.close());
  } else if (config.mail.kind === 'dir') {
    const { DirectoryMailSender } = await import('../mail/directory-mail-sender');
    mailSender = new DirectoryMailSender(config.mail.dir);
  }

  let linkTokens: LinkTokens | undefined;
  return {
    config,
    eventStore,
    bus,
    readStore,
    fileStore,
    mailSender,
    // loaded when first asked for: only the command side writes and sends links
    get linkTokens() {
      linkTokens ??= new LinkTokens(loadLinkKey(config.linkSecret, join(config.dataDir, 'link-secret.key')));
      return linkTokens;
    },
    describe: () =>
      `event store: ${eventStore.name}, bus: ${bus.name}, read store: ${readStore.name}, files: ${fileStore.name}, mail: ${mailSender ? 'smtp' : 'kept locally'}`,
    close: async () => {
      for (const close of closers.reverse()) await close();
      await bus.close();
      await eventStore.close();
      await readStore.close();
    },
  };
};
