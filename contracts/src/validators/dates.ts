import { isBusinessDate } from '../dates/instants';
import { issue, isEmpty, type Validator } from './core';

/** A calendar date 'YYYY-MM-DD' that exists (no 2026-02-30). Empty is left to Required. */
export const date: Validator = (value) =>
  isEmpty(value) || isBusinessDate(value) ? undefined : issue('should_be_a_date');

/** A date not after `today` (a birth date, an expense date); `today` is the tenant's business date. */
export const notAfter =
  (today: string): Validator =>
  (value) => {
    const wrong = date(value);
    if (wrong || isEmpty(value)) return wrong;
    return (value as string) > today ? issue('date_in_future') : undefined;
  };

/** A time of day 'HH:mm' (24-hour). Empty is left to Required. */
export const time: Validator = (value) =>
  isEmpty(value) || (typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value))
    ? undefined
    : issue('should_be_a_time');
