import { AsyncLocalStorage } from 'node:async_hooks';
import type { AddressInfo } from 'node:net';
import {
  Controller,
  Get,
  Injectable,
  Module,
  NotFoundException,
  Param,
  ParseIntPipe,
  Sse,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type INestApplication,
  type NestInterceptor,
} from '@nestjs/common';
import { APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import { from, map, of, type Observable } from 'rxjs';
import { INTERCEPT_AS_PROMISE, interceptAsPromises, type PromiseInterceptor } from './promise-interceptors';

const calls: string[] = [];
const scope = new AsyncLocalStorage<string>();

/** Wraps the handler's result; records which of its two forms Nest ran. */
@Injectable()
class Wrapping implements PromiseInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    calls.push('observable');
    return next.handle().pipe(map((value: unknown) => ({ wrapped: value })));
  }

  async [INTERCEPT_AS_PROMISE](context: ExecutionContext, handle: () => Promise<unknown>): Promise<unknown> {
    calls.push(`promise ${context.getType()} ${context.getHandler().name}`);
    // the handler runs in the async context the promise gives it, as the unit of work's does
    return { wrapped: await scope.run('the request', handle) };
  }
}

/** An interceptor with no promise form: Nest's way. */
@Injectable()
class Counting implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    calls.push('counting');
    return next.handle();
  }
}

@Controller()
class Routes {
  @Get('plain')
  plain() {
    return { scope: scope.getStore() ?? null };
  }

  @Get('later/:n')
  async later(@Param('n', ParseIntPipe) n: number) {
    await new Promise((resolve) => setImmediate(resolve));
    if (n === 404) throw new NotFoundException('no such thing');
    return { n };
  }

  @Get('stream')
  stream() {
    return from([1, 2, 3]);
  }

  @Get('both')
  @UseInterceptors(Counting)
  both() {
    return 'both';
  }

  @Sse('events')
  events() {
    return of({ data: 'hello' });
  }
}

@Module({ controllers: [Routes], providers: [{ provide: APP_INTERCEPTOR, useClass: Wrapping }] })
class WithPromiseForm {}

@Controller()
class Other {
  @Get('plain')
  plain() {
    return 'plain';
  }
}

@Module({ controllers: [Other], providers: [{ provide: APP_INTERCEPTOR, useClass: Counting }] })
class WithoutPromiseForm {}

describe('interceptAsPromises: a route whose only interceptor offers a promise runs it as one', () => {
  let app: INestApplication;
  let base: string;
  const get = async (path: string) => {
    const res = await fetch(`${base}/${path}`);
    return { status: res.status, body: (await res.text()) as unknown };
  };
  const json = async (path: string) => {
    const { status, body } = await get(path);
    return { status, body: JSON.parse(body as string) as unknown };
  };

  beforeAll(async () => {
    expect(interceptAsPromises()).toBe(true);
    app = await NestFactory.create(WithPromiseForm, { logger: false });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());
  beforeEach(() => (calls.length = 0));

  it('given a plain handler, when called, the promise form answers and the handler ran in its async context', async () => {
    expect(await json('plain')).toEqual({ status: 200, body: { wrapped: { scope: 'the request' } } });
    expect(calls).toEqual(['promise http plain']);
  });

  it("given a handler's promise and a pipe, the pipe's value reaches the handler and its result is sent", async () => {
    expect(await json('later/7')).toEqual({ status: 200, body: { wrapped: { n: 7 } } });
    expect(calls).toEqual(['promise http later']);
  });

  it("given a pipe's refusal or a handler's error, the exception filters answer as before", async () => {
    const refused = await json('later/seven');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: expect.stringContaining('numeric string') });
    expect(await json('later/404')).toEqual({
      status: 404,
      body: { statusCode: 404, message: 'no such thing', error: 'Not Found' },
    });
  });

  it("given a handler's Observable, its last value is sent, as Nest's pipeline did", async () => {
    expect(await json('stream')).toEqual({ status: 200, body: { wrapped: 3 } });
  });

  it('given a second interceptor on the route, Nest runs both its own way', async () => {
    expect(await json('both')).toEqual({ status: 200, body: { wrapped: 'both' } });
    expect(calls).toEqual(['observable', 'counting']);
  });

  it('given a server-sent events route, Nest streams it its own way', async () => {
    const res = await fetch(`${base}/events`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    await res.text();
    expect(calls).toEqual(['observable']);
  });

  it('given an interceptor without the promise form, Nest runs it as before', async () => {
    const other = await NestFactory.create(WithoutPromiseForm, { logger: false });
    await other.listen(0, '127.0.0.1');
    try {
      const port = (other.getHttpServer().address() as AddressInfo).port;
      expect(await (await fetch(`http://127.0.0.1:${port}/plain`)).text()).toBe('plain');
      expect(calls).toEqual(['counting']);
    } finally {
      await other.close();
    }
  });
});
