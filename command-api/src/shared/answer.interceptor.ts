import {
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { createHash } from 'node:crypto';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { IDEMPOTENCY_HEADER, POSITION_HEADER } from '@rawnaq/contracts';
import {
  header,
  TOKENS,
  type AuthContext,
  type EventStore,
  WrongExpectedRevisionError,
} from '@rawnaq/platform';
import { Answer } from './answer';

type Req = {
  headers: Record<string, string | string[] | undefined>;
  auth?: AuthContext;
  method: string;
  originalUrl: string;
};
type Res = { status: (n: number) => Res; setHeader: (k: string, v: string) => void };
type Stored = { status: number; body: unknown; position?: string };

/**
 * Turns a handler's Answer into the HTTP reply (status, body, X-Position) and makes commands safe to
 * retry: with an Idempotency-Key, the first reply is kept (as an event: nothing is lost) and a retry
 * with the same key gets it back without running the command again.
 */
@Injectable()
export class AnswerInterceptor implements NestInterceptor {
  constructor(@Inject(TOKENS.eventStore) private readonly store: EventStore) {}

  private stream(req: Req, key: string): string | undefined {
    if (!req.auth) return undefined;
    const digest = createHash('sha256')
      .update(`${req.auth.userId}\u0000${req.method}\u0000${req.originalUrl}\u0000${key}`)
      .digest('hex')
      .slice(0, 32);
    return `reply-${req.auth.tenantId}.${digest}`;
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Req>();
    const res = context.switchToHttp().getResponse<Res>();
    const key = header(req as never, IDEMPOTENCY_HEADER);
    const stream = key && key.length <= 200 ? this.stream(req, key) : undefined;
    const send = (s: Stored) => {
      res.status(s.status);
      if (s.position) res.setHeader(POSITION_HEADER, s.position);
      return s.body;
    };
    return from(
      (async () => {
        if (stream) {
          const earlier = await this.store.readStream(stream, { maxCount: 1 });
          if (earlier.length) return send(earlier[0].data as Stored);
        }
        const result = await lastValueFrom(next.handle(), { defaultValue: undefined });
        const answer = result instanceof Answer ? result : new Answer(result);
        const stored: Stored = {
          status: answer.status,
          body: answer.body ?? null,
          position: answer.position,
        };
        if (stream && req.auth) {
          try {
            await this.store.append(
              stream,
              [
                {
                  id: createHash('sha256')
                    .update(stream)
                    .digest('hex')
                    .replace(/^(.{8})(.{4}).(.{3}).(.{3})(.{12}).*$/, '$1-$2-8$3-8$4-$5'),
                  type: 'CommandAnswered',
                  data: stored as unknown as Record<string, unknown>,
                  metadata: {
                    tenantId: req.auth.tenantId,
                    actor: { kind: req.auth.realm === 'manager' ? 'manager' : 'user', id: req.auth.userId },
                    correlationId: key!,
                    causationId: key!,
                    occurredAt: new Date().toISOString(),
                    schemaVersion: 1,
                  },
                },
              ],
              'no_stream',
            );
          } catch (error) {
            if (!(error instanceof WrongExpectedRevisionError)) throw error;
            const first = await this.store.readStream(stream, { maxCount: 1 });
            if (first.length) return send(first[0].data as Stored);
          }
        }
        return send(stored);
      })(),
    );
  }
}
