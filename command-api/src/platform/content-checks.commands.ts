import { Body, Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  contentCheckInput,
  contentChecksApproveInput,
  contentCheckStream,
  isUuid,
  notFound,
  shownOnline,
  type CheckAspect,
  type CheckTargetKind,
  type ContentCheckEvent,
  type ContentCheckInput,
} from '@rawnaq/contracts';
import {
  Auth,
  parseInput,
  Realm,
  TOKENS,
  type AuthContext,
  type Doc,
  type MailSender,
  type ReadModels,
} from '@rawnaq/platform';
import { queueMail } from '../identity/mail';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates } from '../shared/repository';
import {
  decideContentCheck,
  evolveContentCheck,
  initialContentCheck,
  type CheckEntry,
  type ContentCheckState,
} from './content-checks';

/** What the owner reads about a rejection, in her salon's first language. */
const WHAT: Record<CheckTargetKind, Partial<Record<CheckAspect, [string, string]>>> = {
  service: { item: ['the service', 'الخدمة'], image: ['the picture of the service', 'صورة الخدمة'] },
  group: { item: ['the service group', 'مجموعة الخدمات'] },
  product: { item: ['the product', 'المنتج'], image: ['the picture of the product', 'صورة المنتج'] },
  offer: { description: ['the description of the offer', 'وصف العرض'] },
  package: { description: ['the description of the package', 'وصف الباقة'] },
  salon: {
    terms: ['your terms and conditions', 'الشروط والأحكام'],
    refund_policy: ['your refund policy', 'سياسة الاسترجاع'],
    logo: ['your logo', 'شعار صالونك'],
  },
};

/** The owner's mail about a rejection: Arabic first, then English (a salon's account has no one language). */
const rejectionMail = (entry: Doc, names: { en: string; ar: string }, reason: string) => {
  const [en, ar] = WHAT[entry.target_kind as CheckTargetKind]?.[entry.aspect as CheckAspect] ?? [
    'an entry',
    'إدخالًا',
  ];
  const online = shownOnline(entry.target_kind as CheckTargetKind, entry.aspect as CheckAspect);
  const quoted = (name: string) => (name ? ` "${name}"` : '');
  return {
    subject: `راجع فريق رونق ${ar}${quoted(names.ar)} | Rawnaq's team checked ${en}${quoted(names.en)}`,
    body: [
      `مرحبًا،\nراجع فريق رونق ${ar}${quoted(names.ar)} في صالونك ولم يقبله للسبب التالي:\n${reason}\n${
        online
          ? 'أُخفي من صفحات صالونك على الإنترنت، ويعود إليها حين تعدّلينه من لوحة التحكم.'
          : 'يُرجى تعديله من لوحة التحكم.'
      }`,
      `Hello,\nRawnaq's team checked ${en}${quoted(names.en)} in your salon and could not accept it:\n${reason}\n${
        online
          ? 'It is hidden from your salon’s online pages, and shows again once you change it in your back office.'
          : 'Please correct it in your back office.'
      }`,
    ].join('\n\n'),
  };
};

export class DecideContentCheck {
  constructor(
    readonly ctx: CommandContext,
    readonly ids: string[],
    readonly body: unknown,
  ) {}
}

/**
 * The manager's decision on entries of the check lists: each entry's event goes to the salon's own
 * history (the salon's audit log shows it); a rejection mails the owner why, in the salon's language.
 */
@CommandHandler(DecideContentCheck)
export class DecideContentCheckHandler implements ICommandHandler<DecideContentCheck> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.mailSender) private readonly mailSender: MailSender | null,
  ) {}

  /** Where the owner's mail goes: her verified address, else the one she was given. */
  private async ownerEmail(tenantId: string) {
    const account = await this.models.get('accounts', tenantId);
    const ownerId = account?.owner_user_id as string | undefined;
    const owner = ownerId ? await this.models.get('users', ownerId) : undefined;
    return (owner?.verified_email ?? owner?.email) as string | undefined;
  }

  /** The record's names now, for the mail (the entry's own when it named it). */
  private async namesOf(entry: Doc) {
    const collection = {
      service: 'services',
      group: 'service_groups',
      product: 'products',
      offer: 'offers',
      package: 'packages',
    }[entry.target_kind as string];
    const doc = collection ? await this.models.get(collection, entry.target_id as string) : undefined;
    const source = doc && doc.tenantId === entry.tenantId ? doc : entry;
    return { en: String(source.name_en ?? ''), ar: String(source.name_ar ?? source.name_en ?? '') };
  }

  async execute({ ctx, ids, body }: DecideContentCheck): Promise<Answer> {
    const input: ContentCheckInput = parseInput(contentCheckInput, body);
    const entries = (await this.models.getMany('content_entries', ids.filter(isUuid))).filter(Boolean);
    if (entries.length !== ids.length) throw notFound('not_found.record');
    const { position, result: value } = await this.aggregates.transaction(ctx, async (ctx) => {
      const decided: Array<{ id: string; review: string; reason: string | null }> = [];
      for (const doc of entries) {
        const tenantId = doc.tenantId as string;
        const entry = doc as unknown as CheckEntry;
        const outcome = await this.aggregates.handle<ContentCheckState, ContentCheckEvent>(
          contentCheckStream(tenantId, entry.id),
          { ...ctx, tenantId },
          {
            initial: initialContentCheck,
            evolve: evolveContentCheck,
            decide: (s) => decideContentCheck(entry, input, s),
          },
        );
        const state = outcome.state as ContentCheckState;
        decided.push({ id: entry.id, review: state.review, reason: state.reason });
        if (outcome.events.length && state.review === 'rejected' && state.reason) {
          const to = await this.ownerEmail(tenantId);
          if (to) {
            const mail = rejectionMail(doc, await this.namesOf(doc), state.reason);
            await queueMail(this.aggregates, ctx, this.mailSender, {
              to,
              locale: 'ar',
              subject: mail.subject,
              body: mail.body,
            });
          }
        }
      }
      return decided;
    });
    return new Answer(ids.length === 1 ? value[0] : { data: value }, position);
  }
}

type Request = { headers: Record<string, string | string[] | undefined> };

/** `check-entries/*` (manager): approve or reject what salons added, one entry or many at once. */
@Controller('api/manager/check-entries')
@Realm('manager')
export class ContentChecksController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post(':id/decide')
  @HttpCode(200)
  decide(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new DecideContentCheck(commandContext(auth, req), [id], body));
  }

  @Post('approve')
  @HttpCode(200)
  approve(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    const { ids } = parseInput(contentChecksApproveInput, body);
    return this.commands.execute(
      new DecideContentCheck(commandContext(auth, req), [...new Set(ids)], { decision: 'approved' }),
    );
  }
}

export const contentCheckHandlers = [DecideContentCheckHandler];
export const contentCheckControllers = [ContentChecksController];
