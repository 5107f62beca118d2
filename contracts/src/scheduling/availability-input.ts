import { z } from 'zod';
import { epochOf } from '../dates/instants';
import { SLOT_MINUTES } from '../dates/slots';
import { isEmpty, issue, required, type Validator } from '../validators/core';
import { date } from '../validators/dates';
import { integer, multipleOf } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { withFieldRule, withRule } from '../validators/zod';
import { MAX_LINE_MINUTES, MAX_VISIT_LINES, MIN_LINE_MINUTES } from './appointment-input';

/** Availability is asked for at most two weeks at a time (the booking site's and the desk's horizon). */
export const MAX_AVAILABILITY_DAYS = 14;

const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);

/** A list in a query string: a JSON array ('["a","b"]'), 'a,b', or repeated parameters. */
const queryList = (v: unknown): unknown => {
  if (Array.isArray(v) || typeof v !== 'string') return v;
  const text = v.trim();
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return v;
    }
  }
  return text === '' ? [] : text.split(',').map((s) => s.trim());
};

const id = withRule(z.string(), required, maxLength(60));

/** An instant with its zone ('2026-11-25T07:00:00Z'). */
const instant: Validator = (value) => {
  if (isEmpty(value)) return undefined;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value))
    return { key: 'errors.invalid_instant' };
  try {
    epochOf(value);
    return undefined;
  } catch {
    return { key: 'errors.invalid_instant' };
  }
};

/** One value per service of the visit, in the services' order (a list in the query string). */
const perLine = <T extends z.ZodType>(item: T) => z.preprocess(queryList, z.array(item)).optional();
const sameLength =
  (d: { service_ids: unknown }): Validator =>
  (value) =>
    Array.isArray(value) && Array.isArray(d.service_ids) && value.length !== d.service_ids.length
      ? { key: 'appointments.one_per_service' }
      : undefined;
const oneValuePerService = <T extends z.ZodType<Record<string, unknown> & { service_ids: unknown }>>(
  schema: T,
) =>
  withFieldRule(
    withFieldRule(withFieldRule(schema, 'employee_ids', sameLength), 'durations', sameLength),
    'offsets',
    sameLength,
  );

/**
 * GET /api/merchant/availability: the free starts of a visit of these services (in order, back to
 * back) from `date` for `days` dates; `employee_id` is the employee asked for (first choice on every
 * line), `customer_id` keeps the customer out of two places at once. A visit as the desk has it gives
 * its lines as they stand: who does each (`employee_ids`, '' for anyone: a line's chosen employee is
 * never swapped for another), for how long (`durations`, default the service's time), when
 * (`offsets`, minutes after the visit's start, on quarters; lines at once only where the salon takes
 * parallel services), and the visit's id when it is being changed (`appointment_id`: its own lines do
 * not count as busy).
 */
export const availabilityQuery = oneValuePerService(
  z.object({
    date: withRule(z.string(), required, date),
    service_ids: z.preprocess(
      queryList,
      withRule(z.array(id), (v) =>
        Array.isArray(v) && v.length === 0
          ? { key: 'appointments.at_least_one_service' }
          : Array.isArray(v) && v.length > MAX_VISIT_LINES
            ? { key: 'appointments.too_many_lines', params: { max: MAX_VISIT_LINES } }
            : undefined,
      ),
    ),
    employee_id: withRule(z.string(), maxLength(60)).optional(),
    employee_ids: perLine(withRule(z.string(), maxLength(60))),
    durations: perLine(
      numberText(withRule(z.string(), required, integer({ min: MIN_LINE_MINUTES, max: MAX_LINE_MINUTES }))),
    ),
    offsets: perLine(
      numberText(
        withRule(
          z.string(),
          required,
          integer({ min: 0, max: MAX_VISIT_LINES * MAX_LINE_MINUTES }),
          multipleOf(SLOT_MINUTES),
        ),
      ),
    ),
    customer_id: withRule(z.string(), maxLength(60)).optional(),
    appointment_id: withRule(z.string(), maxLength(60)).optional(),
    days: numberText(withRule(z.string(), integer({ min: 1, max: MAX_AVAILABILITY_DAYS }))).optional(),
  }),
);
export type AvailabilityQuery = z.infer<typeof availabilityQuery>;

/** GET /api/merchant/salon-day: the salon's hours and booking rules on a date (the booking panel's). */
export const salonDayQuery = z.object({ date: withRule(z.string(), required, date) });

/**
 * GET /api/merchant/appointment-calendar: a day or a week of the appointment table from `date`; with
 * `as_of`, the lines as they were at that instant (replayed from the events).
 */
export const appointmentCalendarQuery = z.object({
  date: withRule(z.string(), required, date),
  days: numberText(
    withRule(z.string(), (v) => (isEmpty(v) || v === '1' || v === '7' ? undefined : issue('invalid_value'))),
  ).optional(),
  as_of: withRule(z.string(), instant).optional(),
});
export type AppointmentCalendarQuery = z.infer<typeof appointmentCalendarQuery>;
