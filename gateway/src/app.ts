import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import { salonIndexHtml } from './salon-pages';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import { join } from 'node:path';
import {
  Aggregates,
  CommandApiModule,
  GatewayPayments,
  Expiries,
  MailDispatcher,
  paymentGatewaysFor,
  ReceiveGatewayCallback,
  seedDemoSalon,
  EInvoiceReportingWorker,
  messagingChannelsFromEnv,
  OutboxWorker,
} from '@rawnaq/command-api';
import { paymentSimulator } from './payment-simulator';
import { TEST_CLOCK_LIMITS, type TestClock } from './test-clock';
import { websiteRouter } from './website/router';
import { inProcessSubmit } from './website/submit';
import {
  answerWithin,
  applyServerTimeouts,
  Authenticator,
  fatooraAdapters,
  indexRoutes,
  lightenAsyncResourceBind,
  JSON_MEDIA_TYPES,
  plainJsonBodies,
  ReadModels,
  simulatorConnection,
  SqliteEventStore,
  TIMEOUTS,
  TOKENS,
  trustProxySetting,
  type Clock,
  type Logger,
  type Platform,
  type SimulatorRules,
  type Timeouts,
  zatca,
} from '@rawnaq/platform';
import { allProjections, ProjectionRunner, ProjectionThread, type Projections } from '@rawnaq/projections';
import { QueryApiModule } from '@rawnaq/query-api';

const systemClock = { now: () => new Date() };

export type AppOptions = {
  platform: Platform;
  logger: Logger;
  /** write the demo salon on an empty store (default true) */
  seedDemo?: boolean;
  /** where the built UIs are (default: the workspaces' dist folders) */
  adminDist?: string;
  bookingDist?: string;
  /** behind one proxy of ours (TRUST_PROXY=1): its own hop of X-Forwarded-For is believed, no more */
  trustProxy?: boolean;
  /** the command side's "now" for sign-ins (tests move it); the system clock by default */
  clock?: Clock;
  /**
   * Browser tests only (RAWNAQ_TEST_CLOCK=1 on `npm start`, see ./test-clock): `POST /api/test/clock
   * {days, minutes}` moves `clock` forward, so a trial can end, or a campaign's messages fall due,
   * inside a browser test. Never set in production.
   */
  testClock?: Pick<TestClock, 'advance'>;
  /** send waiting mail every 2 s when a mail server is set (default true; tests send by hand) */
  sendMail?: boolean;
  /**
   * how long a read carrying X-Min-Position waits for the projections before answering marked stale
   * (default 2 s; the HTTP tests, on a loaded machine, wait longer rather than compare a stale read)
   */
  readYourWritesMs?: number;
  /** an API request not answered within this gets 503 `errors.took_too_long` (default 30 s) */
  answerWithinMs?: number;
  /**
   * ZATCA e-invoicing: how much the local Fatoora simulator checks (`full`: XSD, Schematron, hash,
   * signature; `signature`: the last two only; default FATOORA_SIMULATOR_RULES or `signature`), and
   * how often the reporting worker runs (0: tests run it by hand; default 5 s).
   */
  fatooraRules?: SimulatorRules;
  reportEveryMs?: number;
  /** how often the WhatsApp outbox sends what is due and the simulator's webhooks come back (0: tests do it by hand; default 5 s) */
  messagingEveryMs?: number;
  /**
   * Run the projections in a worker thread of their own (default: on the embedded SQLite stores; the
   * scale-out engines keep them in this thread, or in the projections service)
   */
  projectionsThread?: boolean;
  /**
   * Whether the e-invoices are built and signed on a thread of their own (default true), with their
   * ECDSA nonces made ahead on another, so the till's documents cost the thread serving requests no
   * more than a message each way (see zatca.ZatcaSigningThread)
   */
  signingThread?: boolean;
};

/**
 * On the embedded stores the projections run in a thread of their own (see ProjectionThread): the
 * read models are written there, and this thread answers requests.
 */
const projectionsOf = (o: AppOptions): Projections => {
  const { platform, logger } = o;
  const { eventStore, readStore } = platform.config;
  if (
    (o.projectionsThread ?? true) &&
    platform.eventStore instanceof SqliteEventStore &&
    eventStore.kind === 'sqlite' &&
    readStore.kind === 'sqlite'
  ) {
    const store = platform.eventStore;
    const commits = store.commitSignal;
    return new ProjectionThread({
      events: eventStore.file,
      read: readStore.file,
      // with the writer thread, the writer tells the projections' thread of each commit itself
      ...(commits ? { commits } : { onAppended: (listener) => store.onAppended(listener) }),
      logger,
    });
  }
  return new ProjectionRunner({
    eventStore: platform.eventStore,
    bus: platform.bus,
    readStore: platform.readStore,
    projections: allProjections,
    logger,
  });
};

export type RunningApp = {
  handler: Express;
  /** the projections: in a thread of their own on the embedded stores, in this one otherwise */
  runner: Projections;
  readModels: ReadModels;
  /** sends the outbox's waiting mail when a mail server is set (SMTP_URL); tests run it by hand */
  mail: MailDispatcher;
  /** the ZATCA reporting worker (tests run it by hand) */
  einvoicing: EInvoiceReportingWorker;
  /** the online payments (tests run the expiry by hand) */
  payments: GatewayPayments;
  /** gift cards and customers' offers expiring with something left (tests run them by hand) */
  expiries: Expiries;
  /** the WhatsApp outbox's worker (tests run it, and the simulator's webhooks, by hand) */
  messaging: OutboxWorker;
  close: () => Promise<void>;
};

/**
 * The built UIs: their assets, and the right index.html for every screen path (the salon's public
 * pages are the booking site; everything else is the admin app, whose router shows 404s).
 */
export const uiFiles = (
  adminDist = join(__dirname, '..', '..', 'admin-ui', 'dist'),
  bookingDist = join(__dirname, '..', '..', 'booking-ui', 'dist'),
  models?: ReadModels,
) => {
  const router = express.Router();
  // Hashed file names: a year in every cache; each file's brotli or gzip copy written at build time
  // is sent to a browser that accepts it (Vary: Accept-Encoding), the file itself otherwise.
  const assets = (dist: string) =>
    expressStaticGzip(dist, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '365d', index: false },
    });
  router.use('/admin', assets(adminDist));
  router.use('/booking', assets(bookingDist));
  const sendIndex = (dist: string, what: string) => (_req: Request, res: Response) => {
    const index = join(dist, 'index.html');
    if (!existsSync(index))
      return void res
        .status(503)
        .type('text/plain')
        .send(`The ${what} is not built: run npm start (it builds it) or npm run build`);
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  };
  // a salon's pages: the index written for that page (its language, title, preview, the home's content)
  router.get(/^\/(?:(?:en|ar)\/)?salon\//, (req: Request, res: Response, next: NextFunction) => {
    const index = join(bookingDist, 'index.html');
    if (!models || !existsSync(index)) return sendIndex(bookingDist, 'booking site')(req, res);
    salonIndexHtml(models, readFileSync(index, 'utf8'), req.path).then((html) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(html);
    }, next);
  });
  // the public `report-to-zatca` page (doc1 §2, public customer documents) is the booking site's
  router.get(/^\/(?:(?:en|ar)\/)?report-to-zatca\/?$/, sendIndex(bookingDist, 'booking site'));
  // the platform's contract signing page (doc1 §2 account-contract/{uniqueId}, issue 27) too
  router.get(
    /^\/(?:(?:en|ar)\/)?account-contract\/[A-Za-z0-9_-]+\/?$/,
    sendIndex(bookingDist, 'booking site'),
  );
  // the platform's invoice to a salon, paid from its link (doc1 §2 public `account-invoice/{uniqueId}`)
  router.get(/^\/(?:(?:en|ar)\/)?account-invoice\/[\w-]+\/?$/, sendIndex(bookingDist, 'booking site'));
  router.get(/^\/(?!api\/|admin\/|booking\/).*/, sendIndex(adminDist, 'admin app'));
  return router;
};

/**
 * A constructor of `base`'s objects whose prototype is `prototype` from the start. `base` is run on the
 * new object as a function (Node's IncomingMessage and ServerResponse are functions): made through
 * `Reflect.construct` with another new.target, the objects were kept past young collections just the
 * same (measured). Should a later Node make them classes, which cannot be called so, `base` is kept.
 */
const madeWith = <C extends new (...args: never[]) => object>(base: C, prototype: object): C => {
  if (/^class\b/.test(Function.prototype.toString.call(base))) return base;
  const init = base as unknown as (this: object, ...args: unknown[]) => void;
  function Made(this: object, ...args: unknown[]) {
    init.apply(this, args);
  }
  Made.prototype = prototype;
  return Made as unknown as C;
};

/**
 * The product's HTTP server, with its request and headers timeouts (`TIMEOUTS`): no request can hang.
 *
 * Its requests and responses are made with `handler`'s Express prototypes (which `createApp` gives its
 * inner apps too), so Express's `Object.setPrototypeOf(req, app.request)` at each app a request passes
 * through finds the prototype already set and changes nothing: V8 keeps an object whose prototype
 * changed past the young generation's collections (a bare Node server at 200 requests/s promoted 2 KB
 * per scavenge, 143 KB with Express's two calls; README: hot paths keep V8's young generation young).
 */
export const httpServer = (handler: Express, timeouts: Partial<Timeouts> = {}): Server => {
  const { headersMs, requestMs } = { ...TIMEOUTS, ...timeouts };
  // how often Node checks those timeouts (30 s by default, which would let a request live 60 s)
  const checkEvery = Math.max(100, Math.min(1_000, Math.floor(Math.min(headersMs, requestMs) / 3)));
  const server = createServer(
    {
      connectionsCheckingInterval: checkEvery,
      IncomingMessage: madeWith<typeof IncomingMessage>(IncomingMessage, handler.request),
      ServerResponse: madeWith<typeof ServerResponse>(ServerResponse, handler.response),
    },
    handler,
  );
  return applyServerTimeouts(server, timeouts);
};

/** Reads: every GET/HEAD, and the two POSTs the spec makes for loading global information. */
const isQuery = (req: Request) =>
  req.method === 'GET' ||
  req.method === 'HEAD' ||
  (req.method === 'POST' && /^\/api\/(merchant|manager)\/get_global_informations\/?$/.test(req.path));

const SECURITY_HEADERS = (_req: Request, res: Response, next: NextFunction) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  next();
};

/**
 * The whole product behind one origin: projections kept live in this process, the command API and
 * the query API (two Nest applications, split by method as the scale-out gateway does), the built
 * admin UI and booking site.
 */
export const createApp = async (o: AppOptions): Promise<RunningApp> => {
  const { platform, logger } = o;
  const runner = projectionsOf(o);
  await runner.start();
  const signOffThread = o.signingThread ?? true;
  if (signOffThread) zatca.signingThread.start();
  const readModels = new ReadModels(platform.readStore, allProjections, runner.progress);
  const authenticator = new Authenticator(readModels, platform.eventStore, 'identity', o.clock);
  // the authority's API (FATOORA=zatca) or, by default, a local simulator per environment
  const fatoora = fatooraAdapters({
    adapter: process.env.FATOORA === 'zatca' ? 'zatca' : 'simulator',
    dataDir: platform.config.dataDir,
    rules: o.fatooraRules ?? (process.env.FATOORA_SIMULATOR_RULES === 'full' ? 'full' : 'signature'),
  });
  const deps = {
    eventStore: platform.eventStore,
    fileStore: platform.fileStore,
    readModels,
    authenticator,
    logger,
    clock: o.clock,
    mailSender: platform.mailSender,
    linkTokens: platform.linkTokens,
    payments: paymentGatewaysFor(platform.linkTokens),
    einvoicing: { fatooraFor: fatoora.fatooraFor, reportEveryMs: o.reportEveryMs },
    // WhatsApp: the local simulator keeps its phones in DATA_DIR/whatsapp-simulator.db (WHATSAPP=cloud: Meta's API)
    messaging: { channels: messagingChannelsFromEnv(platform.config.dataDir), everyMs: o.messagingEveryMs },
  };

  const nestLogger = ['error', 'warn'] as const;
  // Nest binds every request to its async context: keep those bindings from ageing the request's objects
  lightenAsyncResourceBind();
  const commandExpress = express();
  // the commands' plain JSON bodies read before Nest's body parsers, which read every other
  commandExpress.use(plainJsonBodies());
  const commandApp = await NestFactory.create<NestExpressApplication>(
    CommandApiModule.create(deps),
    new ExpressAdapter(commandExpress),
    // the raw body is kept for the webhooks whose signature is computed over it (WhatsApp's)
    { logger: [...nestLogger], rawBody: true },
  );
  commandApp.useBodyParser('json', { type: [...JSON_MEDIA_TYPES] });
  commandApp.enableShutdownHooks();
  await commandApp.init();
  const queryExpress = express();
  const queryApp = await NestFactory.create<NestExpressApplication>(
    QueryApiModule.create({
      ...deps,
      projections: allProjections.map((p) => p.name),
      readYourWritesMs: o.readYourWritesMs,
      whatsapp: {
        phones: (tenantId) =>
          deps.messaging.channels.simulator.phones(simulatorConnection(tenantId).phoneNumberId),
        verifyToken: deps.messaging.channels.verifyToken,
      },
    }),
    new ExpressAdapter(queryExpress),
    {
      logger: [...nestLogger],
    },
  );
  queryApp.useBodyParser('json', { type: [...JSON_MEDIA_TYPES] });
  await queryApp.init();
  for (const app of [commandExpress, queryExpress]) {
    app.set('trust proxy', trustProxySetting(o.trustProxy ?? false));
    app.disable('x-powered-by');
    // each route turns away at once a path that is not its own (see indexRoutes)
    indexRoutes(app);
  }
  // a command's answer is never asked for again with If-None-Match: no hash of each one for an ETag
  commandExpress.set('etag', false);

  if (o.seedDemo ?? true) {
    const worker = commandApp.get(OutboxWorker);
    const seeded = await worker.whilePaused(() =>
      seedDemoSalon(
        platform.eventStore,
        commandApp.get(CommandBus),
        async (position) => {
          await runner.waitFor(
            allProjections.map((p) => p.name),
            position,
            30_000,
          );
        },
        commandApp.get(EInvoiceReportingWorker).reporting,
        worker.outbox,
      ),
    );
    if (seeded) logger.info('demo salon created (account 1, alias demosalon)');
  }
  // the server opens with its read models caught up with everything stored (the demo's last writes too)
  await runner.waitFor(
    allProjections.map((p) => p.name),
    await platform.eventStore.headPosition(),
    30_000,
  );

  const handler = express();
  handler.disable('x-powered-by');
  handler.set('trust proxy', trustProxySetting(o.trustProxy ?? false));
  // one request and one response prototype for the three apps (see httpServer): which app serves a
  // request (whose settings its `req.app` reads: trust proxy, query parser, JSON) is said by an own
  // property instead of by a prototype of its own
  for (const app of [commandExpress, queryExpress]) {
    app.request = handler.request;
    app.response = handler.response;
  }
  const serve = (app: Express, req: Request, res: Response, next: NextFunction) => {
    req.app = res.app = app;
    app(req, res, (error?: unknown) => {
      req.app = res.app = handler;
      next(error);
    });
  };
  handler.use(SECURITY_HEADERS);
  if (o.testClock) {
    const moved = o.testClock;
    // whole days, minutes and/or seconds, forward only; what is not is refused naming its field
    handler.post('/api/test/clock', express.json(), (req: Request, res: Response) => {
      const body = (req.body ?? {}) as { days?: unknown; minutes?: unknown; seconds?: unknown };
      const errors: Record<string, string> = {};
      if (body.days == null && body.minutes == null && body.seconds == null)
        errors.days = 'validation.is_required';
      const whole = (field: 'days' | 'minutes' | 'seconds'): number => {
        const n = body[field] ?? 0;
        if (typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= TEST_CLOCK_LIMITS[field]) return n;
        errors[field] = 'validation.invalid_value';
        return 0;
      };
      const days = whole('days');
      const minutes = whole('minutes');
      const seconds = whole('seconds');
      if (Object.keys(errors).length)
        return void res.status(422).json({ message: 'validation.invalid_value', errors });
      res.json({ now: moved.advance(days * 86_400_000 + minutes * 60_000 + seconds * 1000).toISOString() });
    });
  }
  const inTime = answerWithin(o.answerWithinMs ?? TIMEOUTS.answerMs);
  // a live stream (the notification menu's Server-Sent Events) stays open: no answer time for it
  handler.use('/api/', (req, res, next) =>
    req.headers.accept === 'text/event-stream' ? next() : inTime(req, res, next),
  );
  handler.use((req, res, next) => {
    if (!req.path.startsWith('/api/')) return next();
    // the instant of this request on the product's clock (a test's, or the browser tests' movable
    // one): the commands it runs are dated by it (shared/http-context.ts)
    (req as Request & { rawnaqNow?: Date }).rawnaqNow = (o.clock ?? systemClock).now();
    res.setHeader('Access-Control-Expose-Headers', 'Content-Range, X-Position');
    serve(isQuery(req) ? queryExpress : commandExpress, req, res, next);
  });

  // the local gateway simulator's hosted page; its callback reaches the command API in this process
  const clock = o.clock ?? { now: () => new Date() };
  const simulator = paymentSimulator(
    deps.payments.gateways.simulator,
    (body, signature) =>
      commandApp
        .get(CommandBus)
        .execute(
          new ReceiveGatewayCallback('simulator', body, { 'x-simulator-signature': signature }, clock.now()),
        ),
    logger,
  );
  handler.use(simulator.path, simulator.router);

  // the public website of Rawnaq (`/`, `/en`, its pages, sitemap, robots, the manager's redirects)
  handler.use(
    websiteRouter({
      models: readModels,
      submit: inProcessSubmit(() => commandApp.get(CommandBus)),
      clock,
      logger,
    }),
  );
  handler.use(uiFiles(o.adminDist, o.bookingDist, readModels));

  // the deployment's mail server (SMTP_URL, MAIL_DIR) or the one the manager sets in the console: the
  // dispatcher always runs, and sends what was queued while a server was set
  const mail = new MailDispatcher(
    commandApp.get(Aggregates),
    readModels,
    commandApp.get(TOKENS.mailSender),
    logger,
    platform.linkTokens,
  );
  if (o.sendMail !== false) mail.start();

  return {
    handler,
    runner,
    readModels,
    mail,
    payments: commandApp.get(GatewayPayments),
    expiries: commandApp.get(Expiries),
    einvoicing: commandApp.get(EInvoiceReportingWorker),
    messaging: commandApp.get(OutboxWorker),
    close: async () => {
      simulator.close();
      await mail.stop();
      await commandApp.close();
      await queryApp.close();
      await runner.stop();
      await fatoora.close();
      await deps.messaging.channels.simulator.close();
      if (signOffThread) await zatca.signingThread.stop();
    },
  };
};
