import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { availabilityQuery, notFound, ONLINE_DEFAULTS, rejected, type OpeningDay } from '@rawnaq/contracts';
import { parseInput, TOKENS, type FileStore, type ReadModels } from '@rawnaq/platform';

type ImageResponse = { setHeader: (k: string, v: string) => void; send: (b: Buffer) => void };
import { bookableEmployees, freeTimes, publicSalonCard, salonOfAlias, withheldOf } from '@rawnaq/projections';
import { accountOf } from '../shared/account';
import { publicMenu, shownToCustomers } from '../online/salon-pages';
import { freeTimesAnswer, servicesOf } from './free-times-answer';

/**
 * The salon's online pages (spec doc1 §1): its menu as customers see it, the employees of its
 * appointment table, and the free starts of a visit. No sign-in; only what a visitor may see.
 */
@Controller('api/public')
export class OnlineQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.fileStore) private readonly files: FileStore,
  ) {}

  /** The services shown to customers, by group in the salon's order, each price with VAT. */
  @Get('salons/:alias/services')
  async services(@Param('alias') alias: string) {
    return publicMenu(this.models, await salonOfAlias(this.models, alias));
  }

  /** The salon's terms and conditions and refund policy, in both languages (empty when not written). */
  @Get('salons/:alias/policies')
  async policies(@Param('alias') alias: string) {
    const salon = await salonOfAlias(this.models, alias);
    const held = await withheldOf(this.models, salon.id);
    // what the platform's team withheld reads as not written until the salon changes it
    const text = (key: string) =>
      typeof salon[key] === 'string' &&
      !held('salon', salon.id, key.startsWith('terms') ? 'terms' : 'refund_policy')
        ? (salon[key] as string)
        : '';
    return {
      terms_en: text('terms_en'),
      terms_ar: text('terms_ar'),
      refund_policy_en: text('refund_policy_en'),
      refund_policy_ar: text('refund_policy_ar'),
    };
  }

  /**
   * A service's picture as the salon's online pages show it: only a picture of a service shown to
   * customers is served (any other file of the salon stays the salon's), cached for a year (a new
   * picture is a new file).
   */
  @Get('salons/:alias/images/:fileId')
  async image(@Param('alias') alias: string, @Param('fileId') fileId: string, @Res() res: ImageResponse) {
    const salon = await salonOfAlias(this.models, alias);
    if (!/^[A-Za-z0-9-]{1,64}$/.test(fileId)) throw notFound('not_found.record');
    const [service] = await this.models.find('services', {
      filter: { tenantId: salon.id, image_file_id: fileId },
      limit: 1,
    });
    const held = await withheldOf(this.models, salon.id);
    const shown =
      service &&
      shownToCustomers(service) &&
      !held('service', service.id, 'item') &&
      !held('service', service.id, 'image');
    const file = shown ? await this.files.get(salon.id, fileId) : undefined;
    if (!file || !file.meta.contentType.startsWith('image/')) throw notFound('not_found.record');
    res.setHeader('Content-Type', file.meta.contentType);
    res.setHeader('Content-Length', String(file.bytes.length));
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(file.bytes);
  }

  /**
   * The employees a customer may choose (the appointment table's), by name, each with the services
   * she does (`service_ids`; absent: every service), so the page offers her only for those.
   */
  @Get('salons/:alias/employees')
  async employees(@Param('alias') alias: string) {
    const salon = await salonOfAlias(this.models, alias);
    const employees = await bookableEmployees(this.models, salon.id);
    return employees.map((e) => ({
      id: e.id,
      name_en: e.name_en,
      name_ar: e.name_ar,
      ...(Array.isArray(e.service_ids) && { service_ids: e.service_ids as string[] }),
    }));
  }

  /** The free starts of a visit of these services, for any employee or the one chosen. */
  @Get('salons/:alias/availability')
  async availability(@Param('alias') alias: string, @Query() query: Record<string, unknown>) {
    const salon = await salonOfAlias(this.models, alias);
    const input = parseInput(availabilityQuery, query);
    const services = await servicesOf(
      this.models,
      salon.id,
      input.service_ids,
      'service_ids',
      shownToCustomers,
    );
    const account = await accountOf(this.models, salon.id);
    const days = input.days ? Number(input.days) : 1;
    const free = await freeTimes(this.models, {
      tenantId: salon.id,
      timeZone: account.timeZone,
      week: salon.business_hours as OpeningDay[] | undefined,
      services,
      date: input.date,
      days,
      preferred: input.employee_id,
      now: Date.now(),
    });
    if (input.employee_id && !free.employees.some((e) => e.id === input.employee_id))
      throw rejected('appointments.employee_not_in_book', 'employee_id');
    return { date: input.date, days, ...freeTimesAnswer(services, free) };
  }

  /** A booking as its customer sees it from her link: the visit, its services and employees, the salon. */
  @Get('e-booking/:uniqueId')
  async booking(@Param('uniqueId') uniqueId: string) {
    if (!/^[A-Za-z0-9_-]{22}$/.test(uniqueId)) throw notFound('not_found.appointment');
    const [visit] = await this.models.find('appointments', { filter: { unique_id: uniqueId }, limit: 1 });
    if (!visit) throw notFound('not_found.appointment');
    const [salon, services, employees] = await Promise.all([
      this.models.get('accounts', visit.tenantId as string),
      this.models.getMany(
        'services',
        (visit.lines as Array<{ service_id: string }>).map((l) => l.service_id),
      ),
      this.models.getMany(
        'employees',
        (visit.lines as Array<{ employee_id: string }>).map((l) => l.employee_id),
      ),
    ]);
    const name = (docs: typeof services, id: string) => docs.find((d) => d.id === id);
    const { timeZone } = await accountOf(this.models, visit.tenantId as string);
    const cutoffHours =
      (salon?.cancel_cutoff_hours as number | undefined) ?? ONLINE_DEFAULTS.cancelCutoffHours;
    // until when she may cancel or move it herself (the command decides again)
    const changeUntil = new Date(Date.parse(visit.start as string) - cutoffHours * 3_600_000).toISOString();
    return {
      unique_id: uniqueId,
      time_zone: timeZone,
      can_change: visit.status === 1 && Date.now() <= Date.parse(changeUntil),
      change_until: changeUntil,
      booking_no: visit.booking_no,
      date: visit.date,
      start: visit.start,
      end: visit.end,
      status: visit.status,
      salon: salon
        ? (({ alias, name_en, name_ar, address_en, address_ar, phone, map_url }) => ({
            alias,
            name_en,
            name_ar,
            address_en,
            address_ar,
            phone,
            map_url,
            cancel_cutoff_hours: cutoffHours,
          }))(publicSalonCard(salon))
        : null,
      lines: (
        visit.lines as Array<{ service_id: string; employee_id: string; start: string; end: string }>
      ).map((l) => ({
        service_id: l.service_id,
        employee_id: l.employee_id,
        start: l.start,
        end: l.end,
        service: {
          name_en: name(services, l.service_id)?.name_en,
          name_ar: name(services, l.service_id)?.name_ar,
        },
        employee: {
          name_en: name(employees, l.employee_id)?.name_en,
          name_ar: name(employees, l.employee_id)?.name_ar,
        },
      })),
    };
  }
}
