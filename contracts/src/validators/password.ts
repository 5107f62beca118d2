import { z } from 'zod';
import { required } from './core';
import { maxLength, minLength } from './text';
import { withRule } from './zod';

export const PASSWORD_MIN_LENGTH = 8;

/**
 * The one password rule, for every command that sets a password (change, reset, an employee's login,
 * a manager-opened account's owner): at least 8 characters with a letter (Latin or Arabic) and a digit.
 */
export const passwordRule = withRule(
  z.string(),
  required,
  minLength(PASSWORD_MIN_LENGTH),
  maxLength(128),
  (v) =>
    typeof v === 'string' && /[A-Za-z\u0600-\u06FF]/.test(v) && /\d/.test(v)
      ? undefined
      : { key: 'auth.password_too_weak' },
);
