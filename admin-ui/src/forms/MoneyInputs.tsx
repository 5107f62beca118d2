import { TextInput } from 'react-admin';
import { useTranslate } from 'ra-core';
import { useFormContext, useWatch } from 'react-hook-form';
import { CURRENCY_INFO, type Currency } from '@rawnaq/contracts';
import InputAdornment from '@mui/material/InputAdornment';
import { useFormat } from '../format/useFormat';
import { beforeVatText, parseTypedNumber, reachableWithVat, withVatText } from '../menu/pricing';
import { useArea } from '../shell/area';
import { FormCell } from './FormSection';

/** A money input's props: decimal keyboard, the typed text kept exact, the currency in the page language. */
export const useMoneyInput = (currency: Currency) => {
  const { language } = useArea();
  return {
    parse: parseTypedNumber,
    fullWidth: true,
    slotProps: {
      htmlInput: { inputMode: 'decimal' as const, autoComplete: 'off' },
      input: {
        startAdornment: (
          <InputAdornment position="start">
            {language === 'ar' ? CURRENCY_INFO[currency].arabicSymbol : currency}
          </InputAdornment>
        ),
      },
    },
  };
};

/**
 * `price` (before VAT) and `price_with_vat` side by side: typing either one computes the other with
 * `percentage` (contracts' `inclusiveFromExclusive` / `splitInclusive`), exactly, in minor units. Only
 * the price before VAT is sent. Under the price with VAT: what customers pay when a price with VAT
 * cannot be reached exactly (`customersPayKey`, with `%{price}`).
 */
export const PriceWithVatInputs = ({
  percentage,
  currency,
  customersPayKey,
}: {
  percentage: number;
  currency: Currency;
  customersPayKey: string;
}) => {
  const translate = useTranslate();
  const { money } = useFormat();
  const { setValue, formState } = useFormContext();
  const withVat = useWatch({ name: 'price_with_vat' });
  const follow = { shouldDirty: true, shouldValidate: formState.isSubmitted };
  const moneyInput = useMoneyInput(currency);
  const paid = reachableWithVat(withVat, percentage, currency);
  return (
    <>
      <FormCell>
        <TextInput
          source="price"
          isRequired
          {...moneyInput}
          onChange={(event: { target: { value: string } }) =>
            setValue(
              'price_with_vat',
              withVatText(parseTypedNumber(event.target.value), percentage, currency),
              follow,
            )
          }
        />
      </FormCell>
      <FormCell>
        <TextInput
          source="price_with_vat"
          {...moneyInput}
          onChange={(event: { target: { value: string } }) =>
            setValue(
              'price',
              beforeVatText(parseTypedNumber(event.target.value), percentage, currency),
              follow,
            )
          }
          helperText={paid !== undefined ? translate(customersPayKey, { price: money(paid) }) : false}
        />
      </FormCell>
    </>
  );
};
