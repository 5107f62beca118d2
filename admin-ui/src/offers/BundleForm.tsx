import { NumberInput, RadioButtonGroupInput, SimpleForm, TextInput, type SimpleFormProps } from 'react-admin';
import { inArabic, inEnglish } from '../forms/directions';
import { useRecordContext, useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { inclusiveFromExclusive } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { AppDateInput } from '../forms/AppDateInput';
import { FormCell, FormSection } from '../forms/FormSection';
import { useFormat } from '../format/useFormat';
import { useSalonVat } from '../menu/fields';
import { parseTypedNumber, priceMinor } from '../menu/pricing';
import type { Service } from '../menu/types';
import { useArea } from '../shell/area';
import { ServicePicker, useOfferableServices } from './ServicePicker';
import { OFFER_TYPES, USE_TYPES, type Offer, type Package } from './types';
import { itemsTotalMinor, offerItems, useOfferValidate, usePackageValidate } from './validation';

const NamesAndDescriptions = () => {
  const { language } = useArea();
  const input = (source: string, lang: 'en' | 'ar', multiline?: boolean) => (
    <FormCell key={source}>
      <TextInput
        source={source}
        isRequired={!multiline}
        fullWidth
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
        slotProps={lang === 'ar' ? inArabic : inEnglish}
      />
    </FormCell>
  );
  // The page's language first: that is the name the person at the desk thinks of.
  const order = language === 'ar' ? (['ar', 'en'] as const) : (['en', 'ar'] as const);
  return (
    <>
      {order.map((lang) => input(`name_${lang}`, lang))}
      {order.map((lang) => input(`description_${lang}`, lang, true))}
    </>
  );
};

/**
 * What the picked services cost together (before VAT, exactly in minor units), next to the price being
 * typed: the price must stay below it (spec doc2 §5.5).
 */
const TotalPanel = ({ services, withSessions }: { services: Service[]; withSessions?: boolean }) => {
  const translate = useTranslate();
  const { money } = useFormat();
  const { currency, percentage } = useSalonVat();
  const picked = useWatch({ name: withSessions ? 'items' : 'service_ids' }) as unknown;
  const price = priceMinor(useWatch({ name: 'price' }), currency);
  const items = withSessions ? (Array.isArray(picked) ? picked : []) : offerItems(picked);
  const total = itemsTotalMinor(services, items);
  const saving = total !== undefined && price !== undefined ? total - price : undefined;
  return (
    <Box
      sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', display: 'grid', gap: 0.5 }}
      data-testid="items-total-panel"
    >
      <Typography variant="body2">
        {translate('app.offers.items_total')}{' '}
        <Box component="strong" data-testid="items-total" sx={{ whiteSpace: 'nowrap' }}>
          {total === undefined ? '—' : money(total)}
        </Box>
      </Typography>
      {total !== undefined && total > 0 && (
        <Typography variant="caption" color="text.secondary">
          {translate('app.offers.items_total_with_vat', {
            amount: money(inclusiveFromExclusive(total, percentage)),
          })}
        </Typography>
      )}
      {saving !== undefined && total !== undefined && total > 0 && (
        <Typography variant="body2" color={saving > 0 ? 'success.main' : 'error'} data-testid="saving">
          {saving > 0
            ? translate('app.offers.saving', { amount: money(saving) })
            : translate('catalog.price_not_below_items_total')}
        </Typography>
      )}
    </Box>
  );
};

const PriceInput = () => {
  const translate = useTranslate();
  return (
    <TextInput
      source="price"
      isRequired
      fullWidth
      parse={parseTypedNumber}
      helperText="app.offers.price_hint"
      slotProps={{
        htmlInput: { inputMode: 'decimal', dir: 'ltr' },
        input: {
          endAdornment: <InputAdornment position="end">{translate('app.offers.before_vat')}</InputAdornment>,
        },
      }}
    />
  );
};

const MaxServices = () => {
  const useType = useWatch({ name: 'use_type' }) as unknown;
  if (Number(useType) !== 2) return null;
  return (
    <FormCell>
      <NumberInput
        source="max_services_to_use"
        isRequired
        min={1}
        step={1}
        fullWidth
        helperText="app.offers.max_hint"
      />
    </FormCell>
  );
};

/** Every offer field of spec doc1 §3, checked by the contracts' `offerInput` before it is sent. */
export const OfferForm = (props: Omit<SimpleFormProps, 'children'>) => {
  const record = useRecordContext<Offer>();
  const { services } = useOfferableServices(record?.service_ids ?? []);
  const validate = useOfferValidate(services);
  return (
    <SimpleForm validate={validate} noValidate sx={{ maxWidth: 960 }} {...props}>
      <FormSection title="app.offers.sections.names">
        <NamesAndDescriptions />
      </FormSection>
      <FormSection title="app.offers.sections.use">
        <FormCell>
          <RadioButtonGroupInput
            source="type"
            choices={OFFER_TYPES.map((id) => ({ id, name: `app.offers.types.${id}` }))}
            isRequired
          />
        </FormCell>
        <FormCell>
          <RadioButtonGroupInput
            source="use_type"
            choices={USE_TYPES.map((id) => ({ id, name: `app.offers.use_types.${id}` }))}
            isRequired
          />
        </FormCell>
        <FormCell wide>
          <ServicePicker source="service_ids" />
        </FormCell>
        <MaxServices />
      </FormSection>
      <FormSection title="app.offers.sections.price" last>
        <FormCell>
          <PriceInput />
        </FormCell>
        <FormCell>
          <TotalPanel services={services} />
        </FormCell>
        <FormCell>
          <AppDateInput source="expiry_date" isRequired fullWidth />
        </FormCell>
      </FormSection>
    </SimpleForm>
  );
};

/** A package: services with their sessions, a price below the sessions' total, used within some days. */
export const PackageForm = (props: Omit<SimpleFormProps, 'children'>) => {
  const translate = useTranslate();
  const record = useRecordContext<Package>();
  const { services } = useOfferableServices((record?.items ?? []).map((i) => i.service_id));
  const validate = usePackageValidate(services);
  return (
    <SimpleForm validate={validate} noValidate sx={{ maxWidth: 960 }} {...props}>
      <FormSection title="app.offers.sections.names">
        <NamesAndDescriptions />
      </FormSection>
      <FormSection title="app.packages.sections.sessions">
        <FormCell wide>
          <ServicePicker source="items" withSessions />
        </FormCell>
      </FormSection>
      <FormSection title="app.offers.sections.price" last>
        <FormCell>
          <PriceInput />
        </FormCell>
        <FormCell>
          <TotalPanel services={services} withSessions />
        </FormCell>
        <FormCell>
          <NumberInput
            source="validity_days"
            isRequired
            min={1}
            max={730}
            step={1}
            fullWidth
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">{translate('app.packages.days_unit')}</InputAdornment>
                ),
              },
            }}
          />
        </FormCell>
      </FormSection>
    </SimpleForm>
  );
};
