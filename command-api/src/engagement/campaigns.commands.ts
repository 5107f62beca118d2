import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  CAMPAIGN_CATEGORY,
  campaignInput,
  fillCampaignText,
  notFound,
  Page,
  Permission,
  streamName,
  toInstant,
  whatsappDigits,
  DomainError,
  type CampaignAttachment,
  type CampaignEvent,
  type FileUploaded,
  type MessageEvent,
  type MessageQueued,
} from '@rawnaq/contracts';
import {
  Auth,
  parseInput,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type ReadModels,
} from '@rawnaq/platform';
import { evolveAccountSettings, initialAccountSettings } from '../settings/account-settings';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates, idFor } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import {
  decideCampaign,
  evolveCampaign,
  heldOut,
  inAudience,
  initialCampaign,
  planSchedule,
  type AudienceCustomer,
  type CampaignAggregate,
  type CampaignCommand,
} from './campaign';
import { decideMessage, evolveMessage, initialMessage, type MessageState } from './message';
import { messageIdOf, messageStream } from './outbox';
import { sendWindowOf } from './send-window';

const campaignStream = (tenantId: string, id: string) => streamName(CAMPAIGN_CATEGORY, tenantId, id);
const ID = /^[0-9a-f-]{36}$/;

/** The salon's customers who are in a campaign's audience now (the customers' read model). */
export const audienceOf = async (
  models: ReadModels,
  tenantId: string,
  filters: Parameters<typeof inAudience>[1],
  today: string,
) => {
  const customers = (await models.find('customers', { filter: { tenantId }, limit: 200_000 })) as Array<
    AudienceCustomer & { name?: string; preferred_language?: string }
  >;
  return customers.filter((c) => inAudience(c, filters, today));
};

export type CampaignRequest =
  | { kind: 'save'; id?: string; body: unknown }
  | { kind: 'launch' | 'disable' | 'renew' | 'resend-failed'; id: string };

export class ChangeCampaign {
  constructor(
    readonly ctx: CommandContext,
    readonly request: CampaignRequest,
  ) {}
}

/**
 * Campaigns (issue 26, doc1 §2 `marketing-tools`, doc2 §4 and §10): a draft saved and changed, then
 * launched — its audience taken from the filters (active customers who allow WhatsApp), its hold-out
 * share kept back, each recipient's message queued in the outbox at the time the pacing plans, all in
 * the launching command; disabled for good (what it has not sent is withheld), renewed into a new
 * draft, its failed messages sent again.
 */
@CommandHandler(ChangeCampaign)
export class ChangeCampaignHandler implements ICommandHandler<ChangeCampaign> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  private decide(ctx: CommandContext, id: string, command: CampaignCommand) {
    return this.aggregates.handle<CampaignAggregate, CampaignEvent>(campaignStream(ctx.tenantId, id), ctx, {
      initial: initialCampaign,
      evolve: evolveCampaign,
      decide: (s) => decideCampaign(command, s),
    });
  }

  private queue(ctx: CommandContext, message: MessageQueued['data']) {
    return this.aggregates.handle<MessageState, MessageEvent>(
      messageStream(ctx.tenantId, message.message_id),
      ctx,
      {
        initial: initialMessage,
        evolve: evolveMessage,
        decide: (s) => decideMessage({ type: 'Queue', message }, s),
      },
    );
  }

  /** When each of `count` messages leaves: the pacing in the salon's send window, seeded by the round. */
  private async plan(ctx: CommandContext, campaignId: string, round: number, count: number) {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const { state: settings } = await this.aggregates.load(
      ctx,
      streamName('account', ctx.tenantId, ctx.tenantId),
      initialAccountSettings,
      evolveAccountSettings,
    );
    const window = sendWindowOf(settings.exists ? settings.notifications : {}, tenant.timeZone);
    return planSchedule(count, ctx.now.getTime(), window, `${campaignId}:${round}`);
  }

  /** Each customer's message, in her language with her name and the salon's, at its planned time. */
  private async queueAll(
    ctx: CommandContext,
    campaignId: string,
    round: number,
    customers: Array<AudienceCustomer & { name?: string; preferred_language?: string }>,
    text: string,
    times: number[],
    attachment?: CampaignAttachment,
  ) {
    const account = await this.models.get('accounts', ctx.tenantId);
    for (const [i, c] of customers.entries()) {
      const language = c.preferred_language === 'en' ? 'en' : 'ar';
      const salon = String(
        (language === 'ar' ? account?.name_ar : account?.name_en) ?? account?.name_en ?? '',
      );
      const filled = fillCampaignText(text, { name: String(c.name ?? ''), salon });
      const purpose = `campaign:${campaignId}:${round}:${c.id}`;
      await this.queue(ctx, {
        message_id: messageIdOf(ctx.tenantId, purpose),
        purpose,
        customer_id: c.id,
        phone: whatsappDigits(c.mobile)!,
        language,
        kind: 'marketing',
        content: {
          template: { name: 'salon_campaign', params: [filled] },
          text: filled,
          ...(attachment && { media: attachment }),
        },
        scheduled_for: toInstant(times[i]),
        campaign_id: campaignId,
      });
    }
  }

  /**
   * The file a campaign sends: uploaded to this salon (its stream carries the tenant, so another
   * salon's file is not found) as an attachment, and an image, a video or a PDF (at most 5 MB, as
   * every upload).
   */
  private async attachment(ctx: CommandContext, fileId: string): Promise<CampaignAttachment> {
    const { events } = await this.aggregates.load<null, { type: string; data: Record<string, unknown> }>(
      ctx,
      streamName('file', ctx.tenantId, fileId),
      null,
      (s) => s,
    );
    const uploaded = events.find((e) => e.type === 'FileUploaded')?.data as FileUploaded['data'] | undefined;
    const type = uploaded?.content_type ?? '';
    if (
      !uploaded ||
      uploaded.purpose !== 'attachment' ||
      !(type.startsWith('image/') || type.startsWith('video/') || type === 'application/pdf')
    )
      throw new DomainError('campaign.attachment_not_found', 422, {
        attachment_id: 'campaign.attachment_not_found',
      });
    return { file_id: fileId, name: uploaded.name, content_type: type, size: uploaded.size };
  }

  async execute({ ctx, request: r }: ChangeCampaign): Promise<Answer> {
    const at = ctx.now.toISOString();
    if (r.kind === 'save') {
      if (r.id !== undefined && !ID.test(r.id)) throw notFound('not_found.campaign');
      const input = parseInput(campaignInput, r.body);
      const id = r.id ?? idFor(ctx, 'campaign');
      const attachment = input.attachment_id ? await this.attachment(ctx, input.attachment_id) : undefined;
      const outcome = await this.decide(ctx, id, {
        type: 'Save',
        id,
        at,
        input,
        ...(attachment && { attachment }),
      });
      return new Answer({ id, state: 'temporary_saved', ...input }, outcome.position, r.id ? 200 : 201);
    }
    if (!ID.test(r.id)) throw notFound('not_found.campaign');
    const { state } = await this.aggregates.load(
      ctx,
      campaignStream(ctx.tenantId, r.id),
      initialCampaign,
      evolveCampaign,
    );
    if (!state.exists) throw notFound('not_found.campaign');
    if (r.kind === 'disable') {
      const outcome = await this.decide(ctx, r.id, { type: 'Disable', id: r.id, at });
      return new Answer({ id: r.id, state: 'disabled' }, outcome.position);
    }
    if (r.kind === 'renew') {
      const into = idFor(ctx, 'campaign-renewed', r.id);
      const { position } = await this.aggregates.transaction(ctx, async (ctx) => {
        const renewed = await this.decide(ctx, r.id, { type: 'Renew', id: r.id, at, into });
        if (renewed.events.length)
          await this.decide(ctx, into, {
            type: 'Save',
            id: into,
            at,
            input: state.input,
            ...(state.attachment && { attachment: state.attachment }),
            renewedFrom: r.id,
          });
      });
      return new Answer({ id: into, renewed_from: r.id, state: 'temporary_saved' }, position, 201);
    }
    const today = (await tenantInfo(this.models, ctx.tenantId, ctx.now)).today;
    if (r.kind === 'launch') {
      const audience = await audienceOf(this.models, ctx.tenantId, state.input.filters, today);
      const recipients: typeof audience = [];
      const kept: typeof audience = [];
      for (const c of audience)
        (heldOut(r.id, c.id, state.input.hold_out_percent) ? kept : recipients).push(c);
      const times = await this.plan(ctx, r.id, 0, recipients.length);
      const { position } = await this.aggregates.transaction(ctx, async (ctx) => {
        // decided first: a campaign that is no draft, or that no one would get, queues nothing
        await this.decide(ctx, r.id, {
          type: 'Launch',
          id: r.id,
          at,
          audience: audience.length,
          recipients: recipients.map((c) => c.id),
          heldOut: kept.map((c) => c.id),
          startsAt: toInstant(times[0] ?? ctx.now.getTime()),
          endsAt: toInstant(times.at(-1) ?? ctx.now.getTime()),
        });
        await this.queueAll(ctx, r.id, 0, recipients, state.input.message, times, state.attachment);
      });
      return new Answer(
        {
          id: r.id,
          state: 'pending',
          audience: audience.length,
          recipients: recipients.length,
          held_out: kept.length,
        },
        position,
      );
    }
    // resend-failed: the recipients whose last message of this campaign failed, each a new message
    const messages = await this.models.find('messages', {
      filter: { tenantId: ctx.tenantId, campaign_id: r.id },
      limit: 200_000,
    });
    const last = new Map<string, { status: string; at: string }>();
    for (const m of messages) {
      const seen = last.get(m.customer_id as string);
      if (!seen || String(m.at) > seen.at)
        last.set(m.customer_id as string, { status: String(m.status), at: String(m.at) });
    }
    const failedIds = [...last].filter(([, m]) => m.status === 'failed').map(([id]) => id);
    const customers = (await this.models.getMany('customers', failedIds)) as Array<
      AudienceCustomer & { name?: string; preferred_language?: string }
    >;
    const reachable = customers.filter(
      (c) => c.tenantId === ctx.tenantId && c.whatsapp_allowed === true && whatsappDigits(c.mobile),
    );
    const { position } = await this.aggregates.transaction(ctx, async (ctx) => {
      const resent = await this.decide(ctx, r.id, {
        type: 'Resend',
        id: r.id,
        at,
        customers: reachable.map((c) => c.id),
      });
      const round = (resent.events[0] as { data: { round: number } }).data.round;
      await this.queueAll(
        ctx,
        r.id,
        round,
        reachable,
        state.input.message,
        await this.plan(ctx, r.id, round, reachable.length),
        state.attachment,
      );
    });
    return new Answer({ id: r.id, resent: reachable.length }, position);
  }
}

type Request = { headers: Record<string, string | string[] | undefined> };

/** `marketing-tools` → `ads-campaigns`: who may run campaigns (page 6, sending campaigns 37). */
@Controller('api/merchant')
@Realm('merchant')
export class CampaignsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  private run(auth: AuthContext, req: Request, request: CampaignRequest) {
    return this.commands.execute(new ChangeCampaign(commandContext(auth, req), request));
  }

  @Post('campaigns')
  @RequirePermission(Page.marketing, Permission.campaigns)
  create(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'save', body });
  }

  @Put('campaigns/:id')
  @HttpCode(200)
  @RequirePermission(Page.marketing, Permission.campaigns)
  change(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'save', id, body });
  }

  @Post('campaigns/:id/launch')
  @HttpCode(200)
  @RequirePermission(Page.marketing, Permission.campaigns)
  launch(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.run(auth, req, { kind: 'launch', id });
  }

  @Post('campaigns/:id/disable')
  @HttpCode(200)
  @RequirePermission(Page.marketing, Permission.campaigns)
  disable(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.run(auth, req, { kind: 'disable', id });
  }

  @Post('campaigns/:id/renew')
  @HttpCode(200)
  @RequirePermission(Page.marketing, Permission.campaigns)
  renew(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.run(auth, req, { kind: 'renew', id });
  }

  @Post('campaigns/:id/resend-failed')
  @HttpCode(200)
  @RequirePermission(Page.marketing, Permission.campaigns)
  resendFailed(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.run(auth, req, { kind: 'resend-failed', id });
  }
}
