import { useMemo } from 'react';
import { useTranslate, type Validator } from 'ra-core';
import {
  cleanPayload,
  customerFieldShapes,
  customerSearch,
  fieldIssues,
  type GlobalInformation,
  type Validator as ContractRule,
} from '@rawnaq/contracts';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import type { CustomerFormField } from './types';

type RuleResult = { message: string; args: Record<string, string | number> } | undefined;

const REQUIRED: readonly CustomerFormField[] = ['name', 'mobile'];

/**
 * One react-admin validator per form field, each running that field's schema from the contracts'
 * `registerCustomerInput` (the very code the command API runs), with the translated label as %{field}.
 */
export const useCustomerValidators = (): Record<CustomerFormField, Validator> => {
  const translate = useTranslate();
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const countryId = information?.global_informations?.account.country_id;
  return useMemo(() => {
    const shapes = customerFieldShapes({ countryId });
    const entries = (Object.keys(shapes) as CustomerFormField[]).map((field) => {
      const validate = (value: unknown): RuleResult => {
        // Same cleaning as the server: '' and null mean "not given", text is trimmed.
        const given = (cleanPayload({ [field]: value }) as Record<string, unknown>)[field];
        const result = shapes[field].safeParse(given);
        if (result.success) return undefined;
        const found = fieldIssues(result.error, given)[''];
        if (!found) return undefined;
        return {
          message: found.key,
          args: { ...found.params, field: translate(`resources.customers.fields.${field}`) },
        };
      };
      // react-admin shows the asterisk for validators flagged as required.
      if (REQUIRED.includes(field)) Object.assign(validate, { isRequired: true });
      return [field, validate as Validator];
    });
    return Object.fromEntries(entries) as Record<CustomerFormField, Validator>;
  }, [countryId, translate]);
};

/** A contract rule as a react-admin validator (filters and other single inputs). */
export const useRule = (rule: ContractRule, labelKey: string): Validator => {
  const translate = useTranslate();
  return useMemo(
    () => (value: unknown) => {
      const found = rule(value);
      return found
        ? { message: found.key, args: { ...found.params, field: translate(labelKey) } }
        : undefined;
    },
    [rule, labelKey, translate],
  );
};

export const useCustomerSearchRule = () => useRule(customerSearch, 'resources.customers.fields.q');
