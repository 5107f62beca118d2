import type { IpGuardEvent } from '@rawnaq/contracts';
import {
  activeBlock,
  decideIpGuard,
  evolveIpGuard,
  FAILURES_PER_ADDRESS,
  initialIpGuardState,
  type IpGuardState,
} from './ip-guard';

const ip = '10.1.1.1';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute)).toISOString();
const given = (...events: Array<[IpGuardEvent, string]>): IpGuardState =>
  events.reduce((s, [e, t]) => evolveIpGuard(s, { ...e, metadata: { occurredAt: t } }), initialIpGuardState);
const failed = (identifier: string, failure_type: 1 | 2 | 3 = 2): IpGuardEvent => ({
  type: 'LoginFailed',
  data: { ip, identifier, account_id: 1, failure_type, realm: 'merchant' },
});
const record = (identifier: string, now: string) =>
  ({
    type: 'RecordFailure',
    ip,
    now,
    blockMinutes: 15,
    failure: { identifier, account_id: 1, failure_type: 2, realm: 'merchant' },
  }) as const;

describe('the sign-in guard of one address', () => {
  it('blocks the whole address after many names failed, as the spec asks, for the set time', () => {
    const names = [...Array(FAILURES_PER_ADDRESS - 1)].map((_, i): [IpGuardEvent, string] => [
      failed(`1/user${i}`),
      at(1),
    ]);
    const events = decideIpGuard(record('1/another', at(2)), given(...names));
    expect(events[1]).toEqual({
      type: 'IpBlocked',
      data: { ip, failures: FAILURES_PER_ADDRESS, identifier: null, blocked_until: at(17) },
    });
  });

  it('keeps a block recorded before blocks ended by themselves until a manager lifts it', () => {
    const state = given([{ type: 'IpBlocked', data: { ip, failures: 5 } }, at(0)]);
    expect(activeBlock(state, '1/owner', '2030-01-01T00:00:00.000Z')).toEqual({ who: null, until: null });
    const lifted = evolveIpGuard(state, {
      type: 'IpUnblocked',
      data: { ip },
      metadata: { occurredAt: at(5) },
    });
    expect(activeBlock(lifted, '1/owner', at(5))).toBeUndefined();
  });

  it('does not count attempts made while blocked, nor failures older than the window', () => {
    const state = given(
      [failed('1/owner'), at(0)],
      [failed('1/owner'), at(1)],
      [failed('1/owner'), at(2)],
      [failed('1/owner'), at(3)],
      [failed('1/owner', 3), at(4)],
    );
    // the first failure is more than 15 minutes old at 09:16: four in the window with this one
    expect(decideIpGuard(record('1/OWNER', at(16)), state)).toHaveLength(1);
    expect(decideIpGuard(record('1/OWNER', at(14)), state)[1]).toMatchObject({ type: 'IpBlocked' });
  });

  it("lifts one name's pause for its salon: that name signs in again, the address's other pauses stand", () => {
    const paused = (identifier: string): IpGuardEvent => ({
      type: 'IpBlocked',
      data: { ip, failures: 5, identifier, blocked_until: at(20) },
    });
    const state = given(
      [failed('1/reception'), at(1)],
      [paused('1/reception'), at(5)],
      [failed('2/owner'), at(6)],
      [paused('2/owner'), at(6)],
      [failed('1/cashier'), at(7)],
    );
    expect(activeBlock(state, '1/reception', at(8))).toBeDefined();
    const lift = { type: 'LiftNamePause', ip, identifier: '1/Reception', now: at(8) } as const;
    const events = decideIpGuard(lift, state);
    expect(events).toEqual([{ type: 'SignInPauseLifted', data: { ip, identifier: '1/Reception' } }]);
    const after = evolveIpGuard(state, { ...events[0], metadata: { occurredAt: at(8) } });
    expect(activeBlock(after, '1/reception', at(8))).toBeUndefined();
    expect(activeBlock(after, '2/owner', at(8))).toBeDefined();
    expect(after.failures.map((f) => f.who)).toEqual(['1/cashier']);
    // nothing paused (any more, or ever): nothing to record
    expect(decideIpGuard(lift, after)).toEqual([]);
    expect(decideIpGuard({ ...lift, now: at(21) }, state)).toEqual([]);
    // a block of the whole address is the platform's to lift
    const address = given([
      { type: 'IpBlocked', data: { ip, failures: 20, identifier: null, blocked_until: at(20) } },
      at(5),
    ]);
    expect(decideIpGuard(lift, address)).toEqual([]);
  });
});
