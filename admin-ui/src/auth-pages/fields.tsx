import { useState } from 'react';
import { useTranslate } from 'ra-core';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import type { ValidationIssue } from '@rawnaq/contracts';
import { isHttpError } from '../http/errors';

/** The label of each field the pages before sign-in use, for %{field} in messages. */
export const AUTH_FIELD_LABELS: Record<string, string> = {
  accountId: 'app.auth.account_id',
  username: 'app.auth.username',
  email: 'app.auth.email',
  password: 'app.auth.password',
  password_confirmation: 'app.auth.confirm_password',
  token: 'app.auth.reset_title',
};

export type FieldErrors = Record<string, string>;

/** Translated messages of the contracts' rules, per field. */
export const useIssueText = () => {
  const translate = useTranslate();
  return (
    field: string,
    found: ValidationIssue | { key: string; params?: Record<string, string | number> },
  ) =>
    translate(found.key, {
      ...found.params,
      field: translate(AUTH_FIELD_LABELS[field] ?? field),
      _: found.key,
    });
};

/** Field errors of an API answer (`errors: { field: key }`), translated. */
export const useApiFieldErrors = () => {
  const issueText = useIssueText();
  return (error: unknown): FieldErrors => {
    if (!isHttpError(error) || !error.body?.errors) return {};
    const params = error.body.params ?? {};
    return Object.fromEntries(
      Object.entries(error.body.errors).map(([field, key]) => [
        field,
        issueText(field, { key, params: typeof params[field] === 'object' ? params[field] : undefined }),
      ]),
    );
  };
};

export const PasswordField = (props: TextFieldProps) => {
  const translate = useTranslate();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setVisible((v) => !v)}
                edge="end"
                aria-label={translate(visible ? 'app.auth.hide_password' : 'app.auth.show_password')}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
