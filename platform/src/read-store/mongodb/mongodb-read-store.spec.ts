import { Long } from 'mongodb';
import { newId } from '@rawnaq/contracts';
import { describeIfReachable } from '../../testing/events.test-support';
import { scaleOutEngine } from '../../testing/testcontainers.test-support';
import { readStoreContract } from '../read-store.contract.test-support';
import { MongoReadStore, toGuardedWrite, toMongoFilter } from './mongodb-read-store';

const engine = scaleOutEngine('MONGO_URL', 'mongodb');
if (!engine.missing) jest.setTimeout(180_000); // a container may have to be pulled and started

readStoreContract(describeIfReachable('ReadStore contract: mongodb', engine.missing), 'mongodb', async () => {
  const { url, stop } = await engine.connect();
  // one database per run, dropped afterwards, so runs never see each other's documents
  const store = await MongoReadStore.connect(url, `rawnaq_test_${newId().replace(/-/g, '').slice(-12)}`);
  return {
    store,
    cleanup: async () => {
      await store.db.dropDatabase();
      await store.close();
      await stop();
    },
  };
});

describe('MongoReadStore query and write shapes (no server needed)', () => {
  it('translates the port filter: ids, escaped text matches, null as absent, empty alternatives', () => {
    expect(toMongoFilter({ id: 'a', name: { $contains: 'a.b*' }, mobile: { $prefix: '+966' } })).toEqual({
      $and: [
        { _deleted: { $ne: true } },
        { _id: { $eq: 'a' } },
        { name: { $regex: 'a\\.b\\*', $options: 'i' } },
        { mobile: { $regex: '^\\+966', $options: 'i' } },
      ],
    });
    expect(toMongoFilter({ total: { $gte: 1, $lt: 5 }, vip: { $exists: false } }).$and).toEqual([
      { _deleted: { $ne: true } },
      { total: { $gte: 1 } },
      { total: { $lt: 5 } },
      { vip: { $eq: null } },
    ]);
    expect(toMongoFilter({ $or: [] }).$and[1]).toEqual({ _id: { $in: [] } });
    expect(toMongoFilter({ $or: [{ a: 1 }, {}] }).$and[1]).toEqual({
      $or: [{ $and: [{ a: { $eq: 1 } }] }, {}],
    });
  });

  it('refuses operators smuggled in as values or field names', () => {
    expect(() => toMongoFilter({ name: { $eq: { $gt: '' } as unknown as string } })).toThrow(/scalars/);
    expect(() => toMongoFilter({ $where: 'sleep(1000)' })).toThrow(/Invalid field name/);
  });

  it('guards every write with the document position and keeps deletes as tombstones', () => {
    const guard = { _id: 'x', $or: [{ _pos: { $lt: Long.fromString('10') } }, { _pos: { $exists: false } }] };
    expect(toGuardedWrite({ kind: 'delete', collection: 'c', id: 'x', position: '10' })).toEqual({
      replaceOne: {
        filter: guard,
        replacement: { id: 'x', _deleted: true, _pos: Long.fromString('10') },
        upsert: true,
      },
    });
    expect(
      toGuardedWrite({ kind: 'upsert', collection: 'c', doc: { id: 'x', v: 1, _pos: '3' }, position: '10' }),
    ).toEqual({
      replaceOne: {
        filter: guard,
        replacement: { id: 'x', v: 1, _pos: Long.fromString('10') },
        upsert: true,
      },
    });
    expect(
      toGuardedWrite({
        kind: 'patch',
        collection: 'c',
        id: 'x',
        set: { 'a.b': 1 },
        inc: { n: 2 },
        unset: ['z'],
        position: '10',
      }),
    ).toEqual({
      updateOne: {
        filter: guard,
        update: {
          $set: { id: 'x', _pos: Long.fromString('10'), 'a.b': 1 },
          $unset: { _deleted: '', z: '' },
          $inc: { n: 2 },
        },
        upsert: true,
      },
    });
  });
});
