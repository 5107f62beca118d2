import { newId, IDEMPOTENCY_HEADER } from '@rawnaq/contracts';
import { header, type AuthContext } from '@rawnaq/platform';
import type { CommandContext } from './command-context';

type Request = { headers: Record<string, string | string[] | undefined> };

/**
 * The command context of a signed-in caller's request. Its instant is the request's on the product's
 * clock (set by the gateway; a test's clock moves it), the system's time otherwise.
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
  };
};
