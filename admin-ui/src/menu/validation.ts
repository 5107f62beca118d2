import { useMemo } from 'react';
import { useTranslate } from 'ra-core';
import { nameInput, price, serviceInput } from '@rawnaq/contracts';
import { schemaValidator } from '../forms/schemaValidator';
import { useSalonVat } from './fields';
import { priceMinor } from './pricing';
import { MENU_RESOURCES, type NamedResource } from './types';

type FormErrors = Record<string, { message: string; args: Record<string, unknown> }>;

/**
 * The service form's checks: the contracts' `serviceInput` (what the command API runs) for the fields
 * it sends, the price rule for the price with VAT that only helps typing, and the offer below the
 * price (the server's rule, known here so it shows before saving).
 */
export const useServiceValidate = () => {
  const translate = useTranslate();
  const { countryId, currency } = useSalonVat();
  return useMemo(() => {
    const resource = MENU_RESOURCES.services;
    const schema = schemaValidator(serviceInput({ countryId }), resource, translate);
    const priceRule = price({ countryId });
    const field = (name: string) => translate(`resources.${resource}.fields.${name}`);
    return (values: Record<string, unknown>) => {
      const errors = schema(values) as FormErrors;
      const withVat = priceRule(values.price_with_vat);
      if (withVat)
        errors.price_with_vat = {
          message: withVat.key,
          args: { ...withVat.params, field: field('price_with_vat') },
        };
      const net = priceMinor(values.price, currency);
      const offer = priceMinor(values.offer_price, currency);
      if (!errors.offer_price && net !== undefined && offer !== undefined && offer >= net)
        errors.offer_price = { message: 'catalog.offer_price_not_below_price', args: {} };
      return errors;
    };
  }, [countryId, currency, translate]);
};

/** A group's or a category's names: the contracts' `nameInput`. */
export const useNameValidate = (resource: NamedResource) => {
  const translate = useTranslate();
  return useMemo(() => schemaValidator(nameInput, resource, translate), [resource, translate]);
};
