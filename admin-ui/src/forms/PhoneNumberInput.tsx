import { useEffect, useState } from 'react';
import { FieldTitle, useInput, useTranslate, type InputProps } from 'ra-core';
import { InputHelperText } from 'react-admin';
import {
  COUNTRIES,
  MOBILE_DIAL_CODES,
  detectMobileCountry,
  isCountryId,
  isMobileComplete,
  type GlobalInformation,
} from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { composePhone, decompose, type PhoneKind } from './phone';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';

/** The salon's own dialling code: the field starts with it selected (doc2 §5.2). */
export const useSalonDialCode = (): string => {
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const countryId = information?.global_informations?.account.country_id;
  return countryId !== undefined && isCountryId(countryId) ? COUNTRIES[countryId].diallingPrefix : '966';
};

export type PhoneNumberInputProps = InputProps & {
  kind?: PhoneKind;
  fullWidth?: boolean;
  readOnly?: boolean;
  helperText?: string | false;
};

/**
 * A number field as people type it in the Gulf: the country code chosen beside it (the salon's by
 * default), the number written the local way ('0551234567'), the international way ('+966…', '00966…')
 * or as a spreadsheet keeps it ('966…'); Arabic-keyboard digits count as digits. The form gets one
 * value, checked by the contracts' rules; a mobile shows its country and a "valid" badge once it has
 * exactly the country's length.
 */
export const PhoneNumberInput = ({
  kind = 'mobile',
  fullWidth,
  readOnly,
  helperText,
  ...props
}: PhoneNumberInputProps) => {
  const translate = useTranslate();
  const salonCode = useSalonDialCode();
  const { field, fieldState, isRequired, id } = useInput(props);
  const value = field.value as unknown;
  const [dialCode, setDialCode] = useState(() => decompose(value, salonCode).dialCode);
  const [rest, setRest] = useState(() => decompose(value, salonCode).rest);

  // A value set from outside (the record loaded, the form reset) shows split again.
  useEffect(() => {
    const current = composePhone(rest, dialCode, kind);
    if ((value ?? '') === current) return;
    const split = decompose(value, salonCode);
    setDialCode(split.dialCode);
    setRest(split.rest);
    // only when the form's value changes under the field
  }, [value]);

  const update = (nextRest: string, nextCode: string) => {
    setRest(nextRest);
    setDialCode(nextCode);
    field.onChange(composePhone(nextRest, nextCode, kind));
  };

  const country = kind === 'mobile' ? detectMobileCountry(value) : undefined;
  const complete = kind === 'mobile' && isMobileComplete(value);
  const invalid = fieldState.invalid && (fieldState.isTouched || fieldState.isDirty || !!fieldState.error);
  const hint = helperText === undefined && kind === 'mobile' ? 'app.mobile.local_hint' : helperText;
  const codeLabel = translate('app.mobile.code');

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: '104px minmax(0, 1fr)',
        gap: 1,
        alignItems: 'start',
        width: fullWidth ? '100%' : 320,
      }}
    >
      <TextField
        select
        value={dialCode}
        onChange={(event) => update(rest, event.target.value)}
        label={codeLabel}
        disabled={props.disabled}
        slotProps={{
          input: { readOnly },
          htmlInput: { 'data-testid': `${props.source}-code`, 'aria-label': codeLabel },
          select: { renderValue: (code) => <span dir="ltr">+{String(code)}</span> },
        }}
        sx={{ width: '104px' }}
      >
        {MOBILE_DIAL_CODES.map((option) => (
          <MenuItem key={option.dialCode} value={option.dialCode}>
            <span dir="ltr">+{option.dialCode}</span>
            &nbsp;{translate(`app.mobile.country_names.${option.country}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id={id}
        name={field.name}
        inputRef={field.ref}
        value={rest}
        onChange={(event) => update(event.target.value, dialCode)}
        onBlur={field.onBlur}
        type="tel"
        autoComplete="off"
        fullWidth
        disabled={props.disabled}
        label={
          <FieldTitle
            label={props.label}
            source={props.source}
            resource={props.resource}
            isRequired={isRequired}
          />
        }
        error={invalid}
        helperText={
          <InputHelperText
            helperText={hint ?? false}
            error={invalid ? fieldState.error?.message : undefined}
          />
        }
        slotProps={{
          htmlInput: { dir: 'ltr', inputMode: 'tel', readOnly },
          input: {
            endAdornment: (country || complete) && (
              <InputAdornment position="end">
                <Stack direction="row" spacing={0.5}>
                  {country && (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={translate('app.mobile.country', {
                        country: translate(`app.mobile.countries.${country.country}`),
                      })}
                      data-testid="mobile-country"
                      sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
                    />
                  )}
                  {complete && (
                    <Chip
                      size="small"
                      color="success"
                      icon={<CheckCircleIcon />}
                      label={translate('app.mobile.valid')}
                      data-testid="mobile-valid"
                    />
                  )}
                </Stack>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
};
