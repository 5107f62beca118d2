import {
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
// one-shot hashes: no Hash object per request (Node >= 20.12)
import { hash } from 'node:crypto';
import { from, lastValueFrom, type Observable } from 'rxjs';
import {
  IDEMPOTENCY_HEADER,
  newId,
  PLATFORM_TENANT,
  POSITION_HEADER,
  REPLY_CATEGORY,
  streamName,
  timeOfV7,
} from '@rawnaq/contracts';
import {
  header,
  TOKENS,
  type AuthContext,
  type EventStore,
  type Logger,
  type ReadModels,
  type StreamWrite,
} from '@rawnaq/platform';
import { Answer } from './answer';
import { requestUnit } from './http-context';
import { INTERCEPT_AS_PROMISE, type PromiseInterceptor } from './promise-interceptors';
import { detached, KeyedLocks, Transactions } from './unit-of-work';

type Req = {
  headers: Record<string, string | string[] | undefined>;
  auth?: AuthContext;
  method: string;
  originalUrl: string;
};
type Res = { status: (n: number) => Res; setHeader: (k: string, v: string) => void };
type Stored = { status: number; body: unknown; position?: string; conceal?: boolean };

/**
 * Turns a handler's Answer into the HTTP reply (status, body, X-Position) and runs the command as one
 * unit of work (`unit-of-work.ts`): everything it decided is stored in one atomic append, or nothing
 * when it is refused. With an Idempotency-Key the reply itself is part of that append (a `reply-`
 * stream named after the caller, the route and the key), so whatever moment the process dies at, a
 * retry finds either the whole outcome with its first reply, or nothing and runs the command afresh.
 */
@Injectable()
export class AnswerInterceptor implements NestInterceptor, PromiseInterceptor {
  constructor(
    @Inject(TOKENS.eventStore) private readonly store: EventStore,
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(TOKENS.logger) private readonly logger: Logger,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  /**
   * The requests of one key in this process, one after the other: the same request sent twice at once
   * finds the first one's reply instead of running the command on its effects while the first is still
   * under way (awaiting its signed e-invoice, say), which then conflicted and answered 500.
   */
  private readonly sameKey = new KeyedLocks();

  /**
   * A signed-in caller's replies are hers; a public page's (the online booking) belong to whoever holds
   * the key, which its browser made at random for that one action.
   */
  private stream(req: Req, key: string): string | undefined {
    const caller = req.auth?.userId ?? (req.originalUrl.startsWith('/api/public/') ? 'public' : undefined);
    if (!caller) return undefined;
    const digest = hash('sha256', `${caller}\u0000${req.method}\u0000${req.originalUrl}\u0000${key}`, 'hex');
    // a time-ordered key's stream is named after its millisecond first: the stream index grows at its end
    const time = timeOfV7(key);
    const name = time ? time + digest.slice(0, 20) : digest.slice(0, 32);
    return streamName(REPLY_CATEGORY, req.auth?.tenantId ?? PLATFORM_TENANT, name);
  }

  /**
   * The reply stored by the first of these requests, if any. With the embedded store's group commit
   * the first may be appended and not yet committed (sent in the same turn of the event loop): its
   * reply is then waited for until its group committed (answered only once durable), or was rolled
   * back (then there is none), rather than running the command a second time on its effects.
   *
   * A new key (nearly every request's) is told by the embedded store without a read (`surelyEmpty`)
   * unless `read`: after a failure, whose cause may be the reply a retry raced with, it is read.
   */
  private async firstReply(stream: string | undefined, read = false): Promise<Stored | undefined> {
    if (!stream) return undefined;
    if (!read && this.store.surelyEmpty?.(stream)) return undefined;
    for (;;) {
      // what is pending includes what is stored: for a new key (nearly every request) one read answers
      const [pending] = await this.store.readStream(stream, { maxCount: 1, pending: true });
      if (!pending) return undefined;
      const [earlier] = await this.store.readStream(stream, { maxCount: 1 });
      if (earlier) return { ...(earlier.data as Stored), position: earlier.position };
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private replyWrite(req: Req, stream: string, key: string, stored: Stored): StreamWrite {
    const auth = req.auth;
    return {
      stream,
      expected: 'no_stream',
      events: [
        {
          // made now, like every id of the unit, so that it goes to the end of the log's id index: an
          // id hashed from the stream went to a random page of it, one more page to write for each
          // keyed command (the stream's name is a hash, as a retry must find it by its key)
          id: newId(),
          type: 'CommandAnswered',
          data: { status: stored.status, body: stored.body } as Record<string, unknown>,
          metadata: {
            tenantId: auth?.tenantId ?? PLATFORM_TENANT,
            actor: auth
              ? { kind: auth.realm === 'manager' ? 'manager' : 'user', id: auth.userId }
              : { kind: 'customer', id: 'public' },
            correlationId: key,
            causationId: key,
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
    };
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(
      this[INTERCEPT_AS_PROMISE](context, () => lastValueFrom(next.handle(), { defaultValue: undefined })),
    );
  }

  /** The answer as a promise: what Nest runs, without its rxjs pipeline (`interceptAsPromises`). */
  [INTERCEPT_AS_PROMISE](context: ExecutionContext, handle: () => Promise<unknown>): Promise<unknown> {
    const req = context.switchToHttp().getRequest<Req>();
    const res = context.switchToHttp().getResponse<Res>();
    const key = header(req as never, IDEMPOTENCY_HEADER);
    const stream = key && key.length <= 200 ? this.stream(req, key) : undefined;
    const send = (s: Stored) => {
      res.status(s.status);
      if (s.position) res.setHeader(POSITION_HEADER, s.position);
      return s.body;
    };
    const storedOf = (result: unknown): Stored => {
      const answer = result instanceof Answer ? result : new Answer(result);
      return {
        status: answer.status,
        body: answer.body ?? null,
        position: answer.position,
        conceal: answer.concealPosition || undefined,
      };
    };
    const answer = async () => {
      const earlier = await this.firstReply(stream);
      if (earlier) return send(earlier);
      try {
        const { result, position } = await this.transactions.run(
          (unit) => {
            // the controller's command context belongs to this unit (`commandContext`)
            requestUnit(req, unit);
            return handle();
          },
          (result) => (stream ? [this.replyWrite(req, stream, key!, storedOf(result))] : []),
        );
        // the reply leaves once this process's read models show the write: whatever the caller does
        // next (a list, a sign-in with the login just given) sees it
        if (position) await this.models.settle(position);
        const stored = storedOf(result);
        const sent = stored.conceal ? stored : { ...stored, position: position ?? stored.position };
        if (!(result instanceof Answer) || !result.afterCommit) return send(sent);
        const after = result.afterCommit;
        try {
          return send(storedOf(await detached(() => after(sent.position))));
        } catch (error) {
          // what is stored stands: the follow-up is taken up again by whoever owns it (a worker)
          this.logger.warn(`after-commit work failed: ${String(error)}`);
          return send(sent);
        }
      } catch (error) {
        // the same request, sent twice at once, finished first elsewhere (another process): its reply
        // is the answer, whichever of its streams this run tripped over
        const first = await this.firstReply(stream, true).catch(() => undefined);
        if (first) return send(first);
        throw error;
      }
    };
    return (async () => {
      const release = stream ? await this.sameKey.acquire(stream) : undefined;
      try {
        return await answer();
      } finally {
        release?.();
      }
    })();
  }
}
