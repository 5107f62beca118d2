import { TextInput } from 'react-admin';
import { useTranslate } from 'ra-core';
import { useFormContext, useWatch } from 'react-hook-form';
import { CURRENCY_INFO } from '@rawnaq/contracts';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { useFormat } from '../../format/useFormat';
import { FormCell } from '../../forms/FormSection';
import { useArea } from '../../shell/area';
import { useSalonVat } from '../fields';
import { beforeVatText, parseTypedNumber, priceMinor, reachableWithVat, withVatText } from '../pricing';

/**
 * The price before VAT and the price with VAT side by side: typing either one computes the other with
 * the salon's VAT (contracts' `inclusiveFromExclusive` / `splitInclusive`), exactly, in minor units.
 * Only the price before VAT is sent; the menu computes prices with VAT from the VAT setting.
 */
export const PriceFields = () => {
  const translate = useTranslate();
  const { money } = useFormat();
  const { language } = useArea();
  const { setValue, formState } = useFormContext();
  const { percentage, currency } = useSalonVat();
  const [withVat, offer] = useWatch({ name: ['price_with_vat', 'offer_price'] });
  const follow = { shouldDirty: true, shouldValidate: formState.isSubmitted };
  const moneyInput = {
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
  const paid = reachableWithVat(withVat, percentage, currency);
  const offerWithVat = priceMinor(withVatText(offer, percentage, currency), currency);
  return (
    <>
      <FormCell wide>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="vat-hint">
          {percentage > 0
            ? translate('app.services.vat_hint', { percentage })
            : translate('app.services.vat_off_hint')}
        </Typography>
      </FormCell>
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
          helperText={
            paid !== undefined ? translate('app.services.customers_pay', { price: money(paid) }) : false
          }
        />
      </FormCell>
      <FormCell>
        <TextInput
          source="offer_price"
          {...moneyInput}
          helperText={
            offerWithVat !== undefined
              ? translate('app.services.offer_with_vat', { price: money(offerWithVat) })
              : false
          }
        />
      </FormCell>
    </>
  );
};
