import { z } from 'zod';
import { cleanPayload, mobileField } from '../customers/customer-input';
import { weekInput, type BusinessDay } from '../settings/settings-input';
import { closingTime } from '../settings/opening-hours';
import { daysBetween } from '../dates/instants';
import { required } from '../validators/core';
import { date, time } from '../validators/dates';
import { integer, price } from '../validators/numbers';
import { email, maxLength, minLength, serviceName } from '../validators/text';
import { withFieldRule, withRule, booleanish } from '../validators/zod';
import { passwordRule } from '../validators/password';
import { ALL_PERMISSIONS, type Permission } from '../identity/permissions';

const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);

/** Preferred artists of an employee: at most 4 (doc2 §5.5, §9 "Preferred employees: up to 4"). */
export const MAX_PREFERRED_ARTISTS = 4;

/** The per-user rights of doc2 §6, beyond the role. */
export const USER_RIGHTS = [
  'change_invoice_price',
  'change_quantity',
  'sell_without_stock',
  'free_gift_cards',
  'hold_invoice',
  'debit_in_invoice',
  'view_all_appointments',
  /** moving or changing a visit that has already started (doc2 §6 leaves it to the product) */
  'edit_past_appointments',
] as const;
export type UserRight = (typeof USER_RIGHTS)[number];

/** An employee (spec doc1 §3 Employee). The week defaults to the salon's business hours. */
export const employeeInput = (context: { countryId: number }) =>
  z.preprocess(
    cleanPayload,
    withFieldRule(
      z.object({
        name_en: withRule(z.string(), required, serviceName, maxLength(100)),
        name_ar: withRule(z.string(), required, serviceName, maxLength(100)),
        job_title: withRule(z.string(), maxLength(100)).optional(),
        experience_years: numberText(withRule(z.string(), integer({ min: 0, max: 60 }))).optional(),
        // the same rules and canonical form as a customer's mobile
        mobile: mobileField(context.countryId).optional(),
        passport_expiry: withRule(z.string(), date).optional(),
        residency_expiry: withRule(z.string(), date).optional(),
        joining_date: withRule(z.string(), date).optional(),
        leaving_date: withRule(z.string(), date).optional(),
        show_in_appointments: booleanish.default(true),
        show_in_billing: booleanish.default(true),
        salary: numberText(withRule(z.string(), price({ countryId: context.countryId }))).optional(),
        commission_percentage: numberText(withRule(z.string(), price({ max: 100 }))).optional(),
        working_hours: weekInput.optional(),
        holidays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
        rights: z.array(z.enum(USER_RIGHTS)).default([]),
        check_in_latitude: z.number().min(-90).max(90).optional(),
        check_in_longitude: z.number().min(-180).max(180).optional(),
        /** an uploaded image (`POST files?purpose=image`): the employee's picture */
        picture_file_id: withRule(z.string(), maxLength(60)).optional(),
        /** other active employees of the salon; the command checks who they are */
        preferred_artist_ids: withRule(z.array(z.string().max(60)), (v) =>
          Array.isArray(v) && v.length > MAX_PREFERRED_ARTISTS
            ? { key: 'staff.too_many_preferred_artists', params: { max: MAX_PREFERRED_ARTISTS } }
            : Array.isArray(v) && new Set(v).size !== v.length
              ? { key: 'staff.preferred_artist_twice' }
              : undefined,
        ).optional(),
        /** the services she does (services of the salon; the command checks which); absent: as before */
        service_ids: withRule(z.array(z.string().max(60)).max(500), (v) =>
          Array.isArray(v) && new Set(v).size !== v.length ? { key: 'staff.service_twice' } : undefined,
        ).optional(),
      }),
      'leaving_date',
      (d) => (value) =>
        typeof value === 'string' && typeof d.joining_date === 'string' && value < d.joining_date
          ? { key: 'validation.after_or_equal', params: { other: 'joining_date' } }
          : undefined,
    ),
  );
export type EmployeeInput = z.infer<ReturnType<typeof employeeInput>>;

/** Letting an employee sign in: a username and an e-mail unique in the salon, a password and a role. */
export const employeeLoginInput = z.preprocess(
  cleanPayload,
  z.object({
    username: withRule(z.string(), required, minLength(3), maxLength(50), (v) =>
      typeof v === 'string' && /^[A-Za-z0-9._-]+$/.test(v) ? undefined : { key: 'validation.alias_name' },
    ),
    email: withRule(z.string(), required, email, maxLength(100)),
    password: passwordRule,
    role_id: withRule(z.string(), required),
  }),
);

/** Giving an employee who can sign in another role. */
export const employeeRoleInput = z.preprocess(
  cleanPayload,
  z.object({ role_id: withRule(z.string(), required) }),
);

/** Hours of one employee for a period, or a block (no work), at most 30 days, never overlapping (doc2 §5.5). */
export const employeePeriodInput = z.preprocess(
  cleanPayload,
  withFieldRule(
    withFieldRule(
      z.object({
        kind: z.enum(['custom_hours', 'block']),
        reason: withRule(z.string(), maxLength(200)).optional(),
        from_date: withRule(z.string(), required, date),
        to_date: withRule(z.string(), required, date),
        from: withRule(z.string(), time).optional(),
        to: withRule(z.string(), time).optional(),
      }),
      'to_date',
      (d) => (value) =>
        typeof value !== 'string' || typeof d.from_date !== 'string'
          ? undefined
          : value < d.from_date
            ? { key: 'validation.after_or_equal', params: { other: 'from_date' } }
            : daysBetween(d.from_date, value) >= 30
              ? { key: 'settings.period_too_long' }
              : undefined,
    ),
    'to',
    // hours earlier than the start end the next day (a shift until 02:00)
    (d) => closingTime(d.from),
  ),
);

/** A role: a name and what it may do (permission ids of the catalogue), or everything for an administrator. */
export const roleInput = z.preprocess(
  cleanPayload,
  z.object({
    name: withRule(z.string(), required, maxLength(50)),
    is_admin: booleanish.default(false),
    permissions: z
      .array(
        z
          .number()
          .int()
          .refine((p) => ALL_PERMISSIONS.includes(p as Permission)),
      )
      .default([]),
  }),
);

export type { BusinessDay };
