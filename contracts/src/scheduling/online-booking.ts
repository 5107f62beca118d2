import { z } from 'zod';
import { cleanPayload, customerFieldShapes } from '../customers/customer-input';
import { LocaleSchema } from '../coded-values/locale';
import { isEmpty, issue, required } from '../validators/core';
import { email, maxLength } from '../validators/text';
import { perCountry, withFieldRule, withRule } from '../validators/zod';
import { MAX_VISIT_LINES, quarterInstant } from './appointment-input';

const id = withRule(z.string(), required, maxLength(60));

/**
 * A visit booked by a customer on the salon's online pages (spec doc1 §1: services, employee and
 * date, her details, review, confirmation). `employee_id` absent means "any employee": the booking
 * takes the assignment the availability engine gives for that start at the moment it is written.
 * She is recognised by her mobile (the salon's customer with that number), never registered twice.
 */
export const onlineBookingInput = perCountry((context) => {
  const customer = customerFieldShapes(context);
  const schema = (requireEmail: boolean) =>
    z.preprocess(
      cleanPayload,
      withFieldRule(
        z.object({
          service_ids: withRule(z.array(id), (v) =>
            Array.isArray(v) && v.length === 0
              ? { key: 'appointments.at_least_one_service' }
              : Array.isArray(v) && v.length > MAX_VISIT_LINES
                ? { key: 'appointments.too_many_lines', params: { max: MAX_VISIT_LINES } }
                : undefined,
          ),
          employee_id: withRule(z.string(), maxLength(60)).optional(),
          start: withRule(z.string(), required, quarterInstant),
          name: customer.name,
          mobile: customer.mobile,
          email: withRule(z.string(), email, maxLength(100)).optional(),
          notes: withRule(z.string(), maxLength(1000)).optional(),
          language: LocaleSchema.optional(),
        }),
        'email',
        () => (value) => (requireEmail && isEmpty(value) ? issue('is_required') : undefined),
      ),
    );
  // the salon decides whether an e-mail is required: both built once per country
  return { emailOptional: schema(false), emailRequired: schema(true) };
});
export type OnlineBookingInput = z.infer<ReturnType<typeof onlineBookingInput>['emailOptional']>;
