import { DomainError, type ApiError } from '@rawnaq/contracts';
import { ZodError } from 'zod';
import { fieldErrors } from '@rawnaq/contracts';
import { WrongExpectedRevisionError } from '../event-store/port';

/** A request whose input did not pass its schema; carries the raw input to tell missing from wrong. */
export class InvalidInput extends Error {
  constructor(
    readonly error: ZodError,
    readonly input: unknown,
  ) {
    super('invalid input');
  }
}

export type HttpFailure = { status: number; body: ApiError };

/**
 * The one place errors become HTTP answers: a field error is a 422 naming the field, a business
 * rule its own status, a lost race a 409, and anything unexpected a 500 with a generic key (the
 * details go to the log, never to the client).
 */
export const toHttpFailure = (error: unknown): HttpFailure | undefined => {
  if (error instanceof InvalidInput)
    return {
      status: 422,
      body: { message: 'errors.invalid_input', errors: fieldErrors(error.error, error.input) },
    };
  if (error instanceof DomainError)
    return {
      status: error.status,
      body: {
        message: error.key,
        ...(error.errors && { errors: error.errors }),
        ...(error.params && { params: error.params }),
        ...(error.details && { details: error.details }),
      },
    };
  if (error instanceof WrongExpectedRevisionError)
    return { status: 409, body: { message: 'errors.conflict_retry' } };
  return undefined;
};
