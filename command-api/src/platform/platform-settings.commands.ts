import { Body, Controller, HttpCode, Inject, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  PLATFORM_TENANT,
  platformSettingsInput,
  type PlatformSettings,
  type PlatformSettingsChanged,
} from '@rawnaq/contracts';
import { Auth, parseInput, Realm, type AuthContext } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates } from '../shared/repository';
import {
  decidePlatformSettings,
  evolvePlatformSettings,
  initialPlatformSettings,
  platformSettingsStream,
} from './platform-settings';

export class ChangePlatformSettings {
  constructor(
    readonly ctx: CommandContext,
    readonly body: unknown,
  ) {}
}

@CommandHandler(ChangePlatformSettings)
export class ChangePlatformSettingsHandler implements ICommandHandler<ChangePlatformSettings> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ ctx, body }: ChangePlatformSettings): Promise<Answer> {
    const input = parseInput(platformSettingsInput, body);
    const outcome = await this.aggregates.handle<PlatformSettings, PlatformSettingsChanged>(
      platformSettingsStream,
      ctx,
      {
        initial: initialPlatformSettings,
        evolve: evolvePlatformSettings,
        decide: (state) => decidePlatformSettings(input, state),
      },
    );
    return new Answer({ id: 'platform', ...outcome.state }, outcome.position);
  }
}

/** The platform's settings, as the manager console's settings screen saves them. */
@Controller('api/manager')
@Realm('manager')
export class PlatformSettingsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Put('platform-settings/platform')
  @HttpCode(200)
  change(
    @Auth() auth: AuthContext,
    @Req() req: { headers: Record<string, string | string[] | undefined> },
    @Body() body: unknown,
  ) {
    return this.commands.execute(
      new ChangePlatformSettings({ ...commandContext(auth, req), tenantId: PLATFORM_TENANT }, body),
    );
  }
}
