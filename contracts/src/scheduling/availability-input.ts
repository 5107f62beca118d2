import { z } from 'zod';
import { epochOf } from '../dates/instants';
import { isEmpty, issue, required, type Validator } from '../validators/core';
import { date } from '../validators/dates';
import { integer } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { withRule } from '../validators/zod';
import { MAX_VISIT_LINES } from './appointment-input';

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

/**
 * GET /api/merchant/availability: the free starts of a visit of these services (in order, back to
 * back) from `date` for `days` dates; `employee_id` is the employee asked for (first choice on every
 * line), `customer_id` keeps the customer out of two places at once.
 */
export const availabilityQuery = z.object({
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
  customer_id: withRule(z.string(), maxLength(60)).optional(),
  days: numberText(withRule(z.string(), integer({ min: 1, max: MAX_AVAILABILITY_DAYS }))).optional(),
});
export type AvailabilityQuery = z.infer<typeof availabilityQuery>;

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
