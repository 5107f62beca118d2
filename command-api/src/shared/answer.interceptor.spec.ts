import { defer, from, lastValueFrom } from 'rxjs';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { SqliteEventStore, silentLogger, type ReadModels } from '@rawnaq/platform';
import { Answer } from './answer';
import { AnswerInterceptor } from './answer.interceptor';
import { UNIT, type CommandContext } from './command-context';
import { unitOfRequest } from './http-context';
import { Aggregates, idFor } from './repository';
import { Sequences } from './sequences';
import { Transactions } from './unit-of-work';

type Made = { type: 'Made'; data: { number: number } };

describe('AnswerInterceptor: the same request sent twice at once', () => {
  let store: SqliteEventStore;
  let interceptor: AnswerInterceptor;
  let aggregates: Aggregates;
  let sequences: Sequences;
  beforeEach(() => {
    store = new SqliteEventStore({ file: ':memory:' });
    aggregates = new Aggregates(store);
    sequences = new Sequences(aggregates);
    const models = { settle: async () => undefined } as unknown as ReadModels;
    interceptor = new AnswerInterceptor(store, new Transactions(store), silentLogger, models);
  });
  afterEach(() => store.close());

  /** A command shaped like the till's: the next number, a pause (a document signed on another thread), a new stream. */
  const command = (key: string, req: object) => {
    return async () => {
      // in the request's unit, as a controller's `commandContext` makes it
      const ctx: CommandContext = {
        tenantId: 't1',
        actor: { kind: 'user', id: 'u1' },
        correlationId: key,
        idempotencyKey: key,
        now: new Date('2026-12-05T10:00:00Z'),
        [UNIT]: unitOfRequest(req),
      };
      const number = await sequences.next(ctx, 'doc');
      await new Promise((resolve) => setTimeout(resolve, 15));
      const id = idFor(ctx, 'doc');
      const { position } = await aggregates.handle<null, Made>(
        `doc-t1.${id}`,
        ctx,
        { initial: null, evolve: () => null, decide: () => [{ type: 'Made', data: { number } }] },
        { newStream: true },
      );
      return new Answer({ id, number }, position, 201);
    };
  };

  const send = (key: string) => {
    const res = {
      statusCode: 0,
      status: (n: number) => ((res.statusCode = n), res),
      setHeader: () => undefined,
    };
    const req = {
      headers: { 'idempotency-key': key },
      auth: { userId: 'u1', tenantId: 't1' },
      method: 'POST',
      originalUrl: '/api/merchant/docs',
    };
    const context = {
      switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }),
    } as unknown as ExecutionContext;
    const next: CallHandler = { handle: () => defer(() => from(command(key, req)())) };
    return lastValueFrom(interceptor.intercept(context, next)).then((body) => ({
      status: res.statusCode,
      body,
    }));
  };

  it('answers the second with the first reply, though the first was still under way when it came', async () => {
    const [first, second, other] = await Promise.all([send('k-1'), send('k-1'), send('k-2')]);
    expect(first).toEqual({ status: 201, body: { id: expect.any(String), number: 1 } });
    expect(second).toEqual(first);
    expect(other).toEqual({ status: 201, body: { id: expect.any(String), number: 2 } });
    // the command ran once for the key: one number taken, one document
    const all = await store.readAll('0', 100);
    expect(all.filter((e) => e.type === 'NumberTaken')).toHaveLength(2);
    expect(all.filter((e) => e.type === 'Made')).toHaveLength(2);
    expect(all.filter((e) => e.type === 'CommandAnswered')).toHaveLength(2);
  });

  it("makes the stored replies' ids in the log's order, as every id of a unit is (the id index grows at its end)", async () => {
    for (let k = 0; k < 12; k++) await send(`k-order-${k}`);
    const ids = (await store.readAll('0', 1_000))
      .filter((e) => e.type === 'CommandAnswered')
      .map((e) => e.id);
    expect(ids.length).toBeGreaterThanOrEqual(12);
    expect(ids).toEqual([...ids].sort());
  });

  it('answers a later retry with the first reply too', async () => {
    const first = await send('k-3');
    expect(await send('k-3')).toEqual(first);
  });
});
