import type { ReactElement } from 'react';
import { Labeled } from 'react-admin';
import { useRecordContext, useTranslate } from 'ra-core';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import Divider from '@mui/material/Divider';
import { useActorName } from '../users/useUsers';
import {
  BusinessDateField,
  CodeField,
  CustomerTypeChip,
  DateTimeField,
  LtrField,
  MoneyField,
  NationalityField,
  StatusChip,
  TextValueField,
  TranslatedChoiceField,
  YesNoField,
} from './fields';
import { identificationChoices, languageChoices, type Customer } from './types';
import { PenaltiesField } from './PenaltyButton';

const Item = ({ children, wide }: { children: ReactElement<{ source?: string }>; wide?: boolean }) => (
  <Grid size={{ xs: 12, sm: 6, md: wide ? 12 : 4 }}>
    <Labeled resource="customers" source={children.props.source}>
      {children}
    </Labeled>
  </Grid>
);

const Section = ({ title, children }: { title: string; children: ReactElement | ReactElement[] }) => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle1" component="h2" color="primary" sx={{ fontWeight: 600, mt: 2, mb: 1 }}>
        {translate(title)}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
      <Divider sx={{ mt: 2 }} />
    </>
  );
};

const ActorField = ({ source }: { source: 'created_by' | 'updated_by' }) => {
  const record = useRecordContext<Customer>();
  const actorName = useActorName();
  return <Typography variant="body2">{actorName(record?.[source])}</Typography>;
};

/** Every field of a customer record (the current one, or the one as it was at an instant). */
export const CustomerDetails = ({ withRecordInfo = true }: { withRecordInfo?: boolean }) => (
  <>
    <Section title="app.customers.sections.contact">
      <Item>
        <TextValueField source="name" />
      </Item>
      <Item>
        <LtrField source="mobile" />
      </Item>
      <Item>
        <LtrField source="email" />
      </Item>
    </Section>
    <Section title="app.customers.sections.personal">
      <Item>
        <CodeField source="gender" code="gender" />
      </Item>
      <Item>
        <BusinessDateField source="birth_date" />
      </Item>
      <Item>
        <NationalityField source="nationality_id" />
      </Item>
      <Item>
        <NationalityField source="country_of_residency_id" />
      </Item>
      <Item>
        <TranslatedChoiceField source="identification_method" choices={identificationChoices} />
      </Item>
      <Item>
        <LtrField source="tax_number" />
      </Item>
      <Item wide>
        <TextValueField source="address" />
      </Item>
    </Section>
    <Section title="app.customers.sections.preferences">
      <Item>
        <TranslatedChoiceField source="preferred_language" choices={languageChoices} />
      </Item>
      <Item>
        <YesNoField source="whatsapp_allowed" />
      </Item>
      <Item wide>
        <TextValueField source="notes" />
      </Item>
    </Section>
    <Section title="app.customers.sections.account">
      <Item>
        <CustomerTypeChip source="type" />
      </Item>
      <Item>
        <TextValueField source="invoices_count" />
      </Item>
      <Item>
        <BusinessDateField source="last_invoice_date" />
      </Item>
      <Item>
        <TextValueField source="loyalty_points" />
      </Item>
      <Item>
        <MoneyField source="wallet_balance" />
      </Item>
      <Item>
        <PenaltiesField source="penalties" />
      </Item>
    </Section>
    {withRecordInfo ? (
      <Section title="app.customers.sections.record">
        <Item>
          <TextValueField source="serial" />
        </Item>
        <Item>
          <StatusChip source="status" />
        </Item>
        <Item>
          <DateTimeField source="created_at" />
        </Item>
        <Item>
          <ActorField source="created_by" />
        </Item>
        <Item>
          <DateTimeField source="updated_at" />
        </Item>
        <Item>
          <ActorField source="updated_by" />
        </Item>
      </Section>
    ) : (
      <></>
    )}
  </>
);
