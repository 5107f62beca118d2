import { z } from 'zod';
import { BookingSourceSchema } from '../coded-values/enumerations';
import { cleanPayload, customerFieldShapes } from '../customers/customer-input';
import { epochOf } from '../dates/instants';
import { isQuarterAligned } from '../dates/slots';
import { isEmpty, issue, required, type Validator } from '../validators/core';
import { integer, price } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { booleanish, perCountry, withFieldRule, withRule } from '../validators/zod';

/** A visit holds at most this many service lines. */
export const MAX_VISIT_LINES = 10;
/** A line lasts 5 minutes to 12 hours; its end need not fall on a quarter (a 20-minute service). */
export const MIN_LINE_MINUTES = 5;
export const MAX_LINE_MINUTES = 12 * 60;

const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);

/** An instant with its zone ('2026-11-25T07:00:00.000Z' or '+03:00'), on a quarter hour (doc2 §9). */
export const quarterInstant: Validator = (value) => {
  if (isEmpty(value)) return undefined;
  if (typeof value !== 'string') return issue('should_be_a_time');
  try {
    epochOf(value);
  } catch {
    return issue('should_be_a_time');
  }
  return isQuarterAligned(value) ? undefined : { key: 'appointments.start_not_on_quarter' };
};

const id = withRule(z.string(), required, maxLength(60));

/**
 * "Book anyway": where the salon allows overbooking, a time over another visit of the same employee
 * is refused until the desk confirms it (409 `appointments.overbooking_to_confirm`); the customer can
 * never be in two places at once.
 */
const overbook = booleanish.optional();

/** One service of a visit: who does it, when it starts, how long (default: the service's job time), at what price. */
export const appointmentLineInput = (context: { countryId: number }) =>
  z.object({
    /** an existing line of the visit being changed; absent for a new line */
    line_id: withRule(z.string(), maxLength(60)).optional(),
    service_id: id,
    employee_id: id,
    start: withRule(z.string(), required, quarterInstant),
    duration: numberText(
      withRule(z.string(), integer({ min: MIN_LINE_MINUTES, max: MAX_LINE_MINUTES })),
    ).optional(),
    /** in the currency's units ('85.50'); changing the service's price needs the right */
    price: numberText(withRule(z.string(), price({ countryId: context.countryId }))).optional(),
  });
export type AppointmentLineInput = z.infer<ReturnType<typeof appointmentLineInput>>;

const linesOf = (context: { countryId: number }) =>
  withRule(z.array(appointmentLineInput(context)), (v) =>
    Array.isArray(v) && v.length === 0
      ? { key: 'appointments.at_least_one_service' }
      : Array.isArray(v) && v.length > MAX_VISIT_LINES
        ? { key: 'appointments.too_many_lines', params: { max: MAX_VISIT_LINES } }
        : undefined,
  );

/** A new customer typed at the desk while booking (the customer rules apply). */
const quickCustomer = (context: { countryId: number }) => {
  const shapes = customerFieldShapes(context);
  return z.preprocess(
    cleanPayload,
    z.object({ name: shapes.name, mobile: shapes.mobile, email: shapes.email, gender: shapes.gender }),
  );
};

/**
 * Booking a visit (doc2 §5.5: at least one service). The customer is an existing one (`customer_id`)
 * or a new one typed at the desk (`customer`).
 */
export const bookAppointmentInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    withFieldRule(
      z.object({
        customer_id: withRule(z.string(), maxLength(60)).optional(),
        customer: quickCustomer(context).optional(),
        lines: linesOf(context),
        source: z
          .preprocess((v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v), BookingSourceSchema)
          .default(0),
        notes: withRule(z.string(), maxLength(1000)).optional(),
        /** a no-show visit booked again from the call-back list */
        rebook_of: withRule(z.string(), maxLength(60)).optional(),
        overbook,
      }),
      'customer_id',
      (d) => (value) => (isEmpty(value) && isEmpty(d.customer) ? issue('is_required') : undefined),
    ),
  ),
);
export type BookAppointmentInput = z.infer<ReturnType<typeof bookAppointmentInput>>;

/** Changing a visit's lines and notes (its customer stays). */
export const changeAppointmentInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    z.object({ lines: linesOf(context), notes: withRule(z.string(), maxLength(1000)).optional(), overbook }),
  ),
);
export type ChangeAppointmentInput = z.infer<ReturnType<typeof changeAppointmentInput>>;

/** The calendar's drag and resize: one line to another start, employee or length. */
export const moveAppointmentLineInput = z.preprocess(
  cleanPayload,
  z.object({
    line_id: id,
    start: withRule(z.string(), required, quarterInstant),
    employee_id: withRule(z.string(), maxLength(60)).optional(),
    duration: numberText(
      withRule(z.string(), integer({ min: MIN_LINE_MINUTES, max: MAX_LINE_MINUTES })),
    ).optional(),
    overbook,
  }),
);
export type MoveAppointmentLineInput = z.infer<typeof moveAppointmentLineInput>;

/** The whole visit to another start, its lines keeping their order and gaps. */
export const rescheduleAppointmentInput = z.preprocess(
  cleanPayload,
  z.object({ start: withRule(z.string(), required, quarterInstant), overbook }),
);

/** Another employee for one line. */
export const changeLineEmployeeInput = z.preprocess(
  cleanPayload,
  z.object({ line_id: id, employee_id: id, overbook }),
);

/** A cancellation needs a reason: one of the salon's list, or written out. */
export const cancelAppointmentInput = z.preprocess(
  cleanPayload,
  withFieldRule(
    z.object({
      reason_id: withRule(z.string(), maxLength(60)).optional(),
      reason: withRule(z.string(), maxLength(300)).optional(),
    }),
    'reason_id',
    (d) => (value) => (isEmpty(value) && isEmpty(d.reason) ? issue('is_required') : undefined),
  ),
);
export type CancelAppointmentInput = z.infer<typeof cancelAppointmentInput>;

/** A reason the salon keeps for cancellations, in both languages. */
export const cancellationReasonInput = z.preprocess(
  cleanPayload,
  z.object({
    name_en: withRule(z.string(), required, maxLength(100)),
    name_ar: withRule(z.string(), required, maxLength(100)),
  }),
);
export type CancellationReasonInput = z.infer<typeof cancellationReasonInput>;
