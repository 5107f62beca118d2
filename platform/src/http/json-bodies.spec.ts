import express, { type NextFunction, type Request, type Response } from 'express';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { plainJsonBodies } from './json-bodies';

/** What the route saw, or the error the reader passed on. */
type Seen = {
  body?: unknown;
  raw?: string;
  stillReadable?: boolean;
  error?: { status: number; type: string };
};

describe('the plain JSON body reader', () => {
  let server: Server;
  let port: number;
  let seen: Seen[];

  beforeAll(async () => {
    const app = express();
    app.use(plainJsonBodies(64));
    app.post('/', (req: Request & { rawBody?: Buffer }, res: Response) => {
      seen.push({ body: req.body, raw: req.rawBody?.toString(), stillReadable: !req.complete });
      req.resume();
      res.json({});
    });
    app.use((error: { status: number; type: string }, _req: Request, res: Response, _next: NextFunction) => {
      seen.push({ error: { status: error.status, type: error.type } });
      res.status(error.status).json({});
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => (seen = []));

  /** Sends the request's head and its body's parts (a pause between each), then closes if asked. */
  const send = (head: string[], parts: string[], close = false) =>
    new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', async () => {
        socket.write(`POST / HTTP/1.1\r\nHost: x\r\n${head.join('\r\n')}\r\n\r\n`);
        for (const part of parts) {
          await new Promise((r) => setTimeout(r, 20));
          socket.write(part);
        }
        if (close) {
          await new Promise((r) => setTimeout(r, 20));
          socket.destroy();
          setTimeout(resolve, 50);
        }
      });
      socket.on('data', () => {
        socket.destroy();
        resolve();
      });
      socket.on('error', reject);
    });

  it('reads a body that comes in several parts, and keeps its bytes', async () => {
    const body = '{"name":"نورة","n":1}';
    const length = Buffer.byteLength(body);
    const bytes = Buffer.from(body);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', async () => {
        socket.write(
          `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
        );
        socket.write(bytes.subarray(0, 9)); // cuts the Arabic name inside a character
        await new Promise((r) => setTimeout(r, 20));
        socket.write(bytes.subarray(9));
      });
      socket.on('data', () => {
        socket.destroy();
        resolve();
      });
      socket.on('error', reject);
    });
    expect(seen).toEqual([{ body: { name: 'نورة', n: 1 }, raw: body, stillReadable: false }]);
  });

  it('passes on a client that leaves before its body is whole as a 400 (nothing hangs)', async () => {
    await send(['Content-Type: application/json', 'Content-Length: 40'], ['{"name":'], true);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([{ error: { status: 400, type: 'request.aborted' } }]);
  });

  it('refuses JSON that is neither an object nor an array, and JSON that does not parse', async () => {
    await send(['Content-Type: application/json', 'Content-Length: 4'], ['"ab"']);
    await send(['Content-Type: application/json', 'Content-Length: 8'], ['{"name":']);
    expect(seen).toEqual([
      { error: { status: 400, type: 'entity.parse.failed' } },
      { error: { status: 400, type: 'entity.parse.failed' } },
    ]);
  });

  it('leaves every other body unread, for body-parser', async () => {
    const others = [
      ['Content-Type: text/plain', 'Content-Length: 2'],
      ['Content-Type: application/json; charset=latin1', 'Content-Length: 2'],
      ['Content-Type: application/json', 'Content-Length: 2', 'Content-Encoding: gzip'],
      ['Content-Type: application/json', 'Transfer-Encoding: chunked'],
      ['Content-Type: application/json', 'Content-Length: 65'], // above the limit
    ];
    for (const head of others) {
      const chunked = head.includes('Transfer-Encoding: chunked');
      const long = head.includes('Content-Length: 65');
      await send(head, [chunked ? '2\r\n{}\r\n0\r\n\r\n' : long ? `{"a":"${'x'.repeat(57)}"}` : '{}']);
    }
    expect(seen).toEqual(others.map(() => ({ body: undefined, raw: undefined, stillReadable: true })));
  });
});
