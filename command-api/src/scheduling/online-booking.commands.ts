import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  APPOINTMENT_CATEGORY,
  businessDate,
  decimalsOf,
  DomainError,
  inclusiveFromExclusive,
  toMinor,
  epochOf,
  newId,
  notFound,
  ONLINE_DEFAULTS,
  rescheduleAppointmentInput,
  streamName,
  onlineBookingInput,
  rejected,
  toInstant,
  type OpeningDay,
} from '@rawnaq/contracts';
import {
  decimalText,
  parseInput,
  TOKENS,
  type Doc,
  type EventStore,
  type ReadModels,
  type UserScope,
} from '@rawnaq/platform';
import { GatewayPayments } from '../online/gateway-payments.commands';
import { freeTimes, salonOfAlias, withheldOf } from '@rawnaq/projections';
import { Answer } from '../shared/answer';
import { type CommandContext, UNIT } from '../shared/command-context';
import { Aggregates } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { bookingLinkOf, ChangeAppointments } from './appointments.commands';
import { OnlineVisits } from './online-visits';
import { OnlineCustomers } from '../customers/online-customers';
import { evolveVisit, initialVisitState } from './visit';
import type { UnitOfWork } from '../shared/unit-of-work';

/**
 * The deposit the salon's policy asks for a visit of these services (minor units): none, a fixed
 * amount (never more than the visit), or a percentage of the visit's total with VAT.
 */
export const depositOf = (salon: Doc, services: Doc[], countryId: number): number => {
  const vat = Number(salon.vat_percentage ?? 0);
  const total = services.reduce((sum, s) => sum + inclusiveFromExclusive(Number(s.price ?? 0), vat), 0);
  if (total <= 0) return 0;
  if (salon.deposit_type === 'amount' && typeof salon.deposit_amount === 'string' && salon.deposit_amount)
    return Math.min(total, toMinor(salon.deposit_amount, countryId));
  if (salon.deposit_type === 'percentage' && salon.deposit_percentage)
    return Math.min(total, Math.round((total * Number(salon.deposit_percentage)) / 100));
  return 0;
};

export class BookOnline {
  constructor(
    readonly alias: string,
    readonly body: unknown,
    readonly now: Date,
    readonly idempotencyKey?: string,
    /** the site's origin as the customer reached it, for gateways that call back over the internet */
    readonly origin = '',
    /** the request's unit of work (see `RequestUnit`) */
    readonly unit?: UnitOfWork,
  ) {}
}

/**
 * What the online pages may do in the appointment book: see every employee's column to book any of
 * them, nothing else (no price change, no overbooking, no past).
 */
export const ONLINE: { scope: UserScope } = {
  scope: { employeeId: undefined, rights: new Set(['view_all_appointments']), isAdmin: false },
};

/** The reason a visit cancelled from the customer's link carries (the desk reads it in the calendar). */
const CANCELLED_ONLINE = 'Cancelled by the customer online | ألغته العميلة عبر الإنترنت';

/** The booked visit as the online page is answered: its own fields, no customer's. */
const publicVisit = (visit: Record<string, unknown>) => ({
  id: visit.id,
  unique_id: visit.unique_id,
  booking_no: visit.booking_no,
  date: visit.date,
  lines: visit.lines,
  status: visit.status,
});

/** Refusals that mean the time is no longer free (someone took it, or it is no longer bookable). */
const TAKEN = new Set([
  'appointments.employee_busy',
  'appointments.overbooking_to_confirm',
  'appointments.outside_salon_hours',
  'appointments.outside_employee_hours',
  'appointments.employee_day_off',
  'appointments.employee_blocked',
  'appointments.start_in_past',
  'appointments.past_needs_right',
  'errors.conflict_retry',
]);
const isTaken = (error: DomainError) =>
  TAKEN.has(error.key) || (error.details ?? []).some((d) => TAKEN.has(d.key));

/**
 * A customer books a visit on the salon's online pages: the salon must take online bookings; the
 * services must be shown to customers; she is the salon's customer with that mobile and name or is
 * registered with the visit (`OnlineCustomers`); "any employee" takes the engine's assignment for that start. The appointment book
 * then checks the time again as it writes it, atomically: a time taken meanwhile is refused with
 * `online.slot_taken` (409) and nothing is written.
 */
@CommandHandler(BookOnline)
export class BookOnlineHandler implements ICommandHandler<BookOnline> {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(OnlineVisits) private readonly visits: OnlineVisits,
    @Inject(GatewayPayments) private readonly payments: GatewayPayments,
    @Inject(OnlineCustomers) private readonly customers: OnlineCustomers,
  ) {}

  async execute({ alias, body, now, idempotencyKey, origin, unit }: BookOnline): Promise<Answer> {
    const salon = await salonOfAlias(this.models, alias);
    const tenant = await tenantInfo(this.models, salon.id, now);
    const schemas = onlineBookingInput({ countryId: tenant.countryId });
    const input = parseInput(
      salon.require_email === true ? schemas.emailRequired : schemas.emailOptional,
      body,
    );
    const [found, held] = await Promise.all([
      this.models.getMany('services', input.service_ids),
      withheldOf(this.models, salon.id),
    ]);
    const services = input.service_ids.map((id) =>
      found.find(
        (s) =>
          s.id === id &&
          s.tenantId === salon.id &&
          s.status !== 0 &&
          s.show_to_customer !== false &&
          // one the platform's team withheld from the online pages is not booked there either
          !held('service', s.id, 'item'),
      ),
    );
    const missing = services.findIndex((s) => !s);
    if (missing >= 0) throw rejected('not_found.service', `service_ids.${missing}`);
    // the input first, so a bad one always names its field
    if (salon.online_booking !== true) throw new DomainError('online.booking_closed', 409);
    const ctx: CommandContext = {
      tenantId: salon.id,
      actor: { kind: 'customer', id: `online:${input.mobile}` },
      correlationId: newId(),
      idempotencyKey,
      now,
      [UNIT]: unit,
    };
    // she is the customer on file whose mobile and name agree, or a new one (`OnlineCustomers`),
    // registered in this same unit: not at all if the booking is refused
    const customerId = await this.customers.customerFor(ctx, {
      name: input.name,
      mobile: input.mobile,
      ...(input.email && { email: input.email }),
    });
    const lines = await this.linesAt(
      salon,
      tenant.timeZone,
      services as Doc[],
      input.start,
      input.employee_id,
      customerId,
      now,
    );
    const uniqueId = bookingLinkOf(ctx);
    const amount = depositOf(salon, services as Doc[], tenant.countryId);
    let booked: Answer<Record<string, unknown>>;
    try {
      booked = (await this.commands.execute(
        new ChangeAppointments(
          ctx,
          ONLINE,
          {
            kind: 'book',
            body: {
              customer_id: customerId,
              lines,
              source: 1,
              ...(input.notes && { notes: input.notes }),
            },
          },
          uniqueId,
          // with a deposit to pay, the confirmation waits for the payment
          amount === 0,
        ),
      )) as Answer<Record<string, unknown>>;
    } catch (error) {
      if (error instanceof DomainError && isTaken(error))
        throw new DomainError('online.slot_taken', 409, { start: 'online.slot_taken' });
      throw error;
    }
    // a booking made online counts for the day's online visits report (a deposit never paid cancels it later)
    this.visits.booked(salon.id, tenant.today);
    // what the page needs of the visit, and nothing of the customer's record on file
    if (amount === 0) return new Answer(publicVisit(booked.body), booked.position, booked.status);
    // the deposit first: the visit holds its time while she pays, a failure or the expiry cancels it
    const visit = booked.body;
    const { payment } = await this.payments.startForVisit(ctx, tenant, {
      appointmentId: String(visit.id),
      bookingUniqueId: String(visit.unique_id ?? uniqueId),
      customerId: String(visit.customer_id),
      customerName: input.name,
      mobile: input.mobile,
      amount,
      language: input.language === 'en' ? 'en' : 'ar',
      alias: String(salon.alias),
      merchantName: String((input.language === 'en' ? salon.name_en : salon.name_ar) ?? salon.name_en ?? ''),
      origin,
    });
    const currency = payment.currency as Parameters<typeof decimalsOf>[0];
    return new Answer(
      {
        payment_required: true,
        booking: { id: visit.id, unique_id: payment.booking_unique_id },
        payment: {
          unique_id: payment.unique_id,
          pay_url: payment.pay_url,
          amount: decimalText(payment.amount, decimalsOf(currency)),
          amount_minor: payment.amount,
          currency: payment.currency,
          expires_at: payment.expires_at,
          status: 1,
        },
      },
      booked.position,
      202,
    );
  }

  /**
   * The lines of the visit at that start: one employee for all when she was chosen, else who the
   * engine gives for that start now. No free assignment: the time is taken.
   */
  private async linesAt(
    salon: Doc,
    timeZone: Parameters<typeof businessDate>[1],
    services: Doc[],
    start: string,
    employeeId: string | undefined,
    customerId: string | undefined,
    now: Date,
  ) {
    const at = epochOf(start);
    const free = await freeTimes(this.models, {
      tenantId: salon.id,
      timeZone,
      week: salon.business_hours as OpeningDay[] | undefined,
      services,
      date: businessDate(toInstant(at), timeZone),
      days: 1,
      preferred: employeeId,
      customerId,
      now: now.getTime(),
    });
    if (employeeId && !free.employees.some((e) => e.id === employeeId))
      throw rejected('appointments.employee_not_in_book', 'employee_id');
    const slot = employeeId
      ? (free.answer.byEmployee[employeeId] ?? []).includes(at)
        ? { start: at, employees: services.map(() => employeeId) }
        : undefined
      : free.answer.visit.find((v) => v.start === at);
    if (!slot) throw new DomainError('online.slot_taken', 409, { start: 'online.slot_taken' });
    return services.map((s, i) => ({
      service_id: s.id,
      employee_id: slot.employees[i],
      start: toInstant(at + free.offsets[i] * 60_000),
    }));
  }
}

export class ChangeOnlineBooking {
  constructor(
    readonly uniqueId: string,
    readonly change: 'cancel' | 'reschedule',
    readonly body: unknown,
    readonly now: Date,
    readonly idempotencyKey?: string,
    /** the request's unit of work (see `RequestUnit`) */
    readonly unit?: UnitOfWork,
  ) {}
}

/**
 * The customer cancels or moves her visit from its link (`e-booking/{uniqueId}`), until the salon's
 * cut-off before it starts (`cancel_cutoff_hours`, 24 by default): after it, `409 online.cutoff_passed`
 * and the salon is the one to call. A new time is checked as any booking is (`online.slot_taken`).
 */
@CommandHandler(ChangeOnlineBooking)
export class ChangeOnlineBookingHandler implements ICommandHandler<ChangeOnlineBooking> {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS.eventStore) private readonly store: EventStore,
  ) {}

  async execute({ uniqueId, change, body, now, idempotencyKey, unit }: ChangeOnlineBooking): Promise<Answer> {
    const input = change === 'reschedule' ? parseInput(rescheduleAppointmentInput, body) : undefined;
    if (!/^[A-Za-z0-9_-]{22}$/.test(uniqueId)) throw notFound('not_found.appointment');
    const lookup = () => this.models.find('appointments', { filter: { unique_id: uniqueId }, limit: 1 });
    let [found] = await lookup();
    if (!found) {
      // a link followed the moment it was made: the calendar's read model catches up first
      await this.models.waitFor(['appointments'], await this.store.headPosition(), 2_000);
      [found] = await lookup();
    }
    if (!found) throw notFound('not_found.appointment');
    const tenantId = found.tenantId as string;
    const salon = await this.models.get('accounts', tenantId);
    // the command's first read: nothing of it is pending yet
    const { state } = await this.aggregates.load(
      undefined,
      streamName(APPOINTMENT_CATEGORY, tenantId, found.id),
      initialVisitState,
      evolveVisit,
    );
    if (!state.exists) throw notFound('not_found.appointment');
    if (state.status === 0) throw new DomainError('appointments.already_cancelled', 409);
    const cutoffHours =
      (salon?.cancel_cutoff_hours as number | undefined) ?? ONLINE_DEFAULTS.cancelCutoffHours;
    const start = Math.min(...state.lines.map((l) => Date.parse(l.start)));
    if (now.getTime() > start - cutoffHours * 3_600_000 || state.status === 2)
      throw new DomainError('online.cutoff_passed', 409, undefined, { hours: cutoffHours });
    const ctx: CommandContext = {
      tenantId,
      actor: { kind: 'customer', id: `e-booking:${uniqueId}` },
      correlationId: newId(),
      idempotencyKey,
      now,
      [UNIT]: unit,
    };
    try {
      return (await this.commands.execute(
        new ChangeAppointments(
          ctx,
          ONLINE,
          change === 'cancel'
            ? { kind: 'cancel', id: found.id, body: { reason: CANCELLED_ONLINE } }
            : { kind: 'reschedule', id: found.id, body: { start: input!.start } },
        ),
      )) as Answer;
    } catch (error) {
      if (change === 'reschedule' && error instanceof DomainError && isTaken(error))
        throw new DomainError('online.slot_taken', 409, { start: 'online.slot_taken' });
      throw error;
    }
  }
}
