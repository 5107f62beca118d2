import type { IncomingMessage } from 'node:http';

/** The largest JSON body read here: body-parser's default, which the APIs keep for every other body. */
export const JSON_BODY_LIMIT = 100 * 1024;

/**
 * The media types a body is read as JSON under (body-parser's `type`, given to every Nest app's JSON
 * parser): `application/json`, and every type with the `+json` suffix (RFC 6839), as API clients and
 * their libraries send them (`application/vnd.api+json`, `application/merge-patch+json`). Under Nest's
 * default (`application/json` alone) such a body was read as nothing, and the command refused for
 * the fields it held.
 */
export const JSON_MEDIA_TYPES: readonly string[] = ['application/json', 'application/*+json'];

const PLAIN_JSON = new Set([
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=utf-8',
]);
const LENGTH = /^[0-9]{1,9}$/;

type BodyRequest = IncomingMessage & { body?: unknown; rawBody?: Buffer };

/** A body that cannot be read, as `http-errors` make them (a 4xx `status`, `expose`): see toHttpFailure. */
const unreadable = (message: string, type: string, status = 400) =>
  Object.assign(new Error(message), { status, statusCode: status, expose: true, type });

/** The first character that is not JSON's whitespace. */
const firstNonSpace = (text: string): string | undefined => {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') return c;
  }
  return undefined;
};

/**
 * Reads the body almost every command sends, JSON in UTF-8 of a stated length, without body-parser's
 * generality (its content-type and charset parsing, its decoding streams, its handling of every
 * framing and compression): it was ~3 % of the till's request thread per invoice (paired, switched
 * every second). What it sets is what body-parser would: `body` (strict: an object or an array; an
 * empty body is not read here), `rawBody` (the bytes, for the webhooks whose signature covers them),
 * and the same 400s for a body that is not JSON. Anything else (another type or charset, a compressed
 * or chunked body, none, one above the limit) goes on to body-parser as before, which then finds the
 * body already read and leaves it.
 */
export const plainJsonBodies =
  (limit = JSON_BODY_LIMIT) =>
  (req: BodyRequest, _res: unknown, next: (error?: unknown) => void): void => {
    const { headers } = req;
    const type = headers['content-type'];
    const length = headers['content-length'];
    if (
      type === undefined ||
      length === undefined ||
      !PLAIN_JSON.has(type.toLowerCase()) ||
      headers['transfer-encoding'] !== undefined ||
      (headers['content-encoding'] !== undefined && headers['content-encoding'] !== 'identity') ||
      !LENGTH.test(length)
    )
      return next();
    const expected = Number(length);
    if (expected === 0 || expected > limit) return next();
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    };
    const finish = (error?: unknown) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      next(error);
    };
    // the client went away before the body was whole (Node's parser frames it by its length): said by
    // an error ('aborted', ECONNRESET) or the close alone, a 400 as body-parser makes it
    const aborted = () => unreadable('request aborted', 'request.aborted');
    const onError = (error: unknown) => finish(req.complete ? error : aborted());
    const onClose = () => {
      if (!req.complete) finish(aborted());
    };
    const onEnd = () => {
      if (received !== expected)
        return finish(unreadable('request size did not match content length', 'request.size.invalid'));
      const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
      // a byte-order mark is dropped, as body-parser's decoder drops it
      let text = raw.toString('utf8');
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      const first = firstNonSpace(text);
      if (first !== '{' && first !== '[')
        return finish(unreadable('a JSON body must be an object or an array', 'entity.parse.failed'));
      try {
        req.body = JSON.parse(text);
      } catch (error) {
        return finish(unreadable((error as Error).message, 'entity.parse.failed'));
      }
      req.rawBody = raw;
      finish();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  };
