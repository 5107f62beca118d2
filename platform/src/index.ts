export * from './event-store/port';
export * from './event-bus/port';
export * from './read-store/port';
export { applyChange, applyPatchInPlace, changeId, getPath } from './read-store/changes';
export {
  SqliteEventStore,
  EVENTS_SCHEMA,
  type SqliteEventStoreOptions,
  type Synchronous,
} from './event-store/sqlite/sqlite-event-store';
export type { CommitSignal } from './event-store/sqlite/writer-protocol';
export { SqliteReadStore, type SqliteReadStoreOptions } from './read-store/sqlite/sqlite-read-store';
export { EmbeddedEventBus } from './event-bus/embedded/embedded-event-bus';
export * from './runtime/clock';
export * from './runtime/deep-freeze';
export * from './runtime/logger';
export * from './runtime/sleep';
export * from './runtime/config';
export * from './runtime/open';
export * from './runtime/worker-file';
export * from './runtime/async-resource-bind';
export * from './runtime/server-flags';
export * from './runtime/thread-priority';
export * from './read-store/read-models';
export * from './read-store/employee-commissions';
export * from './http';
export * from './file-store';
export * from './mail';
export * from './payment-gateway';
export * from './messaging';
export * from './fatoora';
export * as zatca from './zatca';
export * from './einvoice-pdf';
export * from './contract-pdf';
export * from './backup/salon-backup';
