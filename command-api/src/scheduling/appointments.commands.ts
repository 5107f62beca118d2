import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  APPOINTMENT_CATEGORY,
  bookAppointmentInput,
  businessDate,
  cancelAppointmentInput,
  CANCELLATION_REASONS_CATEGORY,
  changeAppointmentInput,
  changeLineEmployeeInput,
  CUSTOMER_CATEGORY,
  DomainError,
  doesService,
  epochOf,
  formatViewTime,
  moveAppointmentLineInput,
  notFound,
  rejected,
  rescheduleAppointmentInput,
  streamName,
  toInstant,
  toMinor,
  type AppointmentLine,
  type AppointmentLineInput,
  type CancellationReasonEvent,
  type CustomerEvent,
  type DayBookEvent,
  type ErrorDetail,
  refusalOf,
} from '@rawnaq/contracts';
import {
  hasRight,
  parseInput,
  TOKENS,
  userScope,
  type AuthContext,
  type ReadModels,
  type UserScope,
} from '@rawnaq/platform';
import { currentCustomer, RegisterCustomer } from '../customers/customer.commands';
import {
  decideCustomer,
  evolveCustomer,
  initialCustomerState,
  type CustomerState,
} from '../customers/customer';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { Sequences } from '../shared/sequences';
import { tenantInfo, type TenantInfo } from '../shared/tenant';
import { BookingContext, customerDayStream, datesOf, employeeDayStream } from './booking-context';
import {
  decideDayBook,
  evolveDayBook,
  initialDayBook,
  overlapsOf,
  ownOverlaps,
  type DayBookState,
  type WantedTime,
} from './day-book';
import { scheduleConflicts } from './schedule-rules';
import {
  decideVisit,
  evolveVisit,
  initialVisitState,
  unknownLine,
  type VisitCommand,
  type VisitContext,
  type VisitState,
} from './visit';
import { evolveReasons, initialReasons, type ReasonsState } from './cancellation-reasons';
import { OutboxWorker } from '../engagement/outbox.worker';

/** What the desk asks of the appointment book. */
export type AppointmentRequest =
  | { kind: 'book'; body: unknown }
  | { kind: 'change'; id: string; body: unknown }
  | { kind: 'move-line'; id: string; body: unknown }
  | { kind: 'reschedule'; id: string; body: unknown }
  | { kind: 'change-employee'; id: string; body: unknown }
  | { kind: 'cancel'; id: string; body: unknown }
  | { kind: 'confirm' | 'check-in' | 'no-show' | 'remind'; id: string };

export class ChangeAppointments {
  constructor(
    readonly ctx: CommandContext,
    /** a signed-in user, or the rights of another channel (the salon's online pages) */
    readonly auth: AuthContext | { scope: UserScope },
    readonly request: AppointmentRequest,
    /** a booking's public link (`e-booking/{uniqueId}`), when the channel gives one */
    readonly uniqueId?: string,
    /**
     * whether the booking's confirmation is sent with it (the online pages say no while a deposit is
     * to be paid: it is sent once paid)
     */
    readonly confirmation = true,
  ) {}
}

/** A booking's link (`e-booking/{uniqueId}`): 22 characters no one can guess, the same on a retry. */
export const bookingLinkOf = (ctx: CommandContext) =>
  createHash('sha256').update(idFor(ctx, 'booking-link')).digest('base64url').slice(0, 22);

const visitStream = (ctx: CommandContext, id: string) => streamName(APPOINTMENT_CATEGORY, ctx.tenantId, id);

/**
 * A conflict's times on the salon's clock as the pages show them ('08:00 PM', '08:00 م'), in both
 * languages (`from_en`, `from_ar`...): the reader's is used.
 */
const timesOf = (from: number, to: number, tenant: TenantInfo) => {
  const at = (instant: number, locale: 'en' | 'ar') =>
    formatViewTime(instant, { locale, tz: tenant.timeZone });
  return { from_en: at(from, 'en'), from_ar: at(from, 'ar'), to_en: at(to, 'en'), to_ar: at(to, 'ar') };
};

/** The answer of every command: the visit as the drawer shows it, plus the overbooking warning. */
const visitOf = (state: VisitState, extra: Record<string, unknown> = {}) =>
  state.exists
    ? {
        id: state.appointmentId,
        customer_id: state.customerId,
        date: state.date,
        lines: state.lines,
        status: state.status,
        confirmed: state.confirmed,
        no_show: state.noShow,
        ...extra,
      }
    : undefined;

/**
 * Books and changes visits. Every change of lines goes through `place`: the services and employees
 * are checked, the times against the salon's and the employee's hours, holidays and blocks, then
 * against the employees' and the customer's days of bookings, where the reservation itself is
 * recorded in the same atomic append as the visit (no double booking under any concurrency).
 */
@CommandHandler(ChangeAppointments)
export class ChangeAppointmentsHandler implements ICommandHandler<ChangeAppointments> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(Sequences) private readonly sequences: Sequences,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(OutboxWorker) private readonly messages: OutboxWorker,
  ) {}

  async execute({ ctx, auth, request: r, uniqueId, confirmation }: ChangeAppointments): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const scope = 'scope' in auth ? auth.scope : await userScope(this.models, auth);
    const context = {
      now: ctx.now.getTime(),
      today: tenant.today,
      mayChangePast: hasRight(scope, 'edit_past_appointments'),
    };
    if (r.kind === 'book') return this.book(ctx, tenant, scope, r.body, context, uniqueId, confirmation);
    const stream = visitStream(ctx, r.id);
    const { state } = await this.aggregates.load(ctx, stream, initialVisitState, evolveVisit);
    if (!state.exists) throw notFound('not_found.appointment');
    this.mustSee(scope, state.lines);
    const run = (command: VisitCommand) =>
      this.aggregates.handle(stream, ctx, {
        initial: initialVisitState,
        evolve: evolveVisit,
        decide: (s) => decideVisit(command, s, context),
      });
    switch (r.kind) {
      case 'confirm':
        return new Answer(visitOf((await run({ type: 'Confirm' })).state));
      case 'remind': {
        // marked reminded as before; and the reminder itself leaves on WhatsApp now (once per visit
        // and time, whoever asks again), when the customer allows it: the answer says if it does not
        const outcome = await run({ type: 'Remind' });
        const start = state.lines.map((l) => l.start).sort()[0];
        const reminder = await this.messages.outbox.queueReminder(
          ctx,
          { id: state.appointmentId, customer_id: state.customerId, start, status: 1 },
          ctx.now,
        );
        return new Answer(visitOf(outcome.state, { reminder }));
      }
      case 'check-in':
        return new Answer(visitOf((await run({ type: 'CheckIn' })).state));
      case 'cancel': {
        const input = parseInput(cancelAppointmentInput, r.body);
        const reason = input.reason_id ? await this.reason(ctx, input.reason_id) : undefined;
        const outcome = await run({
          type: 'Cancel',
          reasonId: input.reason_id,
          reasonEn: reason?.name_en,
          reasonAr: reason?.name_ar,
          reason: input.reason,
        });
        await this.free(ctx, tenant, state);
        return new Answer(visitOf(outcome.state));
      }
      case 'no-show': {
        const outcome = await run({ type: 'MarkNoShow' });
        await this.free(ctx, tenant, state);
        // the follow-up inviting her to book again (Settings → Notifications), with the no-show itself
        await this.messages.outbox.queueNoShowFollowUp(ctx, {
          id: state.appointmentId,
          customer_id: state.customerId,
          start: state.lines.map((l) => l.start).sort()[0],
        });
        // the penalty is the customer's she is today (merged into another since she booked: that one)
        const customer = await currentCustomer(this.aggregates, ctx, state.customerId);
        await this.aggregates.handle<CustomerState, CustomerEvent>(
          streamName(CUSTOMER_CATEGORY, ctx.tenantId, customer?.id ?? state.customerId),
          ctx,
          {
            initial: initialCustomerState,
            evolve: evolveCustomer,
            decide: (s) =>
              decideCustomer(
                { type: 'RecordPenalty', penaltyType: 1, appointmentId: state.appointmentId },
                s,
                { today: tenant.today },
              ),
          },
        );
        return new Answer(visitOf(outcome.state));
      }
      case 'change': {
        const input = parseInput(changeAppointmentInput({ countryId: tenant.countryId }), r.body);
        const lines = await this.linesOf(ctx, tenant, scope, input.lines, state.lines);
        return this.changeLines(ctx, tenant, state, lines, input.notes ?? null, context, run, input.overbook);
      }
      case 'move-line': {
        const input = parseInput(moveAppointmentLineInput, r.body);
        const line = state.lines.find((l) => l.line_id === input.line_id);
        if (!line) throw unknownLine();
        const duration = input.duration ? Number(input.duration) : line.duration;
        const moved = state.lines.map((l) =>
          l.line_id === line.line_id
            ? this.timed({ ...l, employee_id: input.employee_id ?? l.employee_id }, input.start, duration)
            : l,
        );
        this.mustSee(scope, moved);
        return this.changeLines(ctx, tenant, state, moved, undefined, context, run, input.overbook);
      }
      case 'reschedule': {
        const input = parseInput(rescheduleAppointmentInput, r.body);
        const shift = epochOf(input.start) - Math.min(...state.lines.map((l) => Date.parse(l.start)));
        const moved = state.lines.map((l) =>
          this.timed(l, toInstant(Date.parse(l.start) + shift), l.duration),
        );
        return this.changeLines(ctx, tenant, state, moved, undefined, context, run, input.overbook);
      }
      case 'change-employee': {
        const input = parseInput(changeLineEmployeeInput, r.body);
        if (!state.lines.some((l) => l.line_id === input.line_id)) throw unknownLine();
        const changed = state.lines.map((l) =>
          l.line_id === input.line_id ? { ...l, employee_id: input.employee_id } : l,
        );
        this.mustSee(scope, changed);
        return this.changeLines(ctx, tenant, state, changed, undefined, context, run, input.overbook);
      }
    }
  }

  private async book(
    ctx: CommandContext,
    tenant: TenantInfo,
    scope: UserScope,
    body: unknown,
    context: { now: number; today: string; mayChangePast: boolean },
    givenLink?: string,
    confirmation = true,
  ): Promise<Answer> {
    const input = parseInput(bookAppointmentInput({ countryId: tenant.countryId }), body);
    // every booking has its customer's link (`e-booking/{uniqueId}`): the confirmation carries it
    const uniqueId = givenLink ?? bookingLinkOf(ctx);
    const appointmentId = idFor(ctx, 'appointment');
    let customerId = input.customer_id;
    if (customerId) {
      const { state } = await this.aggregates.load(
        ctx,
        streamName(CUSTOMER_CATEGORY, ctx.tenantId, customerId),
        initialCustomerState,
        evolveCustomer,
      );
      if (!state.registered) throw rejected('not_found.customer', 'customer_id');
      // merged into another customer: book the one kept (the lists show only her)
      if (state.mergedInto)
        throw new DomainError('customers.merged', 409, { customer_id: 'customers.merged' });
      if (!state.active) throw rejected('appointments.customer_disabled', 'customer_id');
    } else {
      // a new customer typed at the desk: registered in this same unit (and not at all if the booking fails)
      const registered = (await this.commands.execute(new RegisterCustomer(ctx, input.customer))) as Answer<{
        id: string;
      }>;
      customerId = registered.body.id;
    }
    if (input.rebook_of) {
      const { state } = await this.aggregates.load(
        ctx,
        visitStream(ctx, input.rebook_of),
        initialVisitState,
        evolveVisit,
      );
      if (!state.exists || state.customerId !== customerId)
        throw rejected('not_found.appointment', 'rebook_of');
    }
    const lines = await this.linesOf(ctx, tenant, scope, input.lines, []);
    this.mustSee(scope, lines);
    const overbooked = await this.place(ctx, tenant, appointmentId, customerId, [], lines, {
      now: context.now,
      overbook: input.overbook === true,
    });
    const bookingNo = await this.sequences.next(ctx, 'appointment');
    const outcome = await this.aggregates.handle(visitStream(ctx, appointmentId), ctx, {
      initial: initialVisitState,
      evolve: evolveVisit,
      decide: (s) =>
        decideVisit(
          {
            type: 'Book',
            appointmentId,
            bookingNo,
            customerId: customerId!,
            date: businessDate(lines[0].start, tenant.timeZone),
            lines,
            source: input.source,
            notes: input.notes,
            overbooked,
          },
          s,
          context,
        ).map((e) =>
          e.type === 'AppointmentBooked'
            ? {
                ...e,
                data: {
                  ...e.data,
                  ...(input.rebook_of && { rebook_of: input.rebook_of }),
                  unique_id: uniqueId,
                },
              }
            : e,
        ),
    });
    // her confirmation, in this same unit: stored with the visit or not at all
    const confirmed = confirmation
      ? await this.messages.outbox.queueBookingConfirmation(ctx, {
          id: appointmentId,
          customer_id: customerId,
          start: lines.map((l) => l.start).sort()[0],
          unique_id: uniqueId,
        })
      : undefined;
    return new Answer(
      visitOf(outcome.state, {
        booking_no: bookingNo,
        overbooked,
        unique_id: uniqueId,
        ...(confirmed && { confirmation: confirmed }),
      }),
      outcome.position,
      201,
    );
  }

  private async changeLines(
    ctx: CommandContext,
    tenant: TenantInfo,
    state: Extract<VisitState, { exists: true }>,
    lines: AppointmentLine[],
    notes: string | null | undefined,
    context: VisitContext,
    run: (command: VisitCommand) => ReturnType<Aggregates['handle']>,
    overbook: boolean | undefined,
  ): Promise<Answer> {
    const sorted = [...lines].sort((a, b) => a.start.localeCompare(b.start));
    const change = (overbooked: boolean): VisitCommand => ({
      type: 'ChangeLines',
      date: businessDate(sorted[0].start, tenant.timeZone),
      lines: sorted,
      notes,
      overbooked,
    });
    // the visit's own rules first (a cancelled visit is not moved; nothing changed, nothing to do),
    // then the time it would take, then the change recorded with whether it overbooks
    if (!decideVisit(change(false), state, context).length) return new Answer(visitOf(state));
    const overbooked = await this.place(
      ctx,
      tenant,
      state.appointmentId,
      state.customerId,
      state.lines,
      sorted,
      {
        now: context.now,
        overbook: overbook === true,
      },
    );
    const outcome = await run(change(overbooked));
    return new Answer(visitOf(outcome.state as VisitState, { overbooked }));
  }

  /** A line at a start for a duration: its end follows. */
  private timed(line: AppointmentLine, start: string, duration: number): AppointmentLine {
    const from = epochOf(start);
    return { ...line, start: toInstant(from), end: toInstant(from + duration * 60_000), duration };
  }

  /** The requested lines as booked lines: services and employees checked, defaults from the menu. */
  private async linesOf(
    ctx: CommandContext,
    tenant: TenantInfo,
    scope: UserScope,
    wanted: AppointmentLineInput[],
    current: AppointmentLine[],
  ): Promise<AppointmentLine[]> {
    const booking = new BookingContext(this.aggregates, ctx);
    const menu = await booking.menu();
    const problems: ErrorDetail[] = [];
    const lines: AppointmentLine[] = [];
    for (const [i, w] of wanted.entries()) {
      const service = menu.services.get(w.service_id);
      const existing = w.line_id ? current.find((l) => l.line_id === w.line_id) : undefined;
      if (w.line_id && !existing)
        problems.push({ field: `lines.${i}.line_id`, key: 'appointments.line_not_found' });
      // a service removed from the menu may stay on a visit booked before; a new line needs an active one
      if (!service || (!service.active && existing?.service_id !== w.service_id)) {
        problems.push({ field: `lines.${i}.service_id`, key: 'not_found.service' });
        continue;
      }
      const employee = await booking.employee(w.employee_id);
      if (!employee.added || !employee.active || !employee.details.show_in_appointments)
        problems.push({ field: `lines.${i}.employee_id`, key: 'appointments.employee_not_in_book' });
      const menuPrice = service.offer_price ?? service.price;
      const price =
        w.price !== undefined ? toMinor(w.price, tenant.countryId) : (existing?.price ?? menuPrice);
      if (price !== menuPrice && price !== existing?.price && !hasRight(scope, 'change_invoice_price'))
        problems.push({ field: `lines.${i}.price`, key: 'appointments.price_change_needs_right' });
      const duration =
        w.duration !== undefined ? Number(w.duration) : (existing?.duration ?? service.job_time);
      lines.push(
        this.timed(
          {
            line_id: existing?.line_id ?? idFor(ctx, 'line', i),
            service_id: w.service_id,
            service_name_en: service.name_en,
            service_name_ar: service.name_ar,
            employee_id: w.employee_id,
            start: w.start,
            end: w.start,
            duration,
            price,
          },
          w.start,
          duration,
        ),
      );
    }
    if (problems.length) throw refusal(problems);
    return lines;
  }

  /**
   * Checks the lines against the hours and against everyone's bookings, and records the reservations
   * (freeing what the visit held before). Answers whether the visit overlaps another one, as the
   * overbooking setting allows once the desk has confirmed it (`overbook`); every conflict found is
   * named, with the employee and the time.
   */
  private async place(
    ctx: CommandContext,
    tenant: TenantInfo,
    appointmentId: string,
    customerId: string,
    before: AppointmentLine[],
    lines: AppointmentLine[],
    { now, overbook }: { now: number; overbook: boolean },
  ): Promise<boolean> {
    const booking = new BookingContext(this.aggregates, ctx);
    const settings = await booking.settings();
    const allowOverlap = settings.invoice.allow_overbooking === true;
    const parallel = settings.invoice.allow_parallel_services === true;
    const problems: ErrorDetail[] = [];
    const employees = new Map<string, Awaited<ReturnType<BookingContext['employee']>>>();
    for (const l of lines) employees.set(l.employee_id, await booking.employee(l.employee_id));
    // each line's employee does its service (her skills), at booking, edit, move and change of employee;
    // a line left as it was booked stays (her skills may have changed since)
    lines.forEach((l, i) => {
      const employee = employees.get(l.employee_id);
      const kept = before.some(
        (b) => b.line_id === l.line_id && b.service_id === l.service_id && b.employee_id === l.employee_id,
      );
      if (employee?.added && !kept && !doesService(employee.details, l.service_id))
        problems.push({ field: `lines.${i}.employee_id`, key: 'appointments.employee_not_qualified' });
    });
    // who does what is the desk's choice to correct first, before any time is weighed
    if (problems.length) throw refusal(problems);
    problems.push(
      ...scheduleConflicts({
        lines,
        previous: before,
        now,
        timeZone: tenant.timeZone,
        salon: { week: settings.businessHours, periods: [...settings.periods.values()] },
        employees,
      }),
    );
    // each day of each employee and of the customer that the visit holds or held
    const wantedByStream = new Map<string, { times: WantedTime[] }>();
    const want = (stream: string) => {
      let entry = wantedByStream.get(stream);
      if (!entry) wantedByStream.set(stream, (entry = { times: [] }));
      return entry;
    };
    const customerStreams = new Set<string>();
    for (const l of before)
      for (const date of datesOf(Date.parse(l.start), Date.parse(l.end), tenant.timeZone)) {
        want(employeeDayStream(ctx.tenantId, l.employee_id, date));
        const c = customerDayStream(ctx.tenantId, customerId, date);
        want(c);
        customerStreams.add(c);
      }
    for (const l of lines)
      for (const date of datesOf(Date.parse(l.start), Date.parse(l.end), tenant.timeZone)) {
        const time = { appointmentId, lineId: l.line_id, from: l.start, to: l.end };
        want(employeeDayStream(ctx.tenantId, l.employee_id, date)).times.push(time);
        const c = customerDayStream(ctx.tenantId, customerId, date);
        want(c).times.push(time);
        customerStreams.add(c);
      }
    let overbooked = false;
    // overlaps the salon allows, still to be confirmed by the desk
    const toConfirm: ErrorDetail[] = [];
    // the visit's own lines against one another: never the same employee twice at once, and the
    // customer with two employees at once only where the salon takes parallel services (never to be
    // booked through, as two visits of hers may not overlap); a line past midnight is in two days
    const named = new Set<string>();
    for (const [stream, entry] of wantedByStream) {
      const isCustomer = customerStreams.has(stream);
      if (isCustomer && parallel) continue;
      for (const { wanted: t, other } of ownOverlaps(entry.times)) {
        const i = lines.findIndex((l) => l.line_id === t.lineId);
        // the same employee twice is named as hers
        if (isCustomer && lines.find((l) => l.line_id === other.lineId)?.employee_id === lines[i].employee_id)
          continue;
        const key = isCustomer ? 'appointments.customer_busy' : 'appointments.employee_busy';
        if (named.has(`${i}:${key}`)) continue;
        named.add(`${i}:${key}`);
        const employee = employees.get(lines[i].employee_id);
        problems.push({
          field: `lines.${i}.start`,
          key,
          params: {
            employee_en: employee?.added ? employee.details.name_en : '',
            employee_ar: employee?.added ? employee.details.name_ar : '',
            ...timesOf(Date.parse(other.from), Date.parse(other.to), tenant),
          },
        });
      }
    }
    for (const [stream, entry] of wantedByStream) {
      const state = await booking.day(stream);
      const isCustomer = customerStreams.has(stream);
      for (const t of entry.times)
        for (const o of overlapsOf(state, t)) {
          const overbooking = !isCustomer && allowOverlap;
          if (overbooking) overbooked = true;
          if (overbooking && overbook) continue;
          const i = lines.findIndex((l) => l.line_id === t.lineId);
          const employee = employees.get(lines[i].employee_id);
          (overbooking ? toConfirm : problems).push({
            field: `lines.${i}.start`,
            key: isCustomer ? 'appointments.customer_busy' : 'appointments.employee_busy',
            params: {
              employee_en: employee?.added ? employee.details.name_en : '',
              employee_ar: employee?.added ? employee.details.name_ar : '',
              ...timesOf(o.from, o.to, tenant),
            },
          });
        }
    }
    if (problems.length) throw refusal([...problems, ...toConfirm]);
    // overlaps the salon allows: refused until the desk confirms them (always this message), each named
    if (toConfirm.length)
      throw new DomainError(
        'appointments.overbooking_to_confirm',
        409,
        Object.fromEntries(toConfirm.map((p) => [p.field!, p.key])),
        { count: toConfirm.length },
        toConfirm,
      );
    for (const [stream, entry] of wantedByStream) {
      const isCustomer = customerStreams.has(stream);
      await this.reserve(
        ctx,
        stream,
        appointmentId,
        entry.times,
        allowOverlap && !isCustomer,
        parallel && isCustomer,
      );
    }
    return overbooked;
  }

  /** The day's reservations of a visit become `times` (nothing: it frees the day). */
  private reserve(
    ctx: CommandContext,
    stream: string,
    appointmentId: string,
    times: WantedTime[],
    allowOverlap: boolean,
    parallel = false,
  ) {
    return this.aggregates.handle<DayBookState, DayBookEvent>(stream, ctx, {
      initial: initialDayBook(),
      evolve: evolveDayBook,
      decide: (s) =>
        decideDayBook(s, appointmentId, times, {
          allowOverlap,
          parallel,
          // checked above on the same revision; a change since then fails the append and reruns the command
          refuse: () => {
            throw new DomainError('errors.conflict_retry', 409);
          },
        }).events,
    });
  }

  /** Frees every day the visit held (a cancelled or no-show visit takes nobody's time). */
  private async free(ctx: CommandContext, tenant: TenantInfo, state: Extract<VisitState, { exists: true }>) {
    const streams = new Set<string>();
    for (const l of state.lines)
      for (const date of datesOf(Date.parse(l.start), Date.parse(l.end), tenant.timeZone)) {
        streams.add(employeeDayStream(ctx.tenantId, l.employee_id, date));
        streams.add(customerDayStream(ctx.tenantId, state.customerId, date));
      }
    for (const stream of streams) await this.reserve(ctx, stream, state.appointmentId, [], true);
  }

  /** Without "view all employees' appointments", a user works on her own column only. */
  private mustSee(scope: UserScope, lines: AppointmentLine[]) {
    if (hasRight(scope, 'view_all_appointments')) return;
    if (lines.some((l) => l.employee_id !== scope.employeeId))
      throw new DomainError('appointments.only_own_column', 403);
  }

  private async reason(ctx: CommandContext, reasonId: string) {
    const { state } = await this.aggregates.load<ReasonsState, CancellationReasonEvent>(
      ctx,
      streamName(CANCELLATION_REASONS_CATEGORY, ctx.tenantId, ctx.tenantId),
      initialReasons(),
      evolveReasons,
    );
    const reason = state.get(reasonId);
    if (!reason) throw rejected('not_found.cancellation_reason', 'reason_id');
    return reason;
  }
}

/** One conflict: its own message; several: "cannot be booked as it is" with each one listed. */
const refusal = (problems: ErrorDetail[]) =>
  refusalOf(problems, 'appointments.conflicts', problems.some((p) => p.key.endsWith('_busy')) ? 409 : 422);
