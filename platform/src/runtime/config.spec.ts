import { configFromEnv } from './config';

describe('configFromEnv', () => {
  it('runs everything embedded under DATA_DIR by default, fsyncing every append', () => {
    const c = configFromEnv({ DATA_DIR: '/srv/rawnaq' });
    expect(c.eventStore).toEqual({ kind: 'sqlite', file: '/srv/rawnaq/events.db', synchronous: 'FULL' });
    expect(c.bus).toEqual({ kind: 'embedded' });
    expect(c.readStore).toEqual({ kind: 'sqlite', file: '/srv/rawnaq/read.db' });
  });

  it('switches each port to its engine when its variable is set', () => {
    const c = configFromEnv({
      EVENTSTORE_URL: 'esdb://es:2113?tls=false',
      KAFKA_BROKERS: 'k1:9092, k2:9092',
      MONGO_URL: 'mongodb://m:27017',
    });
    expect(c.eventStore).toEqual({ kind: 'eventstoredb', url: 'esdb://es:2113?tls=false' });
    expect(c.bus).toMatchObject({ kind: 'kafka', brokers: ['k1:9092', 'k2:9092'], topic: 'rawnaq.events' });
    expect(c.readStore).toEqual({ kind: 'mongodb', url: 'mongodb://m:27017', database: 'rawnaq' });
  });

  it('refuses settings that cannot work, saying why', () => {
    expect(() => configFromEnv({ KAFKA_BROKERS: 'k:9092' })).toThrow(/needs EVENTSTORE_URL/);
    expect(() => configFromEnv({ SQLITE_SYNCHRONOUS: 'sometimes' })).toThrow(/SQLITE_SYNCHRONOUS/);
  });
});
