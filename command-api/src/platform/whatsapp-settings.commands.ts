import { Body, Controller, HttpCode, Inject, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DEFAULT_WHATSAPP_SETTINGS,
  PLATFORM_TENANT,
  whatsappSettingsInput,
  whatsappSettingsStream,
  type WhatsAppSettings,
  type WhatsAppSettingsChanged,
} from '@rawnaq/contracts';
import { Auth, hashToken, parseInput, Realm, type AuthContext, type SealedSecrets } from '@rawnaq/platform';
import { GATEWAY_TOKENS } from '../online/gateway-tokens';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates } from '../shared/repository';

export const initialWhatsAppSettings: WhatsAppSettings = DEFAULT_WHATSAPP_SETTINGS;
export const evolveWhatsAppSettings = (
  s: WhatsAppSettings,
  e: WhatsAppSettingsChanged,
): WhatsAppSettings => ({
  ...s,
  ...e.data.changed,
});

const SECRETS = { verify_token_hash: 'verify_token_set', app_secret_sealed: 'app_secret_set' } as const;

/** Records what changes; of a secret, the new one only when one was typed, and never the old one. */
export const decideWhatsAppSettings = (
  wanted: Partial<WhatsAppSettings>,
  s: WhatsAppSettings,
): WhatsAppSettingsChanged[] => {
  const changed: Partial<WhatsAppSettings> = {};
  const previous: WhatsAppSettingsChanged['data']['previous'] = {};
  for (const key of Object.keys(wanted) as Array<keyof WhatsAppSettings>) {
    const value = wanted[key];
    if (value === undefined || value === s[key]) continue;
    (changed as Record<string, string>)[key] = value;
    if (key in SECRETS) previous[SECRETS[key as keyof typeof SECRETS]] = s[key] !== undefined;
    else (previous as Record<string, unknown>)[key] = s[key];
  }
  return Object.keys(changed).length
    ? [{ type: 'WhatsAppSettingsChanged', data: { changed, previous } }]
    : [];
};

export class ChangeWhatsAppSettings {
  constructor(
    readonly ctx: CommandContext,
    readonly body: unknown,
  ) {}
}

/** What the screen may show of the settings: no secret, only whether each is set. */
export const whatsappSettingsView = (s: WhatsAppSettings) => ({
  id: 'platform',
  send_from: s.send_from,
  send_until: s.send_until,
  instance_base_url: s.instance_base_url,
  verify_token_set: s.verify_token_hash !== undefined,
  app_secret_set: s.app_secret_sealed !== undefined,
});

@CommandHandler(ChangeWhatsAppSettings)
export class ChangeWhatsAppSettingsHandler implements ICommandHandler<ChangeWhatsAppSettings> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(GATEWAY_TOKENS.secrets) private readonly secrets: SealedSecrets,
  ) {}

  async execute({ ctx, body }: ChangeWhatsAppSettings): Promise<Answer> {
    const input = parseInput(whatsappSettingsInput, body);
    const wanted: Partial<WhatsAppSettings> = {
      send_from: input.send_from,
      send_until: input.send_until,
      instance_base_url: input.instance_base_url.replace(/\/+$/, ''),
      // write-only: the verify token is only compared (its hash), the app secret only used (sealed)
      ...(input.verify_token && { verify_token_hash: hashToken(input.verify_token) }),
      ...(input.app_secret && { app_secret_sealed: this.secrets.seal(input.app_secret) }),
    };
    const outcome = await this.aggregates.handle<WhatsAppSettings, WhatsAppSettingsChanged>(
      whatsappSettingsStream,
      ctx,
      {
        initial: initialWhatsAppSettings,
        evolve: evolveWhatsAppSettings,
        decide: (s) => decideWhatsAppSettings(wanted, s),
      },
    );
    return new Answer(whatsappSettingsView(outcome.state), outcome.position);
  }
}

/** `platform-setting/whatsapp-setting`: the platform's WhatsApp settings. */
@Controller('api/manager')
@Realm('manager')
export class WhatsAppSettingsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Put('whatsapp-settings/platform')
  @HttpCode(200)
  change(
    @Auth() auth: AuthContext,
    @Req() req: { headers: Record<string, string | string[] | undefined> },
    @Body() body: unknown,
  ) {
    return this.commands.execute(
      new ChangeWhatsAppSettings({ ...commandContext(auth, req), tenantId: PLATFORM_TENANT }, body),
    );
  }
}
