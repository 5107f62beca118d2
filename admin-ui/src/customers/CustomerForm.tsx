import {
  AutocompleteInput,
  BooleanInput,
  RadioButtonGroupInput,
  SelectInput,
  SimpleForm,
  TextInput,
  type SimpleFormProps,
} from 'react-admin';
import { codeOptions } from '@rawnaq/contracts';
import { AppDateInput } from '../forms/AppDateInput';
import { FormCell, FormSection } from '../forms/FormSection';
import { MobileInput, emailInput, ltrInput } from './MobileInput';
import { useNationalities } from './fields';
import { identificationChoices, languageChoices, type Nationality } from './types';
import { useCustomerValidators } from './validation';
import { ExistingCustomerNotice, type ExistingCustomer } from './ExistingCustomer';

/**
 * Every customer field of spec doc1 §3, each validated by its rule from the contracts; `existing`: the
 * customer on file a refused save named (her mobile, e-mail or tax number), offered to open.
 */
export const CustomerForm = ({
  existing,
  ...props
}: Omit<SimpleFormProps, 'children'> & { existing?: ExistingCustomer }) => {
  const validators = useCustomerValidators();
  const { nationalities, nameOf } = useNationalities();
  const nationalityChoices = nationalities.map((n: Nationality) => ({ id: n.id, name: nameOf(n) }));
  return (
    <SimpleForm {...props} sx={{ maxWidth: 960 }}>
      <FormSection title="app.customers.sections.contact">
        <FormCell>
          <TextInput source="name" validate={validators.name} fullWidth autoFocus />
        </FormCell>
        <FormCell>
          <MobileInput source="mobile" validate={validators.mobile} fullWidth />
        </FormCell>
        <FormCell>
          <TextInput source="email" validate={validators.email} fullWidth {...emailInput} />
        </FormCell>
      </FormSection>
      <ExistingCustomerNotice existing={existing} />
      <FormSection title="app.customers.sections.personal">
        <FormCell>
          <SelectInput
            source="gender"
            choices={codeOptions('gender')}
            validate={validators.gender}
            fullWidth
            emptyText="app.common.none"
          />
        </FormCell>
        <FormCell>
          <AppDateInput source="birth_date" validate={validators.birth_date} fullWidth />
        </FormCell>
        <FormCell>
          <AutocompleteInput
            source="nationality_id"
            choices={nationalityChoices}
            translateChoice={false}
            validate={validators.nationality_id}
            fullWidth
          />
        </FormCell>
        <FormCell>
          <AutocompleteInput
            source="country_of_residency_id"
            choices={nationalityChoices}
            translateChoice={false}
            validate={validators.country_of_residency_id}
            fullWidth
          />
        </FormCell>
        <FormCell>
          <SelectInput
            source="identification_method"
            choices={identificationChoices}
            validate={validators.identification_method}
            fullWidth
            emptyText="app.common.none"
          />
        </FormCell>
        <FormCell>
          <TextInput source="tax_number" validate={validators.tax_number} fullWidth {...ltrInput} />
        </FormCell>
        <FormCell wide>
          <TextInput source="address" validate={validators.address} fullWidth />
        </FormCell>
      </FormSection>
      <FormSection title="app.customers.sections.preferences">
        <FormCell>
          <RadioButtonGroupInput
            source="preferred_language"
            choices={languageChoices}
            validate={validators.preferred_language}
          />
        </FormCell>
        <FormCell>
          <BooleanInput source="whatsapp_allowed" validate={validators.whatsapp_allowed} />
        </FormCell>
        <FormCell wide>
          <TextInput source="notes" validate={validators.notes} multiline minRows={3} fullWidth />
        </FormCell>
      </FormSection>
    </SimpleForm>
  );
};
