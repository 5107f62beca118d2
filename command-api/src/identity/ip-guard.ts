import type { IpGuardEvent, LoginFailed } from '@rawnaq/contracts';

/** Wrong passwords for one user name from one address before that name is paused there. */
export const FAILURES_PER_NAME = 5;
/**
 * Failures for any names from one address before the whole address is blocked (spec doc2 §8.2): high
 * enough that a salon's shared Wi-Fi survives a few colleagues' typos, low enough to stop name guessing.
 */
export const FAILURES_PER_ADDRESS = 20;
export const FAILURE_WINDOW_MINUTES = 15;

/** A block of one user name (`who`) or of the whole address (`who` null), until an instant or a manager. */
type Block = { who: string | null; until: string | null };

/**
 * The failed sign-ins of one IP address by the user name tried, and its blocks. Every instant comes
 * from the events (their `occurredAt` and the block's `blocked_until`), so a replay decides the same.
 */
export type IpGuardState = { failures: Array<{ at: string; who: string }>; blocks: Block[] };
export const initialIpGuardState: IpGuardState = { failures: [], blocks: [] };

/** The name a failure counts against: e-mail or account/username, case-insensitive. */
export const nameTried = (identifier: string) => identifier.trim().toLowerCase();

const KEEP = FAILURES_PER_ADDRESS * 2;

export const evolveIpGuard = (
  state: IpGuardState,
  event: IpGuardEvent & { metadata: { occurredAt: string } },
): IpGuardState => {
  switch (event.type) {
    case 'LoginFailed':
      // an attempt while blocked is recorded, but does not make the block longer or count again
      if (event.data.failure_type === 3) return state;
      return {
        ...state,
        failures: [
          ...state.failures.slice(-KEEP),
          { at: event.metadata.occurredAt, who: nameTried(event.data.identifier) },
        ],
      };
    case 'IpBlocked': {
      // blocks recorded before names were counted carry neither: the whole address, until a manager
      const who = event.data.identifier == null ? null : nameTried(event.data.identifier);
      return {
        // the block is the consequence of these failures: once it ends, the name starts afresh
        failures: who === null ? [] : state.failures.filter((f) => f.who !== who),
        blocks: [...state.blocks, { who, until: event.data.blocked_until ?? null }],
      };
    }
    case 'IpUnblocked':
      return initialIpGuardState;
    case 'SignInPauseLifted': {
      // that name starts afresh from this address; the others' failures and blocks stand
      const who = nameTried(event.data.identifier);
      return {
        failures: state.failures.filter((f) => f.who !== who),
        blocks: state.blocks.filter((b) => b.who !== who),
      };
    }
  }
};

/** The block in force for this name at this instant (a name's own, or the whole address's). */
export const activeBlock = (state: IpGuardState, identifier: string, now: string): Block | undefined => {
  const who = nameTried(identifier);
  const t = Date.parse(now);
  return state.blocks.find(
    (b) => (b.who === null || b.who === who) && (b.until === null || Date.parse(b.until) > t),
  );
};

/** Minutes (rounded up, at least 1) until the block ends; null when only a manager ends it. */
export const minutesLeft = (block: Block, now: string): number | null =>
  block.until === null ? null : Math.max(1, Math.ceil((Date.parse(block.until) - Date.parse(now)) / 60_000));

export type IpGuardCommand =
  | {
      type: 'RecordFailure';
      now: string;
      failure: Omit<LoginFailed['data'], 'ip'>;
      ip: string;
      /** the platform's setting: how long a block lasts */
      blockMinutes: number;
    }
  | { type: 'Unblock'; ip: string }
  /** the salon a name belongs to lifts its pause (never a block of the whole address) */
  | { type: 'LiftNamePause'; ip: string; identifier: string; now: string };

/** What a failure leads to: the attempts left for this name, or the block it caused. */
export type FailureVerdict = { remaining: number; blockedUntil?: string };

export const failureVerdict = (state: IpGuardState, events: IpGuardEvent[]): FailureVerdict => {
  const blocked = events.find((e) => e.type === 'IpBlocked');
  if (blocked?.type === 'IpBlocked') return { remaining: 0, blockedUntil: blocked.data.blocked_until ?? '' };
  const failed = events.find((e) => e.type === 'LoginFailed');
  if (failed?.type !== 'LoginFailed') return { remaining: FAILURES_PER_NAME };
  return remainingFor(state, failed.data.identifier);
};

/** Attempts left for a name in a state that already holds the latest failure. */
const remainingFor = (state: IpGuardState, identifier: string): FailureVerdict => {
  const who = nameTried(identifier);
  const last = state.failures[state.failures.length - 1]?.at;
  if (!last) return { remaining: FAILURES_PER_NAME };
  const since = Date.parse(last) - FAILURE_WINDOW_MINUTES * 60_000;
  const recent = state.failures.filter((f) => Date.parse(f.at) >= since);
  return {
    remaining: Math.max(
      0,
      Math.min(
        FAILURES_PER_NAME - recent.filter((f) => f.who === who).length,
        FAILURES_PER_ADDRESS - recent.length,
      ),
    ),
  };
};

export const decideIpGuard = (command: IpGuardCommand, state: IpGuardState): IpGuardEvent[] => {
  switch (command.type) {
    case 'RecordFailure': {
      const failed: IpGuardEvent = { type: 'LoginFailed', data: { ip: command.ip, ...command.failure } };
      if (command.failure.failure_type === 3 || activeBlock(state, command.failure.identifier, command.now))
        return [failed];
      const who = nameTried(command.failure.identifier);
      const since = Date.parse(command.now) - FAILURE_WINDOW_MINUTES * 60_000;
      const recent = state.failures.filter((f) => Date.parse(f.at) >= since);
      const forName = recent.filter((f) => f.who === who).length + 1;
      const forAddress = recent.length + 1;
      const blockedUntil = new Date(Date.parse(command.now) + command.blockMinutes * 60_000).toISOString();
      if (forAddress >= FAILURES_PER_ADDRESS)
        return [
          failed,
          {
            type: 'IpBlocked',
            data: { ip: command.ip, failures: forAddress, identifier: null, blocked_until: blockedUntil },
          },
        ];
      if (forName >= FAILURES_PER_NAME)
        return [
          failed,
          {
            type: 'IpBlocked',
            data: {
              ip: command.ip,
              failures: forName,
              identifier: command.failure.identifier,
              blocked_until: blockedUntil,
            },
          },
        ];
      return [failed];
    }
    case 'Unblock':
      return state.blocks.length || state.failures.length
        ? [{ type: 'IpUnblocked', data: { ip: command.ip } }]
        : [];
    case 'LiftNamePause': {
      const who = nameTried(command.identifier);
      const t = Date.parse(command.now);
      const paused = state.blocks.some((b) => b.who === who && (b.until === null || Date.parse(b.until) > t));
      return paused
        ? [{ type: 'SignInPauseLifted', data: { ip: command.ip, identifier: command.identifier } }]
        : [];
    }
  }
};
