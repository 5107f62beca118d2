import type { T } from '../hooks';

export type Person = { name: string; mobile: string; email: string };
export type FieldErrors = Record<string, string>;

/** A server refusal's field as the form shows it (a mobile or e-mail names what is wrong with it). */
/** The errors without one field's. */
export const withoutError = (errors: FieldErrors, field: string): FieldErrors => {
  const { [field]: _gone, ...rest } = errors;
  return rest;
};

export const fieldError = (t: T, field: string): string =>
  t(/mobile$/.test(field) ? 'errors.mobile' : /email$/.test(field) ? 'errors.email' : 'errors.required');

/** What is missing from a person's details before anything is sent (the server checks them again). */
export const missingOf = (
  t: T,
  person: Person,
  prefix: string,
  withEmail: false | 'optional' | 'required',
) => {
  const found: FieldErrors = {};
  if (!person.name.trim()) found[`${prefix}name`] = t('errors.required');
  if (!person.mobile.trim()) found[`${prefix}mobile`] = t('errors.required');
  if (withEmail === 'required' && !person.email.trim()) found[`${prefix}email`] = t('errors.required');
  return found;
};

/**
 * A person's name, mobile and (when asked) e-mail, as the booking flow asks them: the mobile with its
 * country code or in the local way, read left to right in both languages.
 */
export const PersonFields = ({
  t,
  person,
  onChange,
  errors,
  clearError,
  prefix,
  email,
  nameLabel = 'booking.name',
}: {
  t: T;
  person: Person;
  onChange: (person: Person) => void;
  errors: FieldErrors;
  /** a field typed again is no longer shown as wrong */
  clearError: (field: string) => void;
  /** the fields' names in the request (`buyer_`, `beneficiary_`, or none) */
  prefix: string;
  email: false | 'optional' | 'required';
  nameLabel?: 'booking.name' | 'gift.name';
}) => {
  const fields = [
    ['name', nameLabel, 'text', 'name'],
    ['mobile', 'booking.mobile', 'tel', 'tel'],
    ...(email
      ? [['email', email === 'required' ? 'booking.email' : 'booking.email_optional', 'email', 'email']]
      : []),
  ] as Array<['name' | 'mobile' | 'email', Parameters<T>[0], string, string]>;
  return (
    <>
      {fields.map(([field, label, type, autoComplete]) => {
        const error = errors[`${prefix}${field}`];
        return (
          <label key={field} className={`field${error ? ' invalid' : ''}`}>
            <span>{t(label)}</span>
            <input
              type={type}
              autoComplete={prefix === 'beneficiary_' ? 'off' : autoComplete}
              dir={field === 'name' ? undefined : 'ltr'}
              value={person[field]}
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                onChange({ ...person, [field]: e.target.value });
                if (error) clearError(`${prefix}${field}`);
              }}
              data-testid={`${prefix}${field}`}
            />
            {field === 'mobile' && !error && <small className="muted">{t('booking.mobile_hint')}</small>}
            {error && (
              <small className="error" data-testid={`error-${prefix}${field}`}>
                {error}
              </small>
            )}
          </label>
        );
      })}
    </>
  );
};
