import type { IpGuardEvent, LoginFailed } from '@rawnaq/contracts';

export const BLOCK_AFTER_FAILURES = 5;
export const FAILURE_WINDOW_MINUTES = 15;

/** The failed sign-ins of one IP address, and whether it is blocked (until a manager unblocks it). */
export type IpGuardState = { failures: string[]; blocked: boolean };
export const initialIpGuardState: IpGuardState = { failures: [], blocked: false };

/** Needs the event's instant: the window counts failures by when they happened. */
export const evolveIpGuard = (
  state: IpGuardState,
  event: IpGuardEvent & { metadata: { occurredAt: string } },
): IpGuardState => {
  switch (event.type) {
    case 'LoginFailed':
      return {
        ...state,
        failures: [...state.failures.slice(-(BLOCK_AFTER_FAILURES * 4)), event.metadata.occurredAt],
      };
    case 'IpBlocked':
      return { ...state, blocked: true };
    case 'IpUnblocked':
      return { failures: [], blocked: false };
  }
};

export type IpGuardCommand =
  | { type: 'RecordFailure'; now: string; failure: Omit<LoginFailed['data'], 'ip'>; ip: string }
  | { type: 'Unblock'; ip: string };

export const decideIpGuard = (command: IpGuardCommand, state: IpGuardState): IpGuardEvent[] => {
  switch (command.type) {
    case 'RecordFailure': {
      const failed: IpGuardEvent = { type: 'LoginFailed', data: { ip: command.ip, ...command.failure } };
      if (state.blocked) return [failed];
      const since = Date.parse(command.now) - FAILURE_WINDOW_MINUTES * 60_000;
      const recent = state.failures.filter((t) => Date.parse(t) >= since).length + 1;
      return recent >= BLOCK_AFTER_FAILURES
        ? [failed, { type: 'IpBlocked', data: { ip: command.ip, failures: recent } }]
        : [failed];
    }
    case 'Unblock':
      return state.blocked || state.failures.length
        ? [{ type: 'IpUnblocked', data: { ip: command.ip } }]
        : [];
  }
};
