import type { UserRight } from '../staff/staff-input';
import { z } from 'zod';
import type { PermissionMap } from './permissions';
import { cleanPayload } from '../customers/customer-input';
import { required } from '../validators/core';
import { email, maxLength } from '../validators/text';
import { passwordRule } from '../validators/password';
import { withRule } from '../validators/zod';

/** Sign in with the account number and a username (the sign-in screen's first tab). `force` ends another open session. */
export const accountLoginInput = z.object({
  accountId: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number().int().positive(),
  ),
  username: withRule(z.string(), required, maxLength(100)),
  password: withRule(z.string(), required),
  force: z.boolean().optional(),
});

/** Sign in with an e-mail (the second tab). */
export const emailLoginInput = z.object({
  email: withRule(z.string(), required, email),
  password: withRule(z.string(), required),
  force: z.boolean().optional(),
});

/** Which of the two a body is: one with an `email` signs in by e-mail (so errors name that form's fields). */
export const merchantLoginSchema = (body: unknown) =>
  z.preprocess(
    cleanPayload,
    body !== null && typeof body === 'object' && 'email' in body ? emailLoginInput : accountLoginInput,
  );
export type MerchantLoginInput = z.infer<typeof accountLoginInput> | z.infer<typeof emailLoginInput>;

/**
 * The names a merchant user signs in with, as the sign-in guard counts failures and pauses against
 * them: `account/username`, and her e-mail address once verified (lower case).
 */
export const signInNamesOf = (user: Record<string, unknown>) => [
  `${String(user.account_id)}/${String(user.username)}`.toLowerCase(),
  ...(typeof user.email_lc === 'string' ? [user.email_lc.toLowerCase()] : []),
];

export const managerLoginInput = z.preprocess(
  cleanPayload,
  z.object({
    email: withRule(z.string(), required, email),
    password: withRule(z.string(), required),
    force: z.boolean().optional(),
  }),
);

export const changePasswordInput = z.preprocess(
  cleanPayload,
  z
    .object({
      current_password: withRule(z.string(), required),
      password: passwordRule,
      password_confirmation: withRule(z.string(), required),
    })
    .refine((v) => v.password === v.password_confirmation, {
      path: ['password_confirmation'],
      message: 'validation.same_as',
    }),
);

export const forgotPasswordInput = z.preprocess(
  cleanPayload,
  z.object({ email: withRule(z.string(), required, email) }),
);
/** "Forgot account ID" (spec doc1 §2): the account ID and username are mailed to this address. */
export const forgotAccountIdInput = forgotPasswordInput;
export const resetPasswordInput = z.preprocess(
  cleanPayload,
  z
    .object({
      token: withRule(z.string(), required),
      password: passwordRule,
      password_confirmation: withRule(z.string(), required),
    })
    .refine((v) => v.password === v.password_confirmation, {
      path: ['password_confirmation'],
      message: 'validation.same_as',
    }),
);

/** The signed-in merchant user as the UI keeps it. */
export type SignedInUser = {
  id: string;
  account_id: number;
  name: string;
  username: string;
  email: string;
  role: string;
  locale: 'en' | 'ar';
  permissions: PermissionMap;
};

export type LoginReply = { api_token: string; user: SignedInUser };

/** What `get_global_informations` answers (spec doc2 §7). */
export type GlobalInformation = {
  auth: SignedInUser & {
    /** the employee this user is, if any: the appointment book shows her own column first */
    employee_id: string | null;
    /** her name as her employee record has it in Arabic (the user's name is one text), shown on Arabic screens */
    name_ar: string | null;
    /** the single rights the user has (an administrator has them all) */
    rights: UserRight[];
    /** an administrator (what only an administrator may do: reset loyalty points) */
    is_admin: boolean;
    /** platform support signed in as this user (the owner): the back office says so on every screen */
    support_by: { id: string; name: string } | null;
    /** the salon's owner (only she says whether platform support may sign in as her) */
    is_owner: boolean;
    /** the owner's say: whether platform support may sign in as her */
    support_allowed: boolean;
  };
  global_informations: {
    account: {
      id: number;
      name_en: string;
      name_ar: string;
      alias: string;
      country_id: number;
      currency: string;
      currency_decimals: number;
      time_zone: string;
      vat_percentage: number;
      last_archive_date: string | null;
      wizard_progress: string[];
      advanced_accounting_status: number;
      hold_invoice: number;
      account_whatsapp_meta_id: string | null;
      account_whatsapp_package_status: number;
      account_whatsapp_package_connected: number;
      /** trial, active, expired or disabled: an expired or disabled salon reads but does not sell or book */
      account_state?: 'trial' | 'active' | 'expired' | 'disabled';
      plan?: string | null;
      valid_till?: string | null;
    };
    server_time: string;
    today: string;
  };
};

export const API = { merchant: '/api/merchant', manager: '/api/manager', public: '/api/public' } as const;
/** Headers of the read-your-writes handshake: a command's reply carries its position; reads send it back. */
export const POSITION_HEADER = 'X-Position';
export const MIN_POSITION_HEADER = 'X-Min-Position';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
