import type { UserEvent } from '@rawnaq/contracts';
import { decideUser, evolveUser, initialUserState, type UserState } from './user';

const user_id = 'u-1';
const given = (...events: UserEvent[]): UserState =>
  events.reduce(
    (s, e) => evolveUser(s, e),
    evolveUser(initialUserState, {
      type: 'UserCreated',
      data: {
        user_id,
        username: 'owner',
        email: 'owner@salon.example',
        name: 'Owner',
        locale: 'en',
        role_id: 'r-1',
        password_hash: 'hash',
      },
    } as UserEvent),
  );
const signedIn = (session: string): UserEvent => ({
  type: 'SignedIn',
  data: { user_id, session, ip: '10.0.0.1', user_agent: 'test' },
});

describe("the platform's manager ends a user's session", () => {
  it('ends her open session, saying who ended it', () => {
    expect(decideUser({ type: 'EndSession', session: 's-1' }, given(signedIn('s-1')))).toEqual([
      { type: 'SignedOut', data: { user_id, session: 's-1', reason: 'ended_by_manager' } },
    ]);
  });

  it('refuses a session that already ended (signed out, or replaced by a newer one)', () => {
    const out: UserEvent = { type: 'SignedOut', data: { user_id, session: 's-1', reason: 'logout' } };
    expect(() => decideUser({ type: 'EndSession', session: 's-1' }, given(signedIn('s-1'), out))).toThrow(
      expect.objectContaining({ message: 'auth.session_already_ended', status: 409 }),
    );
    expect(() =>
      decideUser({ type: 'EndSession', session: 's-1' }, given(signedIn('s-1'), signedIn('s-2'))),
    ).toThrow(expect.objectContaining({ message: 'auth.session_already_ended' }));
  });

  it('once ended, she signs in again without being asked about another session', () => {
    const ended = given(
      signedIn('s-1'),
      ...decideUser({ type: 'EndSession', session: 's-1' }, given(signedIn('s-1'))),
    );
    const events = decideUser(
      {
        type: 'SignIn',
        session: 's-2',
        ip: '10.0.0.2',
        userAgent: 'test',
        passwordMatches: true,
        force: false,
      },
      ended,
    );
    expect(events.map((e) => e.type)).toEqual(['SignedIn']);
  });
});
