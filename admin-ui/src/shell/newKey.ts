import { newId } from '@rawnaq/contracts';

/**
 * An Idempotency-Key: a time-ordered (v7) UUID. What the server makes from a key (a command's ids, its
 * stored reply's stream) begins with the key's millisecond, so it lands where the log's indexes grow.
 * Made from getRandomValues, which works where crypto.randomUUID does not: the salon's desk may open the
 * app over plain http on its own network.
 */
export const newKey = (): string => newId();
