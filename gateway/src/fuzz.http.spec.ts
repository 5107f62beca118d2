import 'reflect-metadata';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import type { ZodType } from 'zod';
import { CommandApiModule, LIFECYCLE, SETTINGS_SECTIONS } from '@rawnaq/command-api';
import { IMPORT_ENTITIES, PLATFORM_LISTS, PLATFORM_RECORDS } from '@rawnaq/contracts';
import { QueryApiModule } from '@rawnaq/query-api';
import { observeInputSchemas } from '@rawnaq/platform';
import { allProjections } from '@rawnaq/projections';
import { bearer, MANAGER, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/**
 * Issue 9: every write route, enumerated from the Nest controllers (a route added later is in it
 * without anyone listing it), is sent malformed bodies derived from the route's own zod schema (which
 * the route itself shows: `parseInput` tells an observer what it parses with) plus generic garbage,
 * as a signed-in owner (a manager on the manager's routes). It fails on any 5xx, any answer slower
 * than SLOW_MS, any 4xx without `{ message, errors }` and any event appended by a refused request.
 */

/**
 * An answer slower than this is a hang, or close to one. It is not a speed target (those are the
 * bench's): at 3 s, one refusal in 11,418 (a 422 for a body of `[]`) took 3.02 s in CI, beside the
 * browser suites on a slow stretch of the host, where the suite as a whole ran 110 s against its usual
 * 75-105.
 */
const SLOW_MS = 10_000;
/**
 * schema-derived bodies per route (sampled, seeded, so every run sends the same requests); CI's share
 * sends fewer (FUZZ_PER_ROUTE), still to every route
 */
const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE) || 40;
/** what a refused request may still append: a failed sign-in counts towards the IP block, on purpose */
const KEPT_WHEN_REFUSED = new Set(['LoginFailed', 'IpBlocked']);

type Route = { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; realm?: string };

/**
 * Path parameters that are not record ids, with the values their routes take: each value is a route
 * of its own (a settings section, an offer's lifecycle step), from the lists the controllers check
 * them against. The test fails on a parameter missing
 * here, so a route added with a new one cannot slip through. Id parameters (`:id`, `:somethingId`)
 * are filled from the list before them: a real id, an unknown one and a malformed one.
 */
const PARAM_VALUES: Record<string, readonly string[]> = {
  section: SETTINGS_SECTIONS,
  step: LIFECYCLE,
  entity: IMPORT_ENTITIES,
  ip: ['203.0.113.7', 'not-an-ip'],
  alias: ['demosalon', 'nosuchsalon'],
  uuid: ['00000000-0000-4000-8000-000000000000', 'not-a-uuid'],
  // an account of the chart: a system account, a group, one the salon has not, and no code at all
  code: ['1101', '6', '6199999', 'not-a-code'],
  // a phone on the WhatsApp simulator: a customer's, and one that is not a number
  phone: ['966559876543', 'not-a-phone'],
  // an instance gateway's webhook address: a salon and keys that are not the platform's
  account: ['1', 'not-an-account'],
  key: ['not-the-platforms-key-0123456789', 'x'],
  // a plan of the platform's catalogue, and one that is not
  plan: ['basic', 'advanced', 'premium', 'gold'],
  // the manager's platform lists and one-record settings (platform-setting/*, marketing-setting), and one that is not
  list: [...PLATFORM_LISTS, 'no-such-list'],
  record: [...PLATFORM_RECORDS, 'no-such-record'],
};
const isIdParam = (name: string) => name === 'id' || /Id$/.test(name);

/** A route with its named parameters given (each combination), ids left as `:id`. */
const expand = (route: Route): Route[] => {
  const named = route.path.split('/').find((s) => s.startsWith(':') && !isIdParam(s.slice(1)));
  if (!named) return [route];
  const values = PARAM_VALUES[named.slice(1)];
  if (!values) throw new Error(`${route.method} ${route.path}: add the values of ${named} to PARAM_VALUES`);
  return values.flatMap((v) =>
    expand({ ...route, path: route.path.replace(new RegExp(`(^|/)${named}(?=/|$)`), `$1${v}`) }),
  );
};

const METHODS: Partial<Record<RequestMethod, Route['method']>> = {
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
};

const paths = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value ?? '']).map((p: string) => p.replace(/^\/|\/$/g, ''));

/** Every non-GET route of the two APIs, from the controllers' Nest metadata. */
const writeRoutes = (): Route[] => {
  const controllers = [
    ...(CommandApiModule.create({} as never).controllers ?? []),
    ...(QueryApiModule.create({} as never).controllers ?? []),
  ] as Array<Type<unknown>>;
  const routes: Route[] = [];
  for (const controller of controllers) {
    const realm = Reflect.getMetadata('rawnaq:realm', controller) as string | undefined;
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = controller.prototype[name] as object;
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      if (!method || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
      for (const base of paths(Reflect.getMetadata(PATH_METADATA, controller)))
        for (const own of paths(Reflect.getMetadata(PATH_METADATA, handler)))
          routes.push({ method, path: [base, own].filter(Boolean).join('/'), realm });
    }
  }
  return routes;
};

// ---- what a schema looks like, walked through zod 4's definitions ----

type Shape =
  | { kind: 'object'; fields: Record<string, Shape> }
  | { kind: 'array'; element: Shape }
  | { kind: 'string' | 'number' | 'boolean' | 'unknown' }
  | { kind: 'enum'; values: unknown[] };

type Def = { type: string; [k: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

const shapeOf = (schema: unknown, depth = 0): Shape => {
  if (depth > 12) return { kind: 'unknown' };
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return {
        kind: 'object',
        fields: Object.fromEntries(
          Object.entries(def.shape as Record<string, unknown>).map(([k, v]) => [k, shapeOf(v, depth + 1)]),
        ),
      };
    case 'array':
      return { kind: 'array', element: shapeOf(def.element, depth + 1) };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return shapeOf(def.innerType, depth + 1);
    case 'pipe':
      // z.preprocess(f, s) is transform -> s; s.transform(f) is s -> transform
      return shapeOf(defOf(def.in).type === 'transform' ? def.out : def.in, depth + 1);
    case 'lazy':
      return shapeOf((def.getter as () => unknown)(), depth + 1);
    case 'union':
      return shapeOf((def.options as unknown[])[0], depth + 1);
    case 'enum':
      return { kind: 'enum', values: Object.values(def.entries as Record<string, unknown>) };
    case 'literal':
      return { kind: 'enum', values: def.values as unknown[] };
    case 'string':
    case 'number':
    case 'boolean':
      return { kind: def.type };
    case 'int':
    case 'bigint':
      return { kind: 'number' };
    default:
      return { kind: 'unknown' };
  }
};

/** A plausible value, so the other fields of a body are not what stops it. */
const sample = (shape: Shape, name = ''): unknown => {
  switch (shape.kind) {
    case 'object':
      return Object.fromEntries(Object.entries(shape.fields).map(([k, s]) => [k, sample(s, k)]));
    case 'array':
      return [sample(shape.element, name)];
    case 'enum':
      return shape.values[0];
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      if (/date/.test(name)) return '2027-03-15';
      if (/^(from|to|start|end|time)$|_time$|_at$/.test(name))
        return /_at$|start/.test(name) ? '2027-03-15T10:00:00Z' : '10:00';
      if (/email/.test(name)) return 'fuzz@example.com';
      if (/mobile|phone|whatsapp/.test(name)) return '0501234567';
      if (/price|amount|quantity|percentage|days|minutes|duration|sessions|cost/.test(name)) return '10';
      if (/(^|_)ids?$/.test(name)) return '0193b000-0000-7000-8000-00000000f00d';
      if (/password/.test(name)) return 'Fuzz@12345';
      return 'Fuzz';
  }
};

// ---- the classes of bad input ----

const HUGE = '__HUGE_NUMBER__';
const bad: Record<string, (shape: Shape, good: unknown) => unknown> = {
  'wrong type': (shape) =>
    ({ string: 12345, unknown: { nested: true }, number: 'not a number', boolean: 'maybe', enum: { x: 1 } })[
      shape.kind as string
    ] ?? 'text instead of a list or object',
  'missing required': () => undefined,
  null: () => null,
  'empty text': () => '',
  'blank text': () => '   \t  ',
  'too long text': () => 'x'.repeat(5_000),
  'bidi controls': () => 'invoice\u202Egnp.exe\u2066',
  'lone surrogate': () => 'a\ud800b\udfff',
  'control characters': () => 'a\u0000b\u0007c\u001b[31m',
  'huge number': () => HUGE,
  'unsafe integer': () => Number.MAX_SAFE_INTEGER * 1024,
  negative: () => -1,
  'tiny fraction': () => 0.000_000_1,
  'numeric text overflow': () => '99999999999999999999999999.999999',
  'impossible date': () => '2027-02-30',
  'nested garbage': () => ({ $where: '1', a: [{ b: { c: [null, {}, [], '\u202E'] } }] }),
  'array instead of a value': (_shape, good) => [good, good],
  'object instead of a value': (_shape, good) => ({ value: good }),
  'long list': (_shape, good) => Array.from({ length: 2_000 }, () => good),
  'prototype keys': () => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'),
};

type Attempt = {
  route: Route;
  url: string;
  what: string;
  type?: string;
  headers?: Record<string, string>;
  body: string | Buffer | undefined;
};

const json = (value: unknown) => (JSON.stringify(value) ?? '').replaceAll(`"${HUGE}"`, '1e400');

/** Bodies built from a route's schema: each field in turn given each class of bad value. */
const fromSchema = (route: Route, url: string, schema: ZodType<unknown>): Attempt[] => {
  const shape = shapeOf(schema);
  const out: Attempt[] = [];
  if (shape.kind !== 'object') {
    for (const [what, make] of Object.entries(bad))
      out.push({ route, url, what, body: json(make(shape, sample(shape))) });
    return out;
  }
  const good = sample(shape) as Record<string, unknown>;
  out.push({ route, url, what: 'missing required', body: json({}) });
  for (const [field, fieldShape] of Object.entries(shape.fields)) {
    for (const [what, make] of Object.entries(bad)) {
      const value = make(fieldShape, good[field]);
      const body = { ...good };
      if (value === undefined) delete body[field];
      else body[field] = value;
      out.push({ route, url, what, body: json(body) });
    }
    // a list's items get the bad values too
    if (fieldShape.kind === 'array' && fieldShape.element.kind === 'object')
      for (const [inner, innerShape] of Object.entries(fieldShape.element.fields).slice(0, 6))
        for (const what of ['wrong type', 'bidi controls', 'huge number', 'missing required']) {
          const item = { ...(good[field] as Array<Record<string, unknown>>)[0] };
          const value = bad[what](innerShape, item[inner]);
          if (value === undefined) delete item[inner];
          else item[inner] = value;
          out.push({
            route,
            url,
            what: `${what} (in a list item)`,
            body: json({ ...good, [field]: [item] }),
          });
        }
  }
  return out;
};

/** Garbage that needs no schema: not an object, not JSON, not the declared type, too deep. */
const generic = (route: Route, url: string): Attempt[] => [
  ...(['[]', '"text"', '42', 'null', 'true', '{"a":1e400}'] as const).map((body) => ({
    route,
    url,
    what: 'body that is not an object',
    body,
  })),
  { route, url, what: 'malformed JSON', body: '{"name": "unterminated' },
  { route, url, what: 'deep nesting', body: `${'['.repeat(3_000)}${']'.repeat(3_000)}` },
  { route, url, what: 'text/plain body', type: 'text/plain', body: 'name=fuzz' },
  {
    route,
    url,
    what: 'form body',
    type: 'application/x-www-form-urlencoded',
    body: 'a[b][c]=1&a[__proto__][x]=1',
  },
  { route, url, what: 'body over 100 KB', body: JSON.stringify({ name: 'x'.repeat(120_000) }) },
  { route, url, what: 'unknown charset', type: 'application/json; charset=klingon', body: '{}' },
  { route, url, what: 'gzip that is not gzip', headers: { 'Content-Encoding': 'gzip' }, body: '{"a":1}' },
  {
    route,
    url,
    what: 'binary garbage',
    type: 'application/octet-stream',
    body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xde, 0xad]),
  },
];

/** An xorshift generator: the same sample of bodies every run. */
const seeded = (seed: number) => () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};

describe('fuzz: every write route, malformed bodies from its own schema, over HTTP', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const signIn = async () => {
    tokens.merchant = await t.signIn(OWNER);
    tokens.manager = await t.signIn(MANAGER, 'manager');
  };
  beforeAll(async () => {
    t = await startTestApp();
    await t.openOtherSalon();
    await signIn();
  }, 60_000);
  afterAll(() => t.close());

  let ip = 0;
  const send = (a: Attempt) => {
    ip++;
    const req = t.http[a.route.method.toLowerCase() as 'post'](`/${a.url}`)
      .set({
        ...bearer(tokens[a.route.realm ?? 'merchant'] ?? tokens.merchant),
        // one address per request: the sign-in routes' IP guard would otherwise pause the fuzzer itself
        'X-Forwarded-For': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
        'Content-Type': a.type ?? 'application/json',
        ...a.headers,
      })
      .timeout(SLOW_MS * 3);
    return a.body === undefined ? req : req.send(a.body);
  };

  /** Fills `:params` with a real id where the list before it has one, so routes get past "not found". */
  const resolve = async (route: Route): Promise<string[]> => {
    const segments = route.path.split('/');
    const out: string[] = [];
    for (const seg of segments) {
      if (!seg.startsWith(':')) {
        out.push(seg);
        continue;
      }
      const list = await t.http.get(`/${out.join('/')}`).set({
        ...bearer(tokens[route.realm ?? 'merchant']),
        'X-Min-Position': String(await t.eventCount()),
      });
      const first = Array.isArray(list.body) ? (list.body[0] as { id?: unknown } | undefined) : undefined;
      out.push(first?.id !== undefined ? String(first.id) : '0193b000-0000-7000-8000-00000000beef');
    }
    return [
      out.join('/'),
      ...(route.path.includes(':')
        ? [
            segments.map((s) => (s.startsWith(':') ? '0193b000-0000-7000-8000-00000000dead' : s)).join('/'),
            segments.map((s) => (s.startsWith(':') ? 'not-an-id\u202E%FF' : s)).join('/'),
          ]
        : []),
    ];
  };

  const settle = async () => {
    // what a command's reactors append after it (mail, follow-ups) lands before the next request is judged
    for (let i = 0; i < 5; i++) {
      const head = String(await t.eventCount());
      await t.app.runner.waitFor(
        allProjections.map((p) => p.name),
        head,
        10_000,
      );
      if (String(await t.eventCount()) === head) return;
    }
  };

  it('answers every request in time with a 2xx or a well-formed 4xx, and a refused request writes nothing', async () => {
    const started = Date.now();
    // FUZZ_ROUTES=<regex> narrows a run to some routes while one is being fixed
    const only = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : undefined;
    const declared = writeRoutes();
    if (!only) expect(declared.length).toBeGreaterThan(50);
    const routes = declared.flatMap(expand).filter((r) => !only || only.test(`${r.method} ${r.path}`));
    // the manager's routes last (one may disable the demo salon), and signing out last of the salon's
    const order = (r: Route) =>
      (r.realm === 'manager' ? 2 : /logout$/.test(r.path) ? 1 : 0) * 10 + (r.method === 'DELETE' ? 1 : 0);
    routes.sort((a, b) => order(a) - order(b));

    const seen: Array<{ schema: ZodType<unknown>; input: unknown }> = [];
    const stop = observeInputSchemas((schema, input) => seen.push({ schema, input }));
    const failures: string[] = [];
    const classes = new Map<string, number>();
    const statuses = new Map<string, number>();
    const withSchema = new Set<string>();
    let requests = 0;

    try {
      for (const route of routes) {
        const key = `${route.method} ${route.path}`;
        const [url, ...otherUrls] = await resolve(route);
        // the route shows its schema on a first, empty body
        seen.length = 0;
        const attempts: Attempt[] = [{ route, url, what: 'empty object', body: '{}' }];
        await judge(attempts[0]);
        const found = seen.find(
          (s) => typeof s.input === 'object' && s.input !== null && !Array.isArray(s.input),
        );
        const derived = found ? fromSchema(route, url, found.schema) : [];
        if (found) withSchema.add(key);
        const random = seeded(key.length * 7919 + key.charCodeAt(key.length - 1));
        const sampled = derived
          .map((a) => ({ a, r: random() }))
          .sort((x, y) => x.r - y.r)
          .slice(0, PER_ROUTE)
          .map((x) => x.a);
        const rest = [
          ...sampled,
          ...generic(route, url),
          ...otherUrls.map((u, i) => ({
            route,
            url: u,
            what: i === 0 ? 'unknown id' : 'invalid id',
            body: '{}',
          })),
        ];
        for (const a of rest) await judge(a);
      }
    } finally {
      stop();
    }

    async function judge(a: Attempt) {
      requests++;
      classes.set(a.what, (classes.get(a.what) ?? 0) + 1);
      const before = String(await t.eventCount());
      const at = Date.now();
      const label = `${a.route.method} /${a.url} [${a.what}]`;
      let res: { status: number; body: unknown };
      try {
        res = await send(a);
      } catch (error) {
        failures.push(`${label}: no answer (${String(error)})`);
        return;
      }
      const took = Date.now() - at;
      const bucket = `${Math.floor(res.status / 100)}xx`;
      statuses.set(bucket, (statuses.get(bucket) ?? 0) + 1);
      if (res.status >= 500) failures.push(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
      if (took > SLOW_MS) failures.push(`${label}: took ${took} ms`);
      if (res.status >= 400 && res.status < 500) {
        const body = res.body as { message?: unknown; errors?: unknown };
        if (typeof body?.message !== 'string' || typeof body.errors !== 'object' || body.errors === null)
          failures.push(`${label}: ${res.status} without {message, errors}: ${JSON.stringify(res.body)}`);
        const appended = (await t.platform.eventStore.readAll(before, 50)).filter(
          (e) => !KEPT_WHEN_REFUSED.has(e.type),
        );
        if (appended.length)
          failures.push(
            `${label}: refused (${res.status}) yet appended ${appended.map((e) => `${e.type}@${e.stream}`).join(', ')}`,
          );
      } else if (res.status < 300 && String(await t.eventCount()) !== before) await settle();
      // signing out (or a new sign-in) ends the fuzzer's session: sign in again
      if ((/log(in|out)$/.test(a.route.path) && res.status < 300) || res.status === 401) await signIn();
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      [
        `fuzz: ${declared.length} write routes declared, ${routes.length} with their named parameters given (${withSchema.size} with a schema the route parses with, ${routes.length - withSchema.size} generic garbage only), ${requests} requests in ${seconds} s`,
        `answers: ${[...statuses].map(([k, v]) => `${k} ${v}`).join(', ')}`,
        `classes of input (${classes.size}): ${[...classes].map(([k, v]) => `${k} ${v}`).join('; ')}`,
        `routes without a schema: ${routes
          .filter((r) => !withSchema.has(`${r.method} ${r.path}`))
          .map((r) => `${r.method} ${r.path}`)
          .join(', ')}`,
      ].join('\n'),
    );
    expect(failures.slice(0, 40)).toEqual([]);
  }, 600_000);
});
