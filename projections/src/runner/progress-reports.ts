import { comparePositions } from '@rawnaq/contracts';

/**
 * How long the projections' thread holds progress it has not reported, at most, while some
 * projection has not caught up with the furthest one (a projection that failed, or a long catch-up).
 */
export const REPORT_WITHIN_MS = 5;

/** One report: each projection that advanced and where to, and the projections that wrote. */
export type ProgressReport = { advanced: ReadonlyMap<string, string>; changed: ReadonlySet<string> };

/**
 * The projections' thread's reports of progress to the thread that answers requests. Every report
 * wakes that thread, which is what the till pays for most in them: one append advances every
 * projection, over several turns of this thread (those with nothing to write at once, the others as
 * their writes commit). So progress is held until every projection has caught up with the furthest
 * one, and said in one report then, or `withinMs` after it was first held at the latest. A reader
 * waiting on a write (`settle`, every command's reply) needs every projection there anyway, and is
 * woken once; a reader of a few projections waits no more than `withinMs` for the others.
 */
export class ProgressReports {
  private advanced = new Map<string, string>();
  private changed = new Set<string>();
  /** every projection's last known position (from the start, then from each advance) */
  private readonly at = new Map<string, string>();
  private furthest = '0';
  private turnEnding = false;
  private deadline?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly names: readonly string[],
    private readonly send: (report: ProgressReport) => void,
    private readonly withinMs = REPORT_WITHIN_MS,
  ) {}

  /** Where each projection stands on start (those that never advance again count as caught up there). */
  started(positions: ReadonlyArray<readonly [string, string]>): void {
    for (const [name, position] of positions) this.known(name, position);
  }

  /** A projection wrote documents (said before its advance). */
  wrote(name: string): void {
    this.changed.add(name);
  }

  /** A projection committed up to `position`: looked at once this turn's other advances are in. */
  advance(name: string, position: string): void {
    this.advanced.set(name, position);
    this.known(name, position);
    if (this.turnEnding) return;
    this.turnEnding = true;
    setImmediate(this.endOfTurn);
  }

  /** Says whatever is held now (the thread stops). */
  flush = (): void => {
    if (this.deadline) clearTimeout(this.deadline);
    this.deadline = undefined;
    if (this.advanced.size === 0 && this.changed.size === 0) return;
    const report = { advanced: this.advanced, changed: this.changed };
    this.advanced = new Map();
    this.changed = new Set();
    this.send(report);
  };

  private known(name: string, position: string): void {
    const was = this.at.get(name);
    if (was === undefined || comparePositions(position, was) > 0) this.at.set(name, position);
    if (comparePositions(position, this.furthest) > 0) this.furthest = position;
  }

  private readonly endOfTurn = (): void => {
    this.turnEnding = false;
    if (this.caughtUp()) this.flush();
    else this.deadline ??= setTimeout(this.flush, this.withinMs);
  };

  private caughtUp(): boolean {
    for (const name of this.names) {
      const position = this.at.get(name);
      if (position === undefined || comparePositions(position, this.furthest) < 0) return false;
    }
    return true;
  }
}
