import { TextInput } from 'react-admin';
import { useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import Typography from '@mui/material/Typography';
import { useFormat } from '../../format/useFormat';
import { FormCell } from '../../forms/FormSection';
import { PriceWithVatInputs, useMoneyInput } from '../../forms/MoneyInputs';
import { useSalonVat } from '../fields';
import { priceMinor, withVatText } from '../pricing';

/**
 * The price before VAT and the price with VAT side by side: typing either one computes the other with
 * the salon's VAT (contracts' `inclusiveFromExclusive` / `splitInclusive`), exactly, in minor units.
 * Only the price before VAT is sent; the menu computes prices with VAT from the VAT setting.
 */
export const PriceFields = () => {
  const translate = useTranslate();
  const { money } = useFormat();
  const { percentage, currency } = useSalonVat();
  const offer = useWatch({ name: 'offer_price' });
  const moneyInput = useMoneyInput(currency);
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
      <PriceWithVatInputs
        percentage={percentage}
        currency={currency}
        customersPayKey="app.services.customers_pay"
      />
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
