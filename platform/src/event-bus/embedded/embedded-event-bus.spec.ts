import { SqliteEventStore } from '../../event-store/sqlite/sqlite-event-store';
import { eventBusContract } from '../event-bus.contract.test-support';
import { EmbeddedEventBus } from './embedded-event-bus';

eventBusContract(describe, 'embedded (tails SQLite)', async () => {
  const store = new SqliteEventStore({ file: ':memory:' });
  const bus = new EmbeddedEventBus(store);
  return { store, bus, cleanup: () => store.close() };
});
