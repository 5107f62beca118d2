import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  CANCELLATION_REASONS_CATEGORY,
  cancellationReasonInput,
  streamName,
  type CancellationReasonEvent,
} from '@rawnaq/contracts';
import { parseInput } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import {
  decideReasons,
  evolveReasons,
  initialReasons,
  type ReasonsCommand,
  type ReasonsState,
} from './cancellation-reasons';

export type ReasonRequest =
  | { kind: 'add'; body: unknown }
  | { kind: 'change'; id: string; body: unknown }
  | { kind: 'remove'; id: string };

export class ChangeCancellationReasons {
  constructor(
    readonly ctx: CommandContext,
    readonly request: ReasonRequest,
  ) {}
}

@CommandHandler(ChangeCancellationReasons)
export class ChangeCancellationReasonsHandler implements ICommandHandler<ChangeCancellationReasons> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ ctx, request: r }: ChangeCancellationReasons): Promise<Answer> {
    const command: ReasonsCommand =
      r.kind === 'add'
        ? { type: 'Add', reasonId: idFor(ctx, 'reason'), names: parseInput(cancellationReasonInput, r.body) }
        : r.kind === 'change'
          ? { type: 'Change', reasonId: r.id, names: parseInput(cancellationReasonInput, r.body) }
          : { type: 'Remove', reasonId: r.id };
    const outcome = await this.aggregates.handle<ReasonsState, CancellationReasonEvent>(
      streamName(CANCELLATION_REASONS_CATEGORY, ctx.tenantId, ctx.tenantId),
      ctx,
      { initial: initialReasons(), evolve: evolveReasons, decide: (s) => decideReasons(command, s) },
    );
    if (command.type === 'Remove') return new Answer({ id: command.reasonId }, outcome.position);
    return new Answer(
      { id: command.reasonId, ...outcome.state.get(command.reasonId) },
      outcome.position,
      command.type === 'Add' ? 201 : 200,
    );
  }
}
