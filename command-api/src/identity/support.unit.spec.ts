import { DomainError, type UserEvent } from '@rawnaq/contracts';
import { decideUser, evolveUser, initialUserState, type UserCommand } from './user';

const owner: UserEvent = {
  type: 'UserCreated',
  data: {
    user_id: 'u1',
    account_id: 1,
    username: 'owner',
    email: 'lulwa@example.com',
    name: 'Lulwa',
    role_id: 'r-owner',
    locale: 'ar',
    password_hash: 'h0',
  },
};
const supportIn = (session: string, manager = 'm1'): UserEvent => ({
  type: 'SupportSignedIn',
  data: {
    user_id: 'u1',
    session,
    manager_id: manager,
    manager_name: 'Support',
    support_reason: 'VAT setup help',
    ip: '10.0.0.1',
    user_agent: 'ua',
  },
});
const signIn = (session: string): UserCommand => ({
  type: 'SupportSignIn',
  session,
  managerId: 'm1',
  managerName: 'Support',
  reason: 'VAT setup help',
  ip: '10.0.0.1',
  userAgent: 'ua',
});

const given = (...events: UserEvent[]) => ({
  when: (command: UserCommand) => {
    const state = events.reduce(evolveUser, initialUserState);
    const run = () => decideUser(command, state);
    return {
      then: (expected: UserEvent[]) => expect(run()).toEqual(expected),
      thenRejects: (key: string, status?: number) => {
        try {
          run();
        } catch (e) {
          expect(e).toBeInstanceOf(DomainError);
          expect(e).toMatchObject({ key, ...(status && { status }) });
          return;
        }
        throw new Error('expected a rejection');
      },
    };
  },
});

describe('platform support signed in as the owner', () => {
  it('opens its own session beside hers, without ending the one she has', () => {
    given(owner, { type: 'SignedIn', data: { user_id: 'u1', session: 's-her', ip: 'x', user_agent: 'y' } })
      .when(signIn('s-sup'))
      .then([supportIn('s-sup')]);
  });

  it('is refused once the owner forbade it', () => {
    given(owner, { type: 'SupportAccessChanged', data: { user_id: 'u1', allowed: false } })
      .when(signIn('s-sup'))
      .thenRejects('support.sign_in_forbidden', 403);
  });

  it('is refused for a disabled user', () => {
    given(owner, { type: 'UserDeactivated', data: { user_id: 'u1', reason: 'employee_disabled' } })
      .when(signIn('s-sup'))
      .thenRejects('auth.user_not_active');
  });

  it('ends the support session open before it (one at a time)', () => {
    given(owner, supportIn('s-1'))
      .when(signIn('s-2'))
      .then([
        { type: 'SupportSignedOut', data: { user_id: 'u1', session: 's-1', reason: 'replaced' } },
        supportIn('s-2'),
      ]);
  });

  it('signs out its own session only', () => {
    given(owner, supportIn('s-1'))
      .when({ type: 'SupportSignOut', session: 's-1' })
      .then([{ type: 'SupportSignedOut', data: { user_id: 'u1', session: 's-1', reason: 'logout' } }]);
    given(owner, supportIn('s-1')).when({ type: 'SupportSignOut', session: 's-other' }).then([]);
  });
});

describe('the owner forbids or allows support access', () => {
  it('forbidding ends a support session open now', () => {
    given(owner, supportIn('s-1'))
      .when({ type: 'ChangeSupportAccess', allowed: false })
      .then([
        { type: 'SupportSignedOut', data: { user_id: 'u1', session: 's-1', reason: 'forbidden' } },
        { type: 'SupportAccessChanged', data: { user_id: 'u1', allowed: false } },
      ]);
  });

  it('saying the same again changes nothing', () => {
    given(owner).when({ type: 'ChangeSupportAccess', allowed: true }).then([]);
  });

  it('allows it again', () => {
    given(owner, { type: 'SupportAccessChanged', data: { user_id: 'u1', allowed: false } })
      .when({ type: 'ChangeSupportAccess', allowed: true })
      .then([{ type: 'SupportAccessChanged', data: { user_id: 'u1', allowed: true } }]);
  });
});

describe('the salon changes hands', () => {
  const change: UserCommand = {
    type: 'ChangeOwner',
    name: 'Hessa',
    email: 'hessa@example.com',
    reason: 'Salon sold',
    passwordHash: 'h-new',
  };

  it('signs the previous owner and support out, then hands over the account', () => {
    given(
      owner,
      { type: 'SignedIn', data: { user_id: 'u1', session: 's-her', ip: 'x', user_agent: 'y' } },
      supportIn('s-sup'),
    )
      .when(change)
      .then([
        { type: 'SignedOut', data: { user_id: 'u1', session: 's-her', reason: 'owner_changed' } },
        { type: 'SupportSignedOut', data: { user_id: 'u1', session: 's-sup', reason: 'owner_changed' } },
        {
          type: 'SalonOwnerReplaced',
          data: {
            user_id: 'u1',
            name: 'Hessa',
            email: 'hessa@example.com',
            previous_name: 'Lulwa',
            previous_email: 'lulwa@example.com',
            handover_reason: 'Salon sold',
            password_hash: 'h-new',
          },
        },
      ]);
  });

  it('the previous password no longer signs in', () => {
    const state = [owner, ...decideUser(change, [owner].reduce(evolveUser, initialUserState))].reduce(
      evolveUser,
      initialUserState,
    );
    expect(state).toMatchObject({ name: 'Hessa', email: 'hessa@example.com', passwordHash: 'h-new' });
  });

  it('refuses a change to the same person', () => {
    given(owner)
      .when({ ...change, name: 'Lulwa', email: 'LULWA@example.com' })
      .thenRejects('support.owner_unchanged');
  });
});
