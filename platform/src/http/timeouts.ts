import type { Server } from 'node:http';

/**
 * How long a request may take, so that none can hang (issue 9): the server drops a client that has
 * not sent its headers within `headersMs` or its whole request within `requestMs` (Node answers 408),
 * and `answerWithin` answers a request the service has not answered within `answerMs` (503).
 * Uploads are at most 5 MB; 30 s is 1.4 Mbit/s. Imports run their rows in the background.
 */
export const TIMEOUTS = { headersMs: 15_000, requestMs: 30_000, answerMs: 30_000, keepAliveMs: 5_000 };

export type Timeouts = typeof TIMEOUTS;

/** Sets a Node HTTP server's request, headers and keep-alive timeouts. */
export const applyServerTimeouts = (server: Server, t: Partial<Timeouts> = {}): Server => {
  const { headersMs, requestMs, keepAliveMs } = { ...TIMEOUTS, ...t };
  server.headersTimeout = headersMs;
  server.requestTimeout = requestMs;
  server.keepAliveTimeout = keepAliveMs;
  return server;
};

type Res = {
  headersSent: boolean;
  writableEnded: boolean;
  statusCode: number;
  setHeader: (name: string, value: string) => void;
  end: (body: string) => void;
  destroy: () => void;
  once: (event: 'finish' | 'close', listener: () => void) => void;
};

/**
 * Express middleware: a request still unanswered after `ms` gets `503 errors.took_too_long` (or, when
 * its answer had started, the connection is closed), so a route waiting for something that never
 * comes cannot hold a client forever. The route's own late answer is then dropped.
 */
export const answerWithin =
  (ms = TIMEOUTS.answerMs) =>
  (_req: unknown, res: Res, next: () => void): void => {
    const timer = setTimeout(() => {
      if (res.writableEnded) return;
      if (res.headersSent) return void res.destroy();
      res.statusCode = 503;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Connection', 'close');
      res.end(JSON.stringify({ message: 'errors.took_too_long' }));
    }, ms);
    timer.unref();
    const stop = () => clearTimeout(timer);
    res.once('finish', stop);
    res.once('close', stop);
    next();
  };
