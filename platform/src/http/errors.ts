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

export type HttpFailure = { status: number; body: ApiError & { errors: Record<string, string> } };

/**
 * An error raised while the body was read, before any route ran (express's body parser, raw-body,
 * zlib): `http-errors` give them a 4xx `status` and `expose`. Each reads as one message key.
 */
const BODY_ERRORS: Record<number, string> = {
  400: 'errors.malformed_body',
  413: 'errors.payload_too_large',
  415: 'errors.unsupported_media_type',
};

const bodyReadingFailure = (error: unknown): HttpFailure | undefined => {
  if (!(error instanceof Error)) return undefined;
  const { status, expose } = error as Error & { status?: unknown; expose?: unknown };
  if (typeof status !== 'number' || status < 400 || status > 499 || expose !== true) return undefined;
  return { status, body: { message: BODY_ERRORS[status] ?? 'errors.invalid_input', errors: {} } };
};

/**
 * The one place errors become HTTP answers: a field error is a 422 naming the field, a business
 * rule its own status, a lost race a 409, a body that could not be read 400/413/415, and anything
 * unexpected a 500 with a generic key (the details go to the log, never to the client). Every 4xx
 * has `{ message, errors }`; `errors` is `{}` when no one field is at fault.
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
        errors: error.errors ?? {},
        ...(error.params && { params: error.params }),
        ...(error.details && { details: error.details }),
      },
    };
  if (error instanceof WrongExpectedRevisionError)
    return { status: 409, body: { message: 'errors.conflict_retry', errors: {} } };
  return bodyReadingFailure(error);
};
