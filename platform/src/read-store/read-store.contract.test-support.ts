import { newId } from '@rawnaq/contracts';
import type { Doc, Filter, PositionedChange, ReadStore } from './port';

export type ReadStoreHarness = { store: ReadStore; cleanup: () => Promise<void> };

/** The behaviour every ReadStore adapter must have. Written once, run against each adapter. */
export const readStoreContract = (
  describeFn: jest.Describe,
  adapter: string,
  open: () => Promise<ReadStoreHarness>,
) =>
  describeFn(`ReadStore contract: ${adapter}`, () => {
    let h: ReadStoreHarness;
    let c: string;
    let pos = 0;
    const next = () => String(++pos);
    const upsert = (doc: Doc): PositionedChange => ({ kind: 'upsert', collection: c, doc, position: next() });

    beforeAll(async () => {
      h = await open();
    });
    afterAll(async () => {
      await h?.cleanup();
    });
    beforeEach(async () => {
      c = `t_${newId().replace(/-/g, '').slice(-12)}`;
      await h.store.ensureCollection({
        name: c,
        indexes: [{ fields: ['tenantId', 'name'] }, { fields: ['total'] }, { fields: ['address.city'] }],
      });
    });

    const people: Doc[] = [
      {
        id: 'a',
        tenantId: 't1',
        name: 'Amal Saeed',
        mobile: '966501111111',
        total: 100,
        vip: true,
        address: { city: 'Riyadh' },
      },
      {
        id: 'b',
        tenantId: 't1',
        name: 'Badr Ali',
        mobile: '966502222222',
        total: 250,
        vip: false,
        address: { city: 'Jeddah' },
      },
      {
        id: 'c',
        tenantId: 't1',
        name: 'سارة محمد',
        mobile: '966503333333',
        total: 250,
        vip: false,
        address: { city: 'Riyadh' },
      },
      { id: 'd', tenantId: 't2', name: 'Amal Other', mobile: '971504444444', total: 5, vip: true },
    ];
    const seed = () => h.store.applyChanges(people.map(upsert));
    const ids = (docs: Doc[]) => docs.map((d) => d.id);

    it('upserts, gets one and many, and hides nothing it was given', async () => {
      await seed();
      const a = await h.store.get(c, 'a');
      expect(a).toMatchObject(people[0]);
      expect(await h.store.get(c, 'zzz')).toBeUndefined();
      const many = await h.store.getMany(c, ['a', 'c', 'zzz']);
      expect([...many.keys()].sort()).toEqual(['a', 'c']);
      expect(many.get('c')?.name).toBe('سارة محمد');
    });

    it('finds with equality, ranges, in, not-equal, exists, contains and prefix; counts the same', async () => {
      await seed();
      const find = async (filter: Filter) => ids(await h.store.find(c, { filter, sort: [['id', 'asc']] }));
      expect(await find({ tenantId: 't1' })).toEqual(['a', 'b', 'c']);
      expect(await find({ vip: true })).toEqual(['a', 'd']);
      expect(await find({ total: { $gte: 100, $lt: 250 } })).toEqual(['a']);
      expect(await find({ total: { $gt: 100 } })).toEqual(['b', 'c']);
      expect(await find({ total: { $lte: 5 } })).toEqual(['d']);
      expect(await find({ id: { $in: ['a', 'd', 'x'] } })).toEqual(['a', 'd']);
      expect(await find({ tenantId: { $in: [] } })).toEqual([]);
      expect(await find({ tenantId: { $ne: 't1' } })).toEqual(['d']);
      expect(await find({ 'address.city': 'Riyadh' })).toEqual(['a', 'c']);
      expect(await find({ address: { $exists: false } })).toEqual(['d']);
      expect(await find({ name: { $contains: 'amal' } })).toEqual(['a', 'd']);
      expect(await find({ name: { $contains: 'محمد' } })).toEqual(['c']);
      expect(await find({ name: { $contains: '%' } })).toEqual([]);
      expect(await find({ mobile: { $prefix: '9665' } })).toEqual(['a', 'b', 'c']);
      expect(
        await find({
          tenantId: 't1',
          $or: [{ name: { $contains: 'badr' } }, { mobile: { $contains: '3333' } }],
        }),
      ).toEqual(['b', 'c']);
      expect(
        await find({
          $and: [
            { $or: [{ vip: true }, { total: 250 }] },
            { $or: [{ name: { $contains: 'amal' } }, { name: { $contains: 'badr' } }] },
          ],
        }),
      ).toEqual(['a', 'b', 'd']);
      expect(await h.store.count(c, { tenantId: 't1' })).toBe(3);
      expect(await h.store.count(c)).toBe(4);
      expect(await h.store.count(`${c}_missing`)).toBe(0);
    });

    it('sorts on several fields, then pages with skip and limit', async () => {
      await seed();
      const sorted = await h.store.find(c, {
        sort: [
          ['total', 'desc'],
          ['name', 'asc'],
        ],
      });
      expect(ids(sorted)).toEqual(['b', 'c', 'a', 'd']);
      const page = await h.store.find(c, {
        sort: [
          ['total', 'desc'],
          ['name', 'asc'],
        ],
        skip: 1,
        limit: 2,
      });
      expect(ids(page)).toEqual(['c', 'a']);
      expect(
        ids(await h.store.find(c, { sort: [['address.city', 'asc']], filter: { tenantId: 't1' } })),
      ).toEqual(['b', 'a', 'c']);
    });

    it('patches like $set/$inc/$unset, creating a missing document', async () => {
      await seed();
      await h.store.applyChanges([
        {
          kind: 'patch',
          collection: c,
          id: 'a',
          set: { name: 'Amal S.', 'address.zip': '12345' },
          inc: { total: 15 },
          unset: ['vip'],
          position: next(),
        },
        {
          kind: 'patch',
          collection: c,
          id: 'new',
          set: { tenantId: 't1' },
          inc: { visits: 1 },
          position: next(),
        },
      ]);
      const a = await h.store.get(c, 'a');
      expect(a).toMatchObject({ name: 'Amal S.', total: 115, address: { city: 'Riyadh', zip: '12345' } });
      expect(a).not.toHaveProperty('vip');
      expect(await h.store.get(c, 'new')).toMatchObject({ id: 'new', tenantId: 't1', visits: 1 });
    });

    it('deletes', async () => {
      await seed();
      await h.store.applyChanges([{ kind: 'delete', collection: c, id: 'b', position: next() }]);
      expect(await h.store.get(c, 'b')).toBeUndefined();
      expect(await h.store.count(c)).toBe(3);
      expect(ids(await h.store.find(c, { filter: { tenantId: 't1' } }))).toEqual(['a', 'c']);
    });

    it('skips a redelivered change: a document never goes back to an older position', async () => {
      const p1 = next();
      const p2 = next();
      await h.store.applyChanges([{ kind: 'patch', collection: c, id: 'x', inc: { n: 1 }, position: p1 }]);
      await h.store.applyChanges([{ kind: 'patch', collection: c, id: 'x', inc: { n: 1 }, position: p2 }]);
      // the same two events again, as a bus delivering at least once would
      await h.store.applyChanges([
        { kind: 'patch', collection: c, id: 'x', inc: { n: 1 }, position: p1 },
        { kind: 'patch', collection: c, id: 'x', inc: { n: 1 }, position: p2 },
      ]);
      expect((await h.store.get(c, 'x'))?.n).toBe(2);
      // positions compare as numbers, not text: '10' is after '9'
      await h.store.applyChanges([
        { kind: 'upsert', collection: c, doc: { id: 'y', v: 'nine' }, position: '9' },
      ]);
      await h.store.applyChanges([
        { kind: 'upsert', collection: c, doc: { id: 'y', v: 'ten' }, position: '10' },
      ]);
      await h.store.applyChanges([
        { kind: 'upsert', collection: c, doc: { id: 'y', v: 'nine' }, position: '9' },
      ]);
      expect((await h.store.get(c, 'y'))?.v).toBe('ten');
    });

    it('keeps projection checkpoints with the changes and swaps the live generation', async () => {
      const name = `p_${c}`;
      const now = new Date().toISOString();
      await h.store.putProjection({
        name,
        generation: 1,
        version: 1,
        status: 'live',
        position: '0',
        updatedAt: now,
      });
      await h.store.putProjection({
        name,
        generation: 2,
        version: 2,
        status: 'building',
        position: '0',
        updatedAt: now,
      });
      await h.store.applyChanges([upsert({ id: 'k', tenantId: 't1' })], {
        projection: name,
        generation: 2,
        position: '42',
      });
      let mine = (await h.store.projections()).filter((p) => p.name === name);
      expect(mine.map((p) => [p.generation, p.status, p.position])).toEqual([
        [1, 'live', '0'],
        [2, 'building', '42'],
      ]);
      await h.store.swapLive(name, 2);
      mine = (await h.store.projections()).filter((p) => p.name === name);
      expect(mine.map((p) => [p.generation, p.status])).toEqual([
        [1, 'retired'],
        [2, 'live'],
      ]);
      await h.store.deleteProjection(name, 1);
      expect((await h.store.projections()).filter((p) => p.name === name)).toHaveLength(1);
    });

    it('groups counts and sums for reports', async () => {
      await seed();
      const rows = await h.store.aggregate(c, { groupBy: ['tenantId'], sum: ['total'] });
      const byTenant = Object.fromEntries(rows.map((r) => [r.key.tenantId, [r.count, r.sums.total]]));
      expect(byTenant).toEqual({ t1: [3, 600], t2: [1, 5] });
      const filtered = await h.store.aggregate(c, { filter: { vip: true }, sum: ['total'] });
      expect(filtered).toEqual([{ key: {}, count: 2, sums: { total: 105 } }]);
    });

    it('lists and drops collections', async () => {
      expect(await h.store.listCollections()).toContain(c);
      await h.store.dropCollection(c);
      expect(await h.store.listCollections()).not.toContain(c);
      expect(await h.store.find(c)).toEqual([]);
    });
  });
