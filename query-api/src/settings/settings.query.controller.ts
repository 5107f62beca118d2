import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  AUTOMATIC_MESSAGES,
  messageTextField,
  DEFAULT_WEEK,
  DomainError,
  own,
  Page,
  Permission,
  wizardStepsOf,
  wizardProgress,
  LOYALTY_DEFAULTS,
  ONLINE_DEFAULTS,
  SEND_WINDOW_LIMITS,
} from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Doc,
  type ReadModels,
} from '@rawnaq/platform';
import { accountOf } from '../shared/account';
import { page, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

const pick = (doc: Doc, fields: string[]) =>
  Object.fromEntries(fields.filter((f) => doc[f] !== undefined).map((f) => [f, doc[f]]));

/** The fields of each settings screen (one record each: react-admin's Edit of `settings/<name>`). */
const SECTIONS: Record<string, (a: Doc) => Record<string, unknown>> = {
  vat: (a) => ({
    vat_enabled: a.vat_enabled ?? true,
    vat_name_en: a.vat_name_en ?? 'VAT',
    vat_name_ar: a.vat_name_ar ?? 'ضريبة القيمة المضافة',
    vat_percentage: a.vat_percentage,
  }),
  general: (a) => ({
    ...pick(a, [
      'name_en',
      'name_ar',
      'country_id',
      'salon_type',
      'vat_number',
      'commercial_registration',
      'phone',
      'whatsapp',
      'email',
      'address_en',
      'address_ar',
      'city_id',
      'city_en',
      'city_ar',
      'logo_file_id',
      'latitude',
      'longitude',
    ]),
    social: a.social ?? {},
  }),
  invoice: (a) => ({
    show_logo: a.show_logo ?? true,
    allow_price_change: a.allow_price_change ?? false,
    allow_debt: a.allow_debt ?? false,
    allow_free_gift_cards: a.allow_free_gift_cards ?? false,
    allow_selling_without_stock: a.allow_selling_without_stock ?? false,
    allow_overbooking: a.allow_overbooking ?? false,
    allow_parallel_services: a.allow_parallel_services ?? false,
    loyalty_enabled: a.loyalty_enabled ?? false,
    loyalty_points_per_unit: String(a.loyalty_points_per_unit ?? LOYALTY_DEFAULTS.pointsPerUnit),
    loyalty_point_value: String(a.loyalty_point_value ?? LOYALTY_DEFAULTS.pointValue),
    loyalty_min_points: String(a.loyalty_min_points ?? LOYALTY_DEFAULTS.minPoints),
    ...pick(a, ['invoice_notes_en', 'invoice_notes_ar']),
  }),
  notifications: (a) => ({
    appointment_reminder: a.appointment_reminder ?? true,
    reminder_hours_before: a.reminder_hours_before ?? 24,
    booking_confirmation: a.booking_confirmation ?? true,
    birthday_greetings: a.birthday_greetings ?? false,
    thank_you_after_invoice: a.thank_you_after_invoice ?? true,
    survey_after_invoice: a.survey_after_invoice ?? false,
    wallet_reminder: a.wallet_reminder ?? false,
    gift_card_received: a.gift_card_received ?? true,
    no_show_follow_up: a.no_show_follow_up ?? false,
    send_from: a.send_from ?? SEND_WINDOW_LIMITS.from,
    send_until: a.send_until ?? SEND_WINDOW_LIMITS.until,
    mute_friday_prayer: a.mute_friday_prayer ?? false,
    // the salon's own texts (none: the default, which the form shows)
    ...Object.fromEntries(
      AUTOMATIC_MESSAGES.flatMap((m) => [messageTextField(m, 'en'), messageTextField(m, 'ar')])
        .filter((f) => typeof a[f] === 'string' && a[f] !== '')
        .map((f) => [f, a[f]]),
    ),
  }),
  online: (a) => ({
    alias: a.alias,
    online_booking: a.online_booking ?? false,
    require_email: a.require_email ?? false,
    cancel_cutoff_hours: a.cancel_cutoff_hours ?? ONLINE_DEFAULTS.cancelCutoffHours,
    deposit_type: a.deposit_type ?? 'none',
    ...pick(a, [
      'terms_en',
      'terms_ar',
      'refund_policy_en',
      'refund_policy_ar',
      'deposit_amount',
      'deposit_percentage',
      'online_gift_cards',
      'gift_card_min_value',
      'gift_card_max_value',
    ]),
  }),
  // the secret fields never leave: only whether they are set
  'payment-gateway': (a) => {
    const g = (a.payment_gateway ?? {}) as Record<string, unknown>;
    return {
      gateway: g.gateway ?? 'simulator',
      key: g.key ?? '',
      tranportal_id: g.tranportal_id ?? '',
      secret_set: g.secret_set === true,
      terminal_resource_key_set: g.terminal_resource_key_set === true,
    };
  },
};

@Controller('api/merchant')
@Realm('merchant')
@RequirePermission(Page.settings, Permission.viewSettings)
export class SettingsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('settings/:name')
  async one(@Auth() auth: AuthContext, @Param('name') name: string) {
    const section = own(SECTIONS, name);
    if (!section) throw new DomainError('not_found.record', 404);
    const { doc } = await accountOf(this.models, auth.tenantId);
    return { id: name, ...section(doc) };
  }

  @Get('business-hours/week')
  async week(@Auth() auth: AuthContext) {
    const { doc } = await accountOf(this.models, auth.tenantId);
    return { id: 'week', days: (doc.business_hours as unknown[]) ?? DEFAULT_WEEK };
  }

  @Get('custom-business-hours')
  async periods(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['from_date'],
      defaultSort: ['from_date', 'asc'],
    });
    const filter = { tenantId: auth.tenantId };
    const [docs, total] = await Promise.all([
      this.models.find('custom_business_hours', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('custom_business_hours', filter),
    ]);
    return page(
      res,
      'custom-business-hours',
      q,
      docs.map(({ tenantId: _t, ...d }) => ({ ...d, id: d.id })),
      total,
    );
  }

  /** The setup wizard's stepper: each step completed or not, and the weighted progress (doc2 §9). */
  @Get('wizard')
  async wizard(@Auth() auth: AuthContext) {
    const { doc } = await accountOf(this.models, auth.tenantId);
    const done = (doc.wizard_progress as string[]) ?? [];
    const steps = wizardStepsOf(doc.country_id as number);
    const current = steps.find((s) => !done.includes(s)) ?? null;
    return {
      id: 'wizard',
      steps: steps.map((step) => ({
        step,
        status: done.includes(step) ? 'completed' : step === current ? 'current' : 'pending',
      })),
      progress: wizardProgress(done),
      wizard_progress: done,
    };
  }
}
