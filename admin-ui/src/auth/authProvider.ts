import type { AuthProvider } from 'ra-core';
import { isHandled, isHttpError, messageParams } from '../http/errors';
import type { AreaConfig } from '../shell/area';
import type { GlobalInformationStore } from './globalInformation';
import { leaveSignInNotice } from './session';
import { signIn, signOut } from './signIn';

export type Identity = { id: string | number; name: string; name_ar?: string | null };

/** The signed-in user's name in the page's language: on Arabic screens her employee record's Arabic name. */
export const displayNameOf = (user: Identity, language: 'en' | 'ar') =>
  (language === 'ar' && user.name_ar) || user.name;

/**
 * One auth provider per realm. Being signed in means having a token (spec doc1 §4); identity and
 * permissions come from the global information, loaded once per page.
 */
export const createAuthProvider = <T extends { auth: Identity }>(options: {
  area: AreaConfig;
  global: GlobalInformationStore<T>;
  decide: (information: T, resource: string, action: string) => boolean;
  permissions: (information: T) => unknown;
}): AuthProvider => {
  const { area, global, decide, permissions } = options;
  const { paths } = area;
  return {
    async login(params: { credentials: Record<string, unknown>; force?: boolean }) {
      await signIn(area, params.credentials, params.force);
      global.clear();
    },
    async logout() {
      await signOut(area);
      global.clear();
      return paths.signIn;
    },
    async checkAuth() {
      // message: false — arriving signed out is not an error worth a notification.
      if (!area.session.token()) throw { redirectTo: paths.signIn, message: false };
    },
    async checkError(error: unknown) {
      // Dialogs, redirects or silence were already chosen by the HTTP client (501, unexpected replies).
      if (isHandled(error)) throw { logoutUser: false, message: false };
      if (!isHttpError(error)) return;
      // 401: the session ended (expired, or a newer sign-in elsewhere); the sign-in screen says why.
      if (error.status === 401) {
        // only a session that ended is worth a word: a first visit with an empty browser is not one
        if (area.session.token())
          leaveSignInNotice(area.area, error.message || 'auth.session_expired', messageParams(error));
        throw { redirectTo: paths.signIn, message: false };
      }
      if (error.status === 403) throw { logoutUser: false, redirectTo: paths.noPermission, message: false };
    },
    async getIdentity() {
      const { auth } = await global.get();
      return { id: auth.id, fullName: displayNameOf(auth, area.language) };
    },
    async getPermissions() {
      return permissions(await global.get());
    },
    async canAccess({ resource, action }: { resource?: string; action: string }) {
      if (!area.session.token()) return false;
      return resource !== undefined && decide(await global.get(), resource, action);
    },
  };
};
