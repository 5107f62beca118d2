import { useMemo } from 'react';
import { useTranslate } from 'ra-core';
import { newProductInput, price, productInput, stockOperationInput } from '@rawnaq/contracts';
import { schemaValidator } from '../forms/schemaValidator';
import { useProductVat } from './fields';
import { PRODUCT_RESOURCES } from './types';

type FormErrors = Record<string, { message: string; args: Record<string, unknown> }>;

/**
 * The product form's checks: the contracts' `newProductInput` / `productInput` (what the command API
 * runs) and the price rule for the price with VAT, which only helps typing.
 */
export const useProductValidate = (isNew: boolean) => {
  const translate = useTranslate();
  const { countryId } = useProductVat();
  return useMemo(() => {
    const resource = PRODUCT_RESOURCES.products;
    const schema = schemaValidator(
      isNew ? newProductInput({ countryId }) : productInput({ countryId }),
      resource,
      translate,
    );
    const priceRule = price({ countryId });
    return (values: Record<string, unknown>) => {
      const errors = schema(values) as FormErrors;
      const withVat = priceRule(values.price_with_vat);
      if (withVat)
        errors.price_with_vat = {
          message: withVat.key,
          args: { ...withVat.params, field: translate(`resources.${resource}.fields.price_with_vat`) },
        };
      return errors;
    };
  }, [countryId, isNew, translate]);
};

/** The stock screens: the contracts' `stockOperationInput`, and a product must be chosen. */
export const useStockValidate = (resource: string) => {
  const translate = useTranslate();
  const { countryId } = useProductVat();
  return useMemo(() => {
    const schema = schemaValidator(stockOperationInput({ countryId }), resource, translate);
    return (values: Record<string, unknown>) => {
      const errors = schema(values) as FormErrors;
      if (!values.product_id)
        errors.product_id = {
          message: 'validation.is_required',
          args: { field: translate(`resources.${resource}.fields.product_id`) },
        };
      return errors;
    };
  }, [countryId, resource, translate]);
};
