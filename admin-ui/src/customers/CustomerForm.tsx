import type { ReactNode } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  RadioButtonGroupInput,
  SelectInput,
  SimpleForm,
  TextInput,
  type SimpleFormProps,
} from 'react-admin';
import { useTranslate } from 'ra-core';
import { codeOptions } from '@rawnaq/contracts';
import { AppDateInput } from '../forms/AppDateInput';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import Divider from '@mui/material/Divider';
import { MobileInput, emailInput, ltrInput } from './MobileInput';
import { useNationalities } from './fields';
import { identificationChoices, languageChoices, type Nationality } from './types';
import { useCustomerValidators } from './validation';

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle1" component="h2" color="primary" sx={{ fontWeight: 600, mt: 1 }}>
        {translate(title)}
      </Typography>
      <Grid container columnSpacing={2} sx={{ width: '100%' }}>
        {children}
      </Grid>
      <Divider flexItem sx={{ my: 1 }} />
    </>
  );
};

const Cell = ({ children, wide }: { children: ReactNode; wide?: boolean }) => (
  <Grid size={{ xs: 12, md: wide ? 12 : 6 }}>{children}</Grid>
);

/** Every customer field of spec doc1 §3, each validated by its rule from the contracts. */
export const CustomerForm = (props: Omit<SimpleFormProps, 'children'>) => {
  const validators = useCustomerValidators();
  const { nationalities, nameOf } = useNationalities();
  const nationalityChoices = nationalities.map((n: Nationality) => ({ id: n.id, name: nameOf(n) }));
  return (
    <SimpleForm {...props} sx={{ maxWidth: 960 }}>
      <Section title="app.customers.sections.contact">
        <Cell>
          <TextInput source="name" validate={validators.name} fullWidth autoFocus />
        </Cell>
        <Cell>
          <MobileInput source="mobile" validate={validators.mobile} fullWidth />
        </Cell>
        <Cell>
          <TextInput source="email" validate={validators.email} fullWidth {...emailInput} />
        </Cell>
      </Section>
      <Section title="app.customers.sections.personal">
        <Cell>
          <SelectInput
            source="gender"
            choices={codeOptions('gender')}
            validate={validators.gender}
            fullWidth
            emptyText="app.common.none"
          />
        </Cell>
        <Cell>
          <AppDateInput source="birth_date" validate={validators.birth_date} fullWidth />
        </Cell>
        <Cell>
          <AutocompleteInput
            source="nationality_id"
            choices={nationalityChoices}
            translateChoice={false}
            validate={validators.nationality_id}
            fullWidth
          />
        </Cell>
        <Cell>
          <AutocompleteInput
            source="country_of_residency_id"
            choices={nationalityChoices}
            translateChoice={false}
            validate={validators.country_of_residency_id}
            fullWidth
          />
        </Cell>
        <Cell>
          <SelectInput
            source="identification_method"
            choices={identificationChoices}
            validate={validators.identification_method}
            fullWidth
            emptyText="app.common.none"
          />
        </Cell>
        <Cell>
          <TextInput source="tax_number" validate={validators.tax_number} fullWidth {...ltrInput} />
        </Cell>
        <Cell wide>
          <TextInput source="address" validate={validators.address} fullWidth />
        </Cell>
      </Section>
      <Section title="app.customers.sections.preferences">
        <Cell>
          <RadioButtonGroupInput
            source="preferred_language"
            choices={languageChoices}
            validate={validators.preferred_language}
          />
        </Cell>
        <Cell>
          <BooleanInput source="whatsapp_allowed" validate={validators.whatsapp_allowed} />
        </Cell>
        <Cell wide>
          <TextInput source="notes" validate={validators.notes} multiline minRows={3} fullWidth />
        </Cell>
      </Section>
    </SimpleForm>
  );
};
