import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslate } from 'ra-core';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
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

export type AuthFieldProps = {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  name?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  slotProps?: {
    /** attributes of the <input> itself (dir, inputMode, data-testid) */
    htmlInput?: Record<string, unknown>;
    input?: { endAdornment?: ReactNode };
  };
};

/**
 * MUI's outlined TextField, put together from the same parts it renders (the same elements, classes
 * and ids): TextField itself imports Select, and with it menus, popovers and two other input
 * variants, which the pages before sign-in would download for nothing.
 */
export const AuthTextField = ({
  label,
  helperText,
  required = false,
  fullWidth = false,
  error = false,
  slotProps,
  ...input
}: AuthFieldProps) => {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      color="primary"
      required={required}
      fullWidth={fullWidth}
      error={error}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        fullWidth={fullWidth}
        aria-describedby={helperTextId}
        inputProps={slotProps?.htmlInput}
        endAdornment={slotProps?.input?.endAdornment}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
};

export const PasswordField = (props: AuthFieldProps) => {
  const translate = useTranslate();
  const [visible, setVisible] = useState(false);
  return (
    <AuthTextField
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
