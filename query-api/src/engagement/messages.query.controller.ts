import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  addDays,
  birthdayPurpose,
  DomainError,
  isUuid,
  nextBirthday,
  notFound,
  Page,
  Permission,
} from '@rawnaq/contracts';
import {
  Auth,
  header,
  Public,
  Realm,
  RequirePermission,
  hashToken,
  subscriptionChallenge,
  TOKENS,
  type AuthContext,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { accountOf } from '../shared/account';
import { page, parseListQuery, withoutTenant } from '../shared/list-query';

/** What the query side sees of WhatsApp: the simulator's phones of a salon, and the webhook's verify token. */
export type WhatsAppView = {
  phones: (tenantId: string) => unknown[];
  verifyToken?: string;
};
export const WHATSAPP_VIEW = Symbol('WhatsAppView');

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

/**
 * The messages of a customer (her profile) and of a visit (its history): what was sent, when, and how
 * far it got, with the replies she wrote, newest first.
 */
@Controller('api/merchant')
@Realm('merchant')
export class MessagesQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  private async list(
    filter: Filter,
    query: Record<string, unknown>,
    req: Request,
    res: Response,
    resource: string,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['at'],
      defaultSort: ['at', 'desc'],
    });
    const [docs, total] = await Promise.all([
      this.models.find('messages', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('messages', filter),
    ]);
    return page(res, resource, q, docs.map(withoutTenant), total);
  }

  @Get('customers/:id/messages')
  @RequirePermission(Page.customers, Permission.viewCustomers)
  async ofCustomer(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const customer = isUuid(id) ? await this.models.get('customers', id) : undefined;
    if (!customer || customer.tenantId !== auth.tenantId) throw notFound('not_found.customer');
    return this.list({ tenantId: auth.tenantId, customer_id: id }, query, req, res, 'messages');
  }

  @Get('appointments/:id/messages')
  @RequirePermission(Page.appointments, Permission.viewAppointments)
  async ofVisit(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const visit = isUuid(id) ? await this.models.get('appointments', id) : undefined;
    if (!visit || visit.tenantId !== auth.tenantId) throw notFound('not_found.appointment');
    return this.list({ tenantId: auth.tenantId, appointment_id: id }, query, req, res, 'messages');
  }
}

/** How far ahead `pos/birthday-congratulations` looks by default, and at most. */
const BIRTHDAY_DAYS = { default: 7, max: 31 } as const;

/**
 * `pos/birthday-congratulations?days=`: the customers whose birthday is today or in the coming days
 * (7 by default, 31 at most), soonest first, each with her wish of that birthday (queued, sent,
 * delivered, read, failed, withheld) or none yet, and whether she may be written to.
 */
@Controller('api/merchant/pos')
@Realm('merchant')
export class BirthdaysQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('birthday-congratulations')
  @RequirePermission(Page.pos, Permission.sell)
  async birthdays(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const t = auth.tenantId;
    const asked = Number(query.days ?? BIRTHDAY_DAYS.default);
    const days =
      Number.isInteger(asked) && asked >= 1 ? Math.min(asked, BIRTHDAY_DAYS.max) : BIRTHDAY_DAYS.default;
    // the salon's today on the product's clock (the gateway stamps each request with it)
    const { today } = await accountOf(this.models, t, (req as { rawnaqNow?: Date }).rawnaqNow);
    const last = addDays(today, days - 1);
    const months = [...new Set([today, last].map((d) => Number(d.slice(5, 7))))];
    if (months.length === 2 && (months[1] - months[0] + 12) % 12 > 1) months.push((months[0] % 12) + 1);
    const customers = (
      await this.models.find('customers', {
        filter: { tenantId: t, birth_month: { $in: months }, status: 1 },
        limit: 10_000,
      })
    )
      .filter((c) => !c.merged_into)
      .map((c) => ({ c, birthday: nextBirthday(c.birth_date, today) }))
      .filter((r): r is { c: (typeof r)['c']; birthday: string } => !!r.birthday && r.birthday <= last);
    const wishes = customers.length
      ? await this.models.find('messages', {
          filter: {
            tenantId: t,
            customer_id: { $in: customers.map((r) => r.c.id) },
            purpose: { $in: customers.map((r) => birthdayPurpose(r.c.id, r.birthday.slice(0, 4))) },
          },
          limit: 10_000,
        })
      : [];
    const wishOf = new Map(wishes.map((m) => [m.customer_id as string, m]));
    const rows = customers
      .map(({ c, birthday }) => {
        const wish = wishOf.get(c.id);
        return {
          id: c.id,
          name: c.name as string,
          mobile: (c.mobile as string | undefined) ?? null,
          birth_date: c.birth_date as string,
          birthday,
          today: birthday === today,
          preferred_language: c.preferred_language ?? null,
          whatsapp_allowed: c.whatsapp_allowed === true,
          wish: wish ? { id: wish.id, status: wish.status, at: wish.updated_at ?? wish.at } : null,
        };
      })
      .sort((a, b) => a.birthday.localeCompare(b.birthday) || a.name.localeCompare(b.name));
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['birthday'],
      defaultSort: ['birthday', 'asc'],
    });
    return page(res, 'birthday-congratulations', q, rows.slice(q.skip, q.skip + q.limit), rows.length);
  }
}

/** The simulator's page: the salon's simulated phones, each with its conversation in the customer's language. */
@Controller('api/merchant/whatsapp-simulator')
@Realm('merchant')
export class WhatsAppSimulatorQueryController {
  constructor(
    @Inject(WHATSAPP_VIEW) private readonly view: WhatsAppView,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  @Get('phones')
  @RequirePermission(Page.settings, Permission.manageSettings)
  async phones(@Auth() auth: AuthContext, @Res({ passthrough: true }) res: Response) {
    const phones = this.view.phones(auth.tenantId) as Array<{ phone: string }>;
    // each phone with the salon's customers on it (their names and languages), for the page's headings
    const customers = await Promise.all(
      phones.map((p) =>
        this.models.find('customers', { filter: { tenantId: auth.tenantId, mobile_key: p.phone }, limit: 5 }),
      ),
    );
    const rows = phones.map((p, i) => ({
      id: p.phone,
      ...p,
      customers: customers[i].map((c) => ({
        id: c.id,
        name: c.name,
        preferred_language: c.preferred_language ?? null,
        whatsapp_allowed: c.whatsapp_allowed === true,
      })),
    }));
    res.setHeader('Content-Range', `whatsapp-simulator 0-${Math.max(rows.length - 1, 0)}/${rows.length}`);
    return rows;
  }
}

/** Meta's subscription handshake of the webhook: the challenge back when the verify token is ours. */
@Controller('api/public/whatsapp')
export class WhatsAppWebhookQueryController {
  constructor(
    @Inject(WHATSAPP_VIEW) private readonly view: WhatsAppView,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  @Get('webhook')
  @Public()
  async verify(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: { type: (t: string) => void },
  ) {
    // the environment's token, else the one in the platform's WhatsApp settings (kept as its hash)
    const given = typeof query['hub.verify_token'] === 'string' ? query['hub.verify_token'] : undefined;
    const kept = (await this.models.get('whatsapp_settings', 'platform'))?.verify_token_hash;
    const challenge =
      subscriptionChallenge(query, this.view.verifyToken) ??
      (given && typeof kept === 'string' && hashToken(given) === kept
        ? subscriptionChallenge(query, given)
        : undefined);
    if (challenge === undefined) throw new DomainError('messaging.verify_token_refused', 403);
    res.type('text/plain');
    return challenge;
  }
}
