import { streamName } from '@rawnaq/contracts';
import type { Aggregates } from './repository';
import { KeyedLocks, unitOf } from './unit-of-work';
import type { CommandContext } from './command-context';

type NumberTaken = { type: 'NumberTaken'; data: { sequence: string; number: number } };

const lastNumber = (_last: number, e: NumberTaken) => e.data.number;

/**
 * Gap-free numbers (account numbers, invoice numbers): each number taken is an event on the
 * sequence's stream, decided inside the command's unit of work. Two commands that take a number at
 * the same instant conflict on that stream and the loser runs again with the next number; a refused
 * command stores nothing, so it leaves no gap.
 */
export class Sequences {
  /** in this process, the commands taking a sequence's next number queue for it (see KeyedLocks) */
  private readonly locks = new KeyedLocks();

  constructor(private readonly aggregates: Aggregates) {}

  /** The next number after both the sequence's last and `atLeastAfter` (numbers given before the sequence existed). */
  async next(ctx: CommandContext, sequence: string, atLeastAfter = 0): Promise<number> {
    const stream = streamName('sequence', ctx.tenantId, sequence);
    await unitOf(ctx)?.hold(this.locks, stream);
    const { state } = await this.aggregates.handle<number, NumberTaken>(stream, ctx, {
      initial: 0,
      evolve: lastNumber,
      // a number is a value: the last one is kept, not folded again from the sequence's first
      keepState: true,
      decide: (last) => [
        { type: 'NumberTaken', data: { sequence, number: Math.max(last, atLeastAfter) + 1 } },
      ],
    });
    return state;
  }
}
