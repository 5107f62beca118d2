import { TextInput, type TextInputProps } from 'react-admin';
import { useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { detectMobileCountry, isMobileComplete } from '@rawnaq/contracts';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';

/**
 * Numbers, e-mails and tax numbers read left to right in both languages (the `dir` attribute: a CSS
 * `direction` would be flipped by the RTL style plugin); the theme aligns them to the page's start side.
 */
export const ltrInput = { slotProps: { htmlInput: { dir: 'ltr' } } } as const;

/**
 * E-mail fields: the e-mail keyboard, but not type="email", whose browser check would speak the
 * browser's language and pre-empt the contracts' rule and its translated message.
 */
export const emailInput = {
  slotProps: { htmlInput: { dir: 'ltr', inputMode: 'email', autoComplete: 'email' } },
} as const;

/**
 * Mobile number with the country recognised from its dialling code and the "valid" badge once it has
 * exactly the country's length (spec doc2 §5.2), both from the contracts' mobile rules.
 */
export const MobileInput = (props: TextInputProps) => {
  const translate = useTranslate();
  const value = useWatch({ name: props.source }) as unknown;
  const country = detectMobileCountry(value);
  const complete = isMobileComplete(value);
  return (
    <TextInput
      {...props}
      type="tel"
      autoComplete="off"
      helperText={translate('app.mobile.hint')}
      slotProps={{
        htmlInput: ltrInput.slotProps.htmlInput,
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
  );
};
