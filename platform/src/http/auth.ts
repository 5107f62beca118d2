import { hash, randomBytes } from 'node:crypto';
import {
  canAccess,
  DomainError,
  permissionMap,
  platformSettingsOf,
  rolePermissions,
  type Permission,
  type PermissionMap,
  type SessionRealm,
} from '@rawnaq/contracts';
import type { EventStore } from '../event-store/port';
import type { Doc } from '../read-store/port';
import type { ReadModels } from '../read-store/read-models';
import { systemClock, type Clock } from '../runtime/clock';
import { deepFreeze } from '../runtime/deep-freeze';

/** The side record of each session's last activity (see Authenticator.expired). */
const ACTIVITY = 'session_activity';
/** how many sessions' last activity the process keeps in memory (all are forgotten past it) */
const SEEN_MAX = 10_000;

/** Who is calling: resolved from the bearer token on every request. */
export type AuthContext = {
  realm: SessionRealm;
  tenantId: string;
  accountId: number | null;
  userId: string;
  name: string;
  role: string;
  isAdmin: boolean;
  permissions: PermissionMap;
  session: string;
  /** platform support signed in as this user (the owner): its commands are the manager's */
  supportBy?: { id: string; name: string };
  /** a platform staff member's areas of the manager console (absent: every area) */
  areas?: readonly string[];
};

const permissionMaps = new WeakMap<readonly Permission[], PermissionMap>();

/**
 * A role's permission map, made once for each frozen list of permissions (a role as the read models
 * keep it, every permission for an administrator) and frozen itself: the role is read on every request,
 * and its map, which sorts the list, was made anew each time.
 */
const permissionsOf = (permissions: readonly Permission[]): PermissionMap => {
  if (!Object.isFrozen(permissions)) return permissionMap(permissions);
  let map = permissionMaps.get(permissions);
  if (!map) permissionMaps.set(permissions, (map = deepFreeze(permissionMap(permissions))));
  return map;
};

/** Tokens are 256 random bits; only their SHA-256 is ever stored (in events and read models). */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => hash('sha256', token, 'hex');

export const bearerToken = (header: string | undefined): string | undefined => {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m?.[1];
};

/**
 * Resolves a bearer token against the identity read models (sessions, users, roles). Right after a
 * sign-in the session may not be projected yet: an unknown token waits (bounded) for the projection
 * to reach the end of the log before it is refused.
 */
export class Authenticator {
  constructor(
    private readonly models: ReadModels,
    private readonly eventStore: EventStore,
    private readonly identityProjection = 'identity',
    /** what "now" is for a session's idle time and lifetime (tests move it) */
    private readonly clock: Clock = systemClock,
  ) {}

  /** each session's last activity as this process last read or wrote it (at most `SEEN_MAX`) */
  private readonly seen = new Map<string, number>();

  private remember(session: string, at: number): void {
    if (this.seen.size >= SEEN_MAX && !this.seen.has(session)) this.seen.clear();
    this.seen.set(session, at);
  }

  /**
   * Whether a session has ended by time: unused for the platform's `session_idle_minutes`, or older
   * than its `session_max_hours`. Its last activity is a side record (written at most once a minute
   * per session), its start the SignedIn event's instant.
   */
  async expired(
    session: Doc,
    now = this.clock.now().getTime(),
  ): Promise<{ expired: boolean; lastSeen: number }> {
    const settings = platformSettingsOf(await this.models.getStable('platform_settings', 'platform'));
    const started = Date.parse(session.started_at as string);
    const idleMs = settings.session_idle_minutes * 60_000;
    // a last activity this process saw less than a minute ago stands for the stored one: that one can
    // only be later (activity is never moved back), so neither the idle time nor the once-a-minute
    // write could come out otherwise, and the request reads nothing
    const seen = this.seen.get(session.id as string);
    const activity =
      seen !== undefined && now - seen < Math.min(60_000, idleMs)
        ? { at: seen }
        : await this.models.getSide(ACTIVITY, session.id as string);
    const lastSeen = Math.max(started, typeof activity?.at === 'number' ? activity.at : 0);
    if (lastSeen !== seen) this.remember(session.id as string, lastSeen);
    return {
      expired: now - started > settings.session_max_hours * 3_600_000 || now - lastSeen > idleMs,
      lastSeen,
    };
  }

  /** Whether the session of this token hash has ended, by sign-out or by time (sign-in asks). */
  async ended(hash: string): Promise<boolean> {
    const session = await this.models.get('sessions', hash);
    return !session || session.status !== 'active' || (await this.expired(session)).expired;
  }

  private async session(hash: string) {
    let session = await this.models.getStable('sessions', hash);
    if (!session) {
      await this.models.waitFor([this.identityProjection], await this.eventStore.headPosition(), 2000);
      session = await this.models.get('sessions', hash);
    }
    return session;
  }

  /**
   * A session ended by the same user signing in elsewhere: who signed in, when, with which browser
   * and from which address, for the sign-in screen of the session it ended.
   */
  private async replaced(session: Doc): Promise<DomainError> {
    const user =
      session.realm === 'manager'
        ? await this.models.get('managers', session.user_id as string)
        : await this.models.get('users', session.user_id as string);
    return new DomainError('auth.session_replaced', 401, undefined, {
      name: String(user?.name ?? ''),
      username: String(user?.username ?? user?.email ?? ''),
      at: String(session.ended_at ?? ''),
      user_agent: String(session.ended_by_user_agent ?? ''),
      ip: String(session.ended_by_ip ?? ''),
    });
  }

  async authenticate(authorization: string | undefined, realm: SessionRealm): Promise<AuthContext> {
    const token = bearerToken(authorization);
    if (!token) throw new DomainError('auth.not_logged_in', 401);
    const hash = hashToken(token);
    const session = await this.session(hash);
    if (
      session?.realm === realm &&
      session.ended_reason === 'replaced' &&
      session.ended_by_user_agent !== undefined
    )
      throw await this.replaced(session);
    if (session?.realm === realm && session.ended_reason === 'ended_by_manager')
      throw new DomainError('auth.session_ended_by_platform', 401);
    if (!session || session.status !== 'active' || session.realm !== realm)
      throw new DomainError('auth.session_expired', 401);
    const now = this.clock.now().getTime();
    const { expired, lastSeen } = await this.expired(session, now);
    if (expired) throw new DomainError('auth.session_expired', 401);
    // a minute's precision is plenty for hours of idle time, and spares a write per request
    if (now - lastSeen >= 60_000) {
      await this.models.putSide(ACTIVITY, { id: hash, at: now }, now);
      this.remember(hash, now);
    }
    if (realm === 'manager') {
      const manager = await this.models.getStable('managers', session.user_id as string);
      if (!manager || manager.status !== 1) throw new DomainError('auth.user_not_active', 401);
      const areas = Array.isArray(manager.areas) ? (manager.areas as string[]) : undefined;
      return {
        realm,
        tenantId: 'platform',
        accountId: null,
        userId: manager.id,
        name: manager.name as string,
        role: 'manager',
        isAdmin: areas === undefined,
        permissions: {},
        session: hash,
        ...(areas && { areas }),
      };
    }
    const user = await this.models.getStable('users', session.user_id as string);
    if (!user || user.status !== 1) throw new DomainError('auth.user_not_active', 401);
    // the role is read on every request (kept until the identity projection writes again), so a change
    // of role applies to the next request
    const role = await this.models.getStable('roles', user.role_id as string);
    return {
      realm,
      tenantId: user.tenantId as string,
      accountId: user.account_id as number,
      userId: user.id,
      name: user.name as string,
      role: (role?.name as string) ?? '',
      isAdmin: role?.is_admin === true,
      permissions: permissionsOf(rolePermissions(role)),
      session: hash,
      ...(typeof session.support_by_id === 'string' && {
        supportBy: { id: session.support_by_id, name: String(session.support_by_name ?? '') },
      }),
    };
  }
}

export const requirePermission = (auth: AuthContext, page: number, permission?: number): void => {
  if (!canAccess(auth.permissions, page, permission)) throw new DomainError('auth.no_permission', 403);
};
