import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { newId, IDEMPOTENCY_HEADER } from '@rawnaq/contracts';
import { header, type AuthContext } from '@rawnaq/platform';
import { UNIT, type CommandContext } from './command-context';
import type { UnitOfWork } from './unit-of-work';

/** The request's unit of work, put on it by the answer interceptor, which runs every command in one. */
export const requestUnit = (req: object, unit: UnitOfWork): void => {
  (req as { [UNIT]?: UnitOfWork })[UNIT] = unit;
};

type Request = { headers: Record<string, string | string[] | undefined> };

/** The request's unit of work (see `requestUnit`), for a command that makes its own context (a visitor's). */
export const unitOfRequest = (req: object): UnitOfWork | undefined => (req as { [UNIT]?: UnitOfWork })[UNIT];

/** A route's parameter: its request's unit of work (`unitOfRequest`). */
export const RequestUnit = createParamDecorator((_: unknown, ctx: ExecutionContext) =>
  unitOfRequest(ctx.switchToHttp().getRequest<object>()),
);

/**
 * The command context of a signed-in caller's request. Its instant is the request's on the product's
 * clock (set by the gateway; a test's clock moves it), the system's time otherwise. It belongs to the
 * request's unit of work (`requestUnit`).
 */
export const commandContext = (
  auth: AuthContext,
  req: Request,
  now = (req as { rawnaqNow?: Date }).rawnaqNow ?? new Date(),
): CommandContext => {
  const key = header(req as never, IDEMPOTENCY_HEADER);
  return {
    tenantId: auth.tenantId,
    // platform support signed in as the owner acts under its own name: the salon's log says who
    actor: auth.supportBy
      ? { kind: 'manager', id: auth.supportBy.id }
      : { kind: auth.realm === 'manager' ? 'manager' : 'user', id: auth.userId },
    correlationId: newId(),
    idempotencyKey: key && key.length <= 200 ? key : undefined,
    now,
    [UNIT]: unitOfRequest(req),
  };
};
