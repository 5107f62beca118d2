import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  contactMessageInput,
  contactMessageStream,
  isWebsitePage,
  newId,
  notFound,
  PLATFORM_TENANT,
  seoPageInput,
  WEBSITE_SECTIONS,
  websiteSectionInputs,
  websiteSettingsStream,
  type ContactMessageReceived,
  type WebsiteSection,
  type WebsiteSettings,
  type WebsiteSettingsChanged,
} from '@rawnaq/contracts';
import {
  Auth,
  ClientIp,
  parseInput,
  Public,
  Realm,
  TOKENS,
  type AuthContext,
  type Clock,
} from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import { type CommandContext, UNIT } from '../shared/command-context';
import { commandContext, unitOfRequest } from '../shared/http-context';
import { Aggregates } from '../shared/repository';
import { PublicRateLimit } from '../sales/surveys.commands';
import {
  decideContactMessage,
  decideWebsite,
  evolveWebsite,
  initialWebsite,
  type WebsiteCommand,
} from './website';
import type { UnitOfWork } from '../shared/unit-of-work';

const isSection = (v: string): v is WebsiteSection => (WEBSITE_SECTIONS as readonly string[]).includes(v);

/** The manager saves one section of the website (`website-setting/*`, `seo-setting/*`), or one page's SEO. */
export class ChangeWebsiteSettings {
  constructor(
    readonly ctx: CommandContext,
    readonly what: { section: string } | { page: string },
    readonly body: unknown,
  ) {}
}

@CommandHandler(ChangeWebsiteSettings)
export class ChangeWebsiteSettingsHandler implements ICommandHandler<ChangeWebsiteSettings> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ ctx, what, body }: ChangeWebsiteSettings): Promise<Answer> {
    let command: WebsiteCommand;
    if ('section' in what) {
      if (!isSection(what.section)) throw notFound('not_found.record');
      const input = parseInput(websiteSectionInputs[what.section] as never, body) as Record<string, unknown>;
      command = { type: 'ChangeSection', section: what.section, input };
    } else {
      if (!isWebsitePage(what.page)) throw notFound('not_found.record');
      command = { type: 'ChangeSeoPage', page: what.page, input: parseInput(seoPageInput, body) };
    }
    const outcome = await this.aggregates.handle<WebsiteSettings, WebsiteSettingsChanged>(
      websiteSettingsStream,
      ctx,
      { initial: initialWebsite, evolve: evolveWebsite, decide: (s) => decideWebsite(command, s) },
    );
    const id = 'section' in what ? what.section : what.page;
    const saved =
      command.type === 'ChangeSeoPage' ? (outcome.state.seo_pages?.[command.page] ?? {}) : command.input;
    return new Answer({ id, ...saved }, outcome.position);
  }
}

/** A visitor writes to the platform (the website's contact-us form). */
export class ReceiveContactMessage {
  constructor(
    readonly now: Date,
    readonly body: unknown,
    readonly language: 'en' | 'ar',
    /** the request's unit of work (see `RequestUnit`); none from the website's own form */
    readonly unit?: UnitOfWork,
  ) {}
}

@CommandHandler(ReceiveContactMessage)
export class ReceiveContactMessageHandler implements ICommandHandler<ReceiveContactMessage> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ now, body, language, unit }: ReceiveContactMessage): Promise<Answer> {
    const i = parseInput(contactMessageInput, body);
    const id = newId();
    const ctx: CommandContext = {
      tenantId: PLATFORM_TENANT,
      actor: { kind: 'system', id: 'website' },
      correlationId: id,
      now,
      [UNIT]: unit,
    };
    const message: ContactMessageReceived['data'] = {
      message_id: id,
      name: i.name,
      email: i.email,
      ...(i.mobile && { mobile: i.mobile }),
      ...(i.subject && { subject: i.subject }),
      message: i.message,
      language,
      received_at: now.toISOString(),
    };
    const outcome = await this.aggregates.handle<boolean, ContactMessageReceived>(
      contactMessageStream(id),
      ctx,
      {
        initial: false,
        evolve: () => true,
        decide: (received) => decideContactMessage(message, received),
      },
    );
    return new Answer({ id }, outcome.position, 201);
  }
}

type Request = { headers: Record<string, string | string[] | undefined> };

/** The website's settings as the manager console saves them: one record per section, one per page's SEO. */
@Controller('api/manager')
@Realm('manager')
export class WebsiteSettingsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  private ctx(auth: AuthContext, req: Request) {
    return { ...commandContext(auth, req), tenantId: PLATFORM_TENANT };
  }

  @Put('website/settings/:id')
  @HttpCode(200)
  section(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ChangeWebsiteSettings(this.ctx(auth, req), { section: id }, body));
  }

  @Put('website/seo-pages/:id')
  @HttpCode(200)
  seoPage(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ChangeWebsiteSettings(this.ctx(auth, req), { page: id }, body));
  }
}

/** The contact-us form as JSON (the website's own page posts a plain form to the gateway instead). */
@Controller('api/public/contact-messages')
export class ContactMessagesController {
  private readonly limit = new PublicRateLimit(5);

  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  @Post()
  @Public()
  send(@ClientIp() ip: string, @Req() req: Request, @Body() body: unknown) {
    const now = this.clock.now();
    this.limit.check(ip, now.getTime());
    const lang = String(req.headers['accept-language'] ?? '');
    return this.commands.execute(
      new ReceiveContactMessage(now, body, lang.startsWith('en') ? 'en' : 'ar', unitOfRequest(req)),
    );
  }
}

export const websiteHandlers = [ChangeWebsiteSettingsHandler, ReceiveContactMessageHandler];
