import { useMemo } from 'react';
import { useTranslate } from 'ra-core';
import { offerInput, packageInput } from '@rawnaq/contracts';
import { schemaValidator } from '../forms/schemaValidator';
import { useSalonVat } from '../menu/fields';
import { priceMinor } from '../menu/pricing';
import type { Service } from '../menu/types';
import { BUNDLE_RESOURCES } from './types';

type FormErrors = Record<string, unknown>;

/** The services' total in minor units: each service's price before VAT, times its sessions in a package. */
export const itemsTotalMinor = (
  services: Pick<Service, 'id' | 'price_minor'>[],
  picked: Array<{ service_id: string; sessions: unknown }>,
): number | undefined => {
  let total = 0;
  for (const item of picked) {
    const service = services.find((s) => s.id === item.service_id);
    const sessions = Number(item.sessions);
    if (!service || !Number.isInteger(sessions) || sessions < 1) return undefined;
    total += service.price_minor * sessions;
  }
  return total;
};

export const offerItems = (ids: unknown) =>
  (Array.isArray(ids) ? (ids as string[]) : []).map((service_id) => ({ service_id, sessions: 1 }));

const belowTotal = (
  errors: FormErrors,
  values: Record<string, unknown>,
  total: number | undefined,
  currency: Parameters<typeof priceMinor>[1],
) => {
  const price = priceMinor(values.price, currency);
  if (!errors.price && price !== undefined && total !== undefined && total > 0 && price >= total)
    errors.price = { message: 'catalog.price_not_below_items_total', args: {} };
};

/**
 * The offer form's checks: the contracts' `offerInput` (what the command API runs), then the rules of
 * spec doc2 §5.5 the server applies too: the price below the services' total, and a customer's choice
 * of fewer services than the offer holds.
 */
export const useOfferValidate = (services: Service[]) => {
  const translate = useTranslate();
  const { countryId, currency } = useSalonVat();
  return useMemo(() => {
    const schema = schemaValidator(offerInput({ countryId }), BUNDLE_RESOURCES.offers, translate);
    return (values: Record<string, unknown>) => {
      const errors = schema(values) as FormErrors;
      const ids = Array.isArray(values.service_ids) ? values.service_ids : [];
      belowTotal(errors, values, itemsTotalMinor(services, offerItems(ids)), currency);
      if (Number(values.use_type) === 2 && !errors.max_services_to_use) {
        const max = Number(values.max_services_to_use);
        const label = translate(`resources.${BUNDLE_RESOURCES.offers}.fields.max_services_to_use`);
        if (
          values.max_services_to_use === undefined ||
          values.max_services_to_use === '' ||
          values.max_services_to_use === null
        )
          errors.max_services_to_use = { message: 'validation.is_required', args: { field: label } };
        else if (ids.length > 0 && max >= ids.length)
          errors.max_services_to_use = { message: 'catalog.max_services_not_below_count', args: {} };
      }
      return errors;
    };
  }, [countryId, currency, services, translate]);
};

/** The package form's checks: the contracts' `packageInput`, and the price below the sessions' total. */
export const usePackageValidate = (services: Service[]) => {
  const translate = useTranslate();
  const { countryId, currency } = useSalonVat();
  return useMemo(() => {
    const schema = schemaValidator(packageInput({ countryId }), BUNDLE_RESOURCES.packages, translate);
    return (values: Record<string, unknown>) => {
      const errors = schema(values) as FormErrors;
      const items = Array.isArray(values.items) ? values.items : [];
      // an item's sessions error names the list, where the person typed it
      if (errors.items && typeof errors.items === 'object' && !('message' in errors.items)) {
        const first = Object.values(errors.items as Record<string, Record<string, unknown>>)[0];
        errors.items = first?.sessions ?? first;
      }
      belowTotal(errors, values, itemsTotalMinor(services, items), currency);
      return errors;
    };
  }, [countryId, currency, services, translate]);
};
