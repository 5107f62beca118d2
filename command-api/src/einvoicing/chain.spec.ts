import { DomainError } from '@rawnaq/contracts';
import { SqliteEventStore } from '@rawnaq/platform';
import { Aggregates } from '../shared/repository';
import { inUnit, Transactions } from '../shared/unit-of-work';
import { chainStream, Chains } from './chain';

const SEED = 'seed-hash';

describe('e-invoice chains: the link after a stored signature', () => {
  let store: SqliteEventStore;
  let transactions: Transactions;
  let chains: Chains;
  let aggregates: Aggregates;
  /** what each signature's look for newer documents read back from the store */
  let readBack: number[];
  beforeEach(() => {
    store = new SqliteEventStore({ file: ':memory:' });
    transactions = new Transactions(store);
    chains = new Chains(store);
    aggregates = new Aggregates(store);
    readBack = [];
    const readStream = store.readStream.bind(store);
    jest.spyOn(store, 'readStream').mockImplementation(async (stream, options) => {
      const events = await readStream(stream, options);
      if (stream === chainStream('t1', 'd1')) readBack.push(events.length);
      return events;
    });
  });
  afterEach(() => store.close());

  let commands = 0;
  /** a signed document as the signing makes it: an envelope of the command, at the revision after `after` */
  const signed = (after: number, icv: number, hash: string) =>
    aggregates.envelopes(
      {
        tenantId: 't1',
        actor: { kind: 'user', id: 'u1' },
        correlationId: `command-${++commands}`,
        now: new Date('2026-12-05T10:00:00Z'),
      },
      chainStream('t1', 'd1'),
      after,
      [{ type: 'EInvoiceSigned', data: { icv, hash, xml: `<Invoice>${'x'.repeat(2000)}</Invoice>` } }],
    )[0];

  /** one command signing one document on device d1, refused after signing when `refuse` */
  const sign = (hash: string, refuse = false) =>
    transactions.run(async (unit) => {
      const ctx = inUnit(
        { tenantId: 't1', actor: { kind: 'user', id: 'u1' }, correlationId: 'c', now: new Date() },
        unit,
      );
      const link = await chains.next(ctx, 'd1', SEED);
      chains.append(ctx, link, signed(link.revision, link.icv + 1, hash));
      if (refuse) throw new DomainError('test.refused', 422);
      return link;
    });

  it('given signatures stored one after another, then each follows the last without reading it back', async () => {
    const first = (await sign('h1')).result;
    const second = (await sign('h2')).result;
    const third = (await sign('h3')).result;
    expect([first, second, third].map((l) => [l.icv, l.lastHash, l.revision])).toEqual([
      [0, SEED, -1],
      [1, 'h1', 0],
      [2, 'h2', 1],
    ]);
    // the first looked at an empty stream; the next two knew the link their predecessor stored
    expect(readBack).toEqual([0, 0, 0]);
  });

  it('given a signature whose command was refused, then the next reads the chain and signs after what is stored', async () => {
    await sign('h1');
    await expect(sign('never', true)).rejects.toThrow(DomainError);
    const next = (await sign('h2')).result;
    expect([next.icv, next.lastHash, next.revision]).toEqual([1, 'h1', 0]);
  });

  it('given a document another writer appended after a stored signature, then the next signature follows it', async () => {
    await sign('h1');
    await store.append(chainStream('t1', 'd1'), [signed(0, 2, 'elsewhere')], 0);
    readBack = [];
    const next = (await sign('h3')).result;
    expect([next.icv, next.lastHash, next.revision]).toEqual([2, 'elsewhere', 1]);
    expect(readBack).toEqual([1]); // only the other writer's document was read
  });
});
