import { createHash, randomBytes } from 'node:crypto';
import {
  canAccess,
  DomainError,
  permissionMap,
  rolePermissions,
  type PermissionMap,
  type SessionRealm,
} from '@rawnaq/contracts';
import type { EventStore } from '../event-store/port';
import type { ReadModels } from '../read-store/read-models';

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
};

/** Tokens are 256 random bits; only their SHA-256 is ever stored (in events and read models). */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

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
  ) {}

  private async session(hash: string) {
    let session = await this.models.get('sessions', hash);
    if (!session) {
      await this.models.waitFor([this.identityProjection], await this.eventStore.headPosition(), 2000);
      session = await this.models.get('sessions', hash);
    }
    return session;
  }

  async authenticate(authorization: string | undefined, realm: SessionRealm): Promise<AuthContext> {
    const token = bearerToken(authorization);
    if (!token) throw new DomainError('auth.not_logged_in', 401);
    const hash = hashToken(token);
    const session = await this.session(hash);
    if (!session || session.status !== 'active' || session.realm !== realm)
      throw new DomainError('auth.session_expired', 401);
    if (realm === 'manager') {
      const manager = await this.models.get('managers', session.user_id as string);
      if (!manager || manager.status !== 1) throw new DomainError('auth.user_not_active', 401);
      return {
        realm,
        tenantId: 'platform',
        accountId: null,
        userId: manager.id,
        name: manager.name as string,
        role: 'manager',
        isAdmin: true,
        permissions: {},
        session: hash,
      };
    }
    const user = await this.models.get('users', session.user_id as string);
    if (!user || user.status !== 1) throw new DomainError('auth.user_not_active', 401);
    // the role is read on every request, so a change of role applies to the next request
    const role = await this.models.get('roles', user.role_id as string);
    return {
      realm,
      tenantId: user.tenantId as string,
      accountId: user.account_id as number,
      userId: user.id,
      name: user.name as string,
      role: (role?.name as string) ?? '',
      isAdmin: role?.is_admin === true,
      permissions: permissionMap(rolePermissions(role)),
      session: hash,
    };
  }
}

export const requirePermission = (auth: AuthContext, page: number, permission?: number): void => {
  if (!canAccess(auth.permissions, page, permission)) throw new DomainError('auth.no_permission', 403);
};
