import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  businessHoursInput,
  customBusinessHoursInput,
  generalSettingsInput,
  invoiceSettingsInput,
  notificationSettingsInput,
  AUTOMATIC_MESSAGES,
  customerMessageTexts,
  messageTextField,
  onlineSettingsInput,
  paymentGatewaySettingsInput,
  PLATFORM_TENANT,
  platformListDocId,
  rejected,
  streamName,
  vatSettingsInput,
  wizardStepInput,
} from '@rawnaq/contracts';
import { parseInput, TOKENS, type ReadModels, type SealedSecrets } from '@rawnaq/platform';
import { GATEWAY_TOKENS } from '../online/gateway-tokens';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { UniqueValues } from '../shared/unique-values';
import {
  decideAccountSettings,
  evolveAccountSettings,
  initialAccountSettings,
  type AccountSettings,
  type SettingsCommand,
  type SettingsEvent,
} from './account-settings';

export type SettingsRequest =
  | {
      section:
        | 'vat'
        | 'general'
        | 'invoice'
        | 'notifications'
        | 'online'
        | 'payment-gateway'
        | 'business-hours'
        | 'wizard';
      body: unknown;
    }
  | { section: 'custom-business-hours'; body: unknown }
  | { section: 'remove-custom-business-hours'; id: string };

export class ChangeSettings {
  constructor(
    readonly ctx: CommandContext,
    readonly request: SettingsRequest,
  ) {}
}

const accountStream = (tenantId: string) => streamName('account', tenantId, tenantId);

/** What a settings screen shows after a save: the section as it now is. */
export const sectionOf = (state: AccountSettings, section: string): Record<string, unknown> | null => {
  if (!state.exists) return null;
  switch (section) {
    case 'vat':
      return { id: 'vat', ...state.vat };
    case 'general':
      return { id: 'general', ...state.general };
    case 'invoice':
      return { id: 'invoice', ...state.invoice };
    case 'notifications':
      return { id: 'notifications', ...state.notifications };
    case 'online':
      return { id: 'online', ...state.online };
    case 'payment-gateway': {
      // never the secrets, not even sealed: whether they are set
      const g = state.paymentGateway;
      return {
        id: 'payment-gateway',
        gateway: g?.gateway ?? 'simulator',
        key: g?.key ?? '',
        tranportal_id: g?.tranportal_id ?? '',
        secret_set: g?.secret_set ?? false,
        terminal_resource_key_set: g?.terminal_resource_key_set ?? false,
      };
    }
    case 'business-hours':
      return { id: 'business-hours', days: state.businessHours };
    case 'wizard':
      return { id: 'wizard', wizard_progress: state.wizard };
    default:
      return null;
  }
};

@CommandHandler(ChangeSettings)
export class ChangeSettingsHandler implements ICommandHandler<ChangeSettings> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(UniqueValues) private readonly unique: UniqueValues,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(GATEWAY_TOKENS.secrets) private readonly secrets: SealedSecrets,
  ) {}

  /** One of the platform's cities of the salon's country, enabled, with its names; else refused on its field. */
  private async cityOf(cityId: string, countryId: number) {
    const city = await this.models.get('platform_lists', platformListDocId('cities', cityId));
    if (!city || city.status !== 'enabled' || Number(city.country_id) !== countryId)
      throw rejected('validation.invalid_value', 'city_id');
    return { city_en: String(city.name_en ?? ''), city_ar: String(city.name_ar ?? city.name_en ?? '') };
  }

  private async command(
    ctx: CommandContext,
    r: SettingsRequest,
  ): Promise<{ command: SettingsCommand; id?: string }> {
    switch (r.section) {
      case 'vat':
        return { command: { type: 'ChangeVat', vat: parseInput(vatSettingsInput, r.body) } };
      case 'general': {
        const { countryId } = await tenantInfo(this.models, ctx.tenantId, ctx.now);
        const parsed = parseInput(generalSettingsInput({ countryId }), r.body);
        if (parsed.logo_file_id) await this.expectLogo(ctx, parsed.logo_file_id);
        const general = {
          ...parsed,
          ...(parsed.city_id && (await this.cityOf(parsed.city_id, parsed.country_id))),
        };
        // prices are kept in minor units of the country's currency: it cannot change under them
        const countryLocked = (await this.models.count('services', { tenantId: ctx.tenantId })) > 0;
        return { command: { type: 'ChangeGeneral', general, countryLocked } };
      }
      case 'invoice':
        return { command: { type: 'ChangeInvoice', values: parseInput(invoiceSettingsInput, r.body) } };
      case 'notifications': {
        const values: Record<string, unknown> = parseInput(notificationSettingsInput, r.body);
        // a text the same as the default (or blank) is not the salon's own: the default stays, and follows
        for (const m of AUTOMATIC_MESSAGES)
          for (const language of ['en', 'ar'] as const) {
            const field = messageTextField(m, language);
            const text = typeof values[field] === 'string' ? (values[field] as string).trim() : '';
            if (!text || text === customerMessageTexts[m][language]) delete values[field];
            else values[field] = text;
          }
        return {
          command: {
            type: 'ChangeNotifications',
            values: { ...values, reminder_hours_before: Number(values.reminder_hours_before) },
          },
        };
      }
      case 'online': {
        const values = parseInput(onlineSettingsInput, r.body);
        return {
          command: {
            type: 'ChangeOnline',
            values: { ...values, cancel_cutoff_hours: Number(values.cancel_cutoff_hours) },
          },
        };
      }
      case 'payment-gateway': {
        const v = parseInput(paymentGatewaySettingsInput, r.body);
        const typed = (text: string | undefined) =>
          text?.trim() ? this.secrets.seal(text.trim()) : undefined;
        const secret = typed(v.secret);
        const resourceKey = typed(v.terminal_resource_key);
        return {
          command: {
            type: 'ChangePaymentGateway',
            settings: {
              gateway: v.gateway,
              key: v.key?.trim() ?? '',
              tranportal_id: v.tranportal_id?.trim() ?? '',
              ...(secret && { secret_sealed: secret }),
              ...(resourceKey && { terminal_resource_key_sealed: resourceKey }),
            },
          },
        };
      }
      case 'business-hours':
        return { command: { type: 'SetBusinessHours', days: parseInput(businessHoursInput, r.body).days } };
      case 'custom-business-hours': {
        const { name, from_date, to_date, is_open, from, to } = parseInput(customBusinessHoursInput, r.body);
        const periodId = idFor(ctx, 'custom-business-hours');
        return {
          command: {
            type: 'AddCustomBusinessHours',
            periodId,
            period: { name, from_date, to_date, is_open, from, to },
          },
          id: periodId,
        };
      }
      case 'remove-custom-business-hours':
        return { command: { type: 'RemoveCustomBusinessHours', periodId: r.id } };
      case 'wizard':
        return { command: { type: 'CompleteWizardStep', step: parseInput(wizardStepInput, r.body).step } };
    }
  }

  /** A logo is an upload of this salon (its stream carries the tenant) made as a logo (square, checked then). */
  private async expectLogo(ctx: CommandContext, fileId: string) {
    const { events } = await this.aggregates.load<null, { type: string; data: Record<string, unknown> }>(
      ctx,
      streamName('file', ctx.tenantId, fileId),
      null,
      (s) => s,
    );
    const uploaded = events.find((e) => e.type === 'FileUploaded');
    if ((uploaded?.data as { purpose?: string } | undefined)?.purpose !== 'logo')
      throw rejected('validation.invalid_value', 'logo_file_id');
  }

  private async run(ctx: CommandContext, command: SettingsCommand) {
    return this.aggregates.handle<AccountSettings, SettingsEvent>(accountStream(ctx.tenantId), ctx, {
      initial: initialAccountSettings,
      evolve: evolveAccountSettings,
      decide: (state) => decideAccountSettings(command, state),
    });
  }

  async execute({ ctx, request }: ChangeSettings): Promise<Answer> {
    const { command, id } = await this.command(ctx, request);
    if (command.type === 'ChangeOnline') return this.changeOnline(ctx, command);
    const outcome = await this.run(ctx, command);
    if (request.section === 'custom-business-hours' && id && outcome.state.exists)
      return new Answer(
        { id, ...outcome.state.periods.get(id) },
        outcome.position,
        outcome.events.length ? 201 : 200,
      );
    if (request.section === 'remove-custom-business-hours')
      return new Answer({ id: request.id }, outcome.position);
    return new Answer(sectionOf(outcome.state, request.section), outcome.position);
  }

  /** The salon's address is unique on the whole platform: claimed before the change, the old one freed after. */
  private async changeOnline(
    ctx: CommandContext,
    command: SettingsCommand & { values: Record<string, unknown> },
  ) {
    const { state } = await this.aggregates.load(
      ctx,
      accountStream(ctx.tenantId),
      initialAccountSettings,
      evolveAccountSettings,
    );
    const before = state.exists ? String(state.online.alias ?? '').toLowerCase() : '';
    const after = String(command.values.alias).toLowerCase();
    const platform = { ...ctx, tenantId: PLATFORM_TENANT };
    const claim = {
      kind: 'alias',
      value: after,
      owner: ctx.tenantId,
      field: 'alias',
      duplicateKey: 'settings.alias_taken',
    };
    if (after !== before)
      await this.unique.claim(platform, claim, async (owner) => {
        const account = await this.models.get('accounts', owner);
        return String(account?.alias ?? '').toLowerCase() === after;
      });
    const outcome = await this.run(ctx, command);
    if (after !== before && before) await this.unique.release(platform, 'alias', before, ctx.tenantId);
    return new Answer(sectionOf(outcome.state, 'online'), outcome.position);
  }
}
