import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streamName, vatSettingsInput, type AccountOpened, type VatSettingsChanged } from '@rawnaq/contracts';
import { parseInput } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates } from '../shared/repository';
import {
  decideAccountSettings,
  evolveAccountSettings,
  initialAccountSettings,
  type AccountSettings,
} from './account-settings';

export class ChangeVatSettings {
  constructor(
    readonly ctx: CommandContext,
    readonly body: unknown,
  ) {}
}

@CommandHandler(ChangeVatSettings)
export class ChangeVatSettingsHandler implements ICommandHandler<ChangeVatSettings> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ ctx, body }: ChangeVatSettings): Promise<Answer> {
    const vat = parseInput(vatSettingsInput, body);
    const outcome = await this.aggregates.handle<AccountSettings, AccountOpened | VatSettingsChanged>(
      streamName('account', ctx.tenantId, ctx.tenantId),
      ctx,
      {
        initial: initialAccountSettings,
        evolve: evolveAccountSettings,
        decide: (state) => decideAccountSettings({ type: 'ChangeVat', vat }, state),
      },
    );
    return new Answer(outcome.state.exists ? { id: 'vat', ...outcome.state.vat } : null, outcome.position);
  }
}
