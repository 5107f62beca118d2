import type { AreaConfig } from '../shell/area';
import { forgetSignInNotice } from './session';

export type LoginReply = { api_token: string; user?: unknown; manager?: unknown };

/** POST login; `force` ends the session the same user has open elsewhere (docs/api.md). */
export const signIn = async (area: AreaConfig, credentials: Record<string, unknown>, force = false) => {
  const body = force ? { ...credentials, force: true } : credentials;
  const { json } = await area.http(`${area.apiBase}/login`, {
    method: 'POST',
    body: JSON.stringify(body),
    anonymous: true,
  });
  const reply = json as LoginReply;
  area.session.signIn(reply.api_token, reply.user ?? reply.manager ?? null);
  forgetSignInNotice(area.area);
  return reply;
};

/** Ends the session on the server when possible; the browser forgets it in any case. */
export const signOut = async (area: AreaConfig) => {
  if (area.session.token())
    await area.http(`${area.apiBase}/logout`, { method: 'POST' }).catch(() => undefined);
  area.session.clear();
};
