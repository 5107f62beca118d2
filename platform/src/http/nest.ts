import 'reflect-metadata';
import {
  Catch,
  createParamDecorator,
  HttpException,
  Inject,
  Injectable,
  SetMetadata,
  type ArgumentsHost,
  type CanActivate,
  type ExceptionFilter,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  canAccess,
  canOpenArea,
  DomainError,
  managerAreaOfPath,
  unsafeTextPaths,
  type SessionRealm,
} from '@rawnaq/contracts';
import { ZodError, type z, type ZodType } from 'zod';
import type { Logger } from '../runtime/logger';
import { requirePermission, type AuthContext, type Authenticator } from './auth';
import { InvalidInput, toHttpFailure } from './errors';

export const TOKENS = {
  eventStore: Symbol('EventStore'),
  readStore: Symbol('ReadStore'),
  readModels: Symbol('ReadModels'),
  authenticator: Symbol('Authenticator'),
  logger: Symbol('Logger'),
  clock: Symbol('Clock'),
  projections: Symbol('Projections'),
  fileStore: Symbol('FileStore'),
  mailSender: Symbol('MailSender'),
  linkTokens: Symbol('LinkTokens'),
} as const;

type Req = {
  headers: Record<string, string | string[] | undefined>;
  auth?: AuthContext;
  ip?: string;
  method: string;
  originalUrl?: string;
  url: string;
};
type Res = { status: (n: number) => Res; json: (b: unknown) => void; headersSent?: boolean };

export const header = (req: Req, name: string): string | undefined => {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

type InputObserver = (schema: ZodType<unknown>, input: unknown) => void;
const inputObservers = new Set<InputObserver>();

/**
 * Tells `observer` about every schema `parseInput` parses with, and its input: the fuzz suite learns
 * each route's schema from the route itself (no list to keep). Answers the function that stops it.
 */
export const observeInputSchemas = (observer: InputObserver): (() => void) => {
  inputObservers.add(observer);
  return () => void inputObservers.delete(observer);
};

/**
 * Parses input with its zod schema; a rejection becomes a 422 naming each field. Text anywhere in the
 * input with a bidirectional control or a lone surrogate is refused on its field too, even where the
 * schema has no rule for it (a plain `z.string()`, an id in a list).
 */
export const parseInput = <T>(schema: ZodType<T>, input: unknown): T => {
  for (const observe of inputObservers) observe(schema as ZodType<unknown>, input);
  const unsafe = unsafeTextPaths(input).map((path): z.core.$ZodIssue => ({
    code: 'custom',
    path,
    message: 'validation.unsafe_characters',
    input: undefined,
  }));
  const result = schema.safeParse(input);
  if (unsafe.length)
    throw new InvalidInput(new ZodError([...unsafe, ...(result.error?.issues ?? [])]), input);
  if (!result.success) throw new InvalidInput(result.error, input);
  return result.data;
};

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(@Inject(TOKENS.logger) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Res>();
    const req = ctx.getRequest<Req>();
    if (res.headersSent) return;
    const failure = toHttpFailure(exception);
    if (failure) return void res.status(failure.status).json(failure.body);
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // Nest turns the body parser's JSON SyntaxError (and a path's bad %-encoding, a URIError) into
      // a BadRequestException that keeps only the error's text
      const unreadableBody = status === 400 && !/^Failed to decode param/.test(exception.message);
      const message =
        status === 404
          ? 'not_found.page'
          : status === 413
            ? 'errors.payload_too_large'
            : unreadableBody
              ? 'errors.malformed_body'
              : status < 500
                ? 'errors.invalid_input'
                : 'errors.sorry_there_is_an_error_happened';
      return void res.status(status).json(status < 500 ? { message, errors: {} } : { message });
    }
    this.logger.error('unexpected error', {
      error: exception as Error,
      method: req.method,
      url: req.originalUrl ?? req.url,
    });
    res.status(500).json({ message: 'errors.sorry_there_is_an_error_happened' });
  }
}

const REALM = 'rawnaq:realm';
const PUBLIC = 'rawnaq:public';
const PERMISSION = 'rawnaq:permission';

/** Every route of the controller needs a signed-in user of this realm (unless marked @Public). */
export const Realm = (realm: SessionRealm) => SetMetadata(REALM, realm);
export const Public = () => SetMetadata(PUBLIC, true);
/** The page (and permission id) the route needs, spec doc2 §6. */
export const RequirePermission = (page: number, permission?: number) =>
  SetMetadata(PERMISSION, [{ page, permission }]);

/** Any one of these opens the route (a list that feeds both a screen and a report, each with its right). */
export const RequireAnyPermission = (...alternatives: Array<[page: number, permission?: number]>) =>
  SetMetadata(
    PERMISSION,
    alternatives.map(([page, permission]) => ({ page, permission })),
  );

@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(TOKENS.authenticator) private readonly authenticator: Authenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)) return true;
    const realm = this.reflector.getAllAndOverride<SessionRealm | undefined>(REALM, targets);
    if (!realm) return true;
    const req = context.switchToHttp().getRequest<Req>();
    req.auth = await this.authenticator.authenticate(header(req, 'authorization'), realm);
    const needed = this.reflector.getAllAndOverride<Array<{ page: number; permission?: number }> | undefined>(
      PERMISSION,
      targets,
    );
    // a platform staff member opens only the console's areas of her role (platform-setting/employees)
    if (realm === 'manager' && !canOpenArea(req.auth.areas, managerAreaOfPath(req.originalUrl ?? req.url)))
      throw new DomainError('platform_staff.no_area', 403);
    if (needed?.length && realm === 'merchant') {
      const auth = req.auth;
      const open = needed.some(({ page, permission }) => canAccess(auth.permissions, page, permission));
      if (!open) requirePermission(auth, needed[0].page, needed[0].permission);
    }
    return true;
  }
}

/** The caller, as the guard resolved it. */
export const Auth = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthContext => {
  const auth = ctx.switchToHttp().getRequest<Req>().auth;
  if (!auth) throw new Error('No caller on a route without @Realm');
  return auth;
});

/**
 * Express's `trust proxy` for TRUST_PROXY: one hop, never `true`. Behind our one proxy the client's
 * address is the last X-Forwarded-For entry, the one the proxy wrote; `true` would believe the first,
 * which the client writes itself, so rotating forged addresses would dodge the IP guard (and block
 * anyone's address, the manager's included).
 */
export const trustProxySetting = (behindProxy: boolean): number | false => (behindProxy ? 1 : false);

/**
 * The client's address. X-Forwarded-For is only believed behind a proxy we run (express's
 * `trust proxy`, set from TRUST_PROXY, one hop: see trustProxySetting), or anyone could dodge the IP
 * guard by sending one.
 */
export const clientIpOf = (req: Req): string => req.ip || 'unknown';

export const ClientIp = createParamDecorator((_: unknown, ctx: ExecutionContext): string =>
  clientIpOf(ctx.switchToHttp().getRequest<Req>()),
);

/** The caller's browser as it names itself (`User-Agent`), at most 500 characters. */
export const userAgentOf = (req: Req): string => (header(req, 'user-agent') ?? '').slice(0, 500);

export const UserAgent = createParamDecorator((_: unknown, ctx: ExecutionContext): string =>
  userAgentOf(ctx.switchToHttp().getRequest<Req>()),
);
