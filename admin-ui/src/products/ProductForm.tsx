import { useEffect, useRef } from 'react';
import { Create, Edit, SelectInput, SimpleForm, TextInput, type SimpleFormProps } from 'react-admin';
import { useNotify, useRecordContext, useRedirect, useTranslate } from 'ra-core';
import { useFormContext, useWatch } from 'react-hook-form';
import { codeOptions, vatCategoryOfType, vatExemptionsForType } from '@rawnaq/contracts';
import Typography from '@mui/material/Typography';
import { FormCell, FormSection } from '../forms/FormSection';
import { PriceWithVatInputs, useMoneyInput as useSharedMoneyInput } from '../forms/MoneyInputs';
import { parseTypedNumber, withVatText } from '../menu/pricing';
import { MoneyText, useProductNameOf, useProductVat } from './fields';
import { ImageInput } from './ImageInput';
import { SuggestedProductPicker } from './SuggestedProductPicker';
import { carriesVat, PRODUCT_RESOURCES, productPayload, type Product } from './types';
import { useProductValidate } from './validation';
import { NameInputs } from '../forms/NameInputs';

const PRODUCTS = PRODUCT_RESOURCES.products;

const useMoneyInput = () => useSharedMoneyInput(useProductVat().currency);

/**
 * The price before VAT and with VAT side by side, each following the other exactly (contracts'
 * `inclusiveFromExclusive` / `splitInclusive` in minor units), like the service form. Only standard-rate
 * products carry VAT; for the other VAT types both prices are the same. Only the price before VAT is sent.
 */
const PriceInputs = () => {
  const translate = useTranslate();
  const { setValue, getValues, formState } = useFormContext();
  const vatType = useWatch({ name: 'vat_type' });
  const { percentage, salon, currency } = useProductVat(vatType);
  const follow = { shouldDirty: true, shouldValidate: formState.isSubmitted };
  const previous = useRef(percentage);
  // A new VAT type changes the VAT: the price before VAT stays, the price with VAT follows it.
  useEffect(() => {
    if (previous.current === percentage) return;
    previous.current = percentage;
    setValue('price_with_vat', withVatText(getValues('price'), percentage, currency), follow);
  }, [percentage]);
  return (
    <>
      <FormCell>
        <SelectInput source="vat_type" choices={codeOptions('vatType')} isRequired fullWidth />
      </FormCell>
      <FormCell>
        <Typography variant="body2" color="text.secondary" sx={{ mt: { md: 2 } }} data-testid="vat-hint">
          {!carriesVat(vatType)
            ? translate('app.products.no_vat_hint')
            : salon > 0
              ? translate('app.products.vat_hint', { percentage: salon })
              : translate('app.products.vat_off_hint')}
        </Typography>
      </FormCell>
      <ExemptionInput />
      <PriceWithVatInputs
        percentage={percentage}
        currency={currency}
        customersPayKey="app.products.customers_pay"
      />
    </>
  );
};

/**
 * A Saudi salon's exempt or zero-rated product says why it carries no VAT (ZATCA's VATEX reasons of
 * its category, by their text only: the code is the authority's, not the owner's word). Out of scope
 * has one reason, set by the server; standard-rated has none. A reason of the other category is
 * cleared when the VAT type changes.
 */
const ExemptionInput = () => {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const vatType = Number(useWatch({ name: 'vat_type' }));
  const { countryId } = useProductVat(vatType);
  const category = vatCategoryOfType(vatType);
  const shown = countryId === 1 && (category === 'E' || category === 'Z');
  const choices = shown
    ? vatExemptionsForType(vatType).map((e) => ({
        id: e.code,
        name: translate(`app.products.exemptions.${e.code}`),
      }))
    : [];
  useEffect(() => {
    const current = getValues('vat_exemption_code') as string | undefined | null;
    if (current && !choices.some((c) => c.id === current)) setValue('vat_exemption_code', null);
  }, [vatType]);
  if (!shown) return null;
  return (
    <FormCell wide>
      <SelectInput
        source="vat_exemption_code"
        choices={choices}
        isRequired
        fullWidth
        translateChoice={false}
        helperText="app.products.exemption_hint"
      />
    </FormCell>
  );
};

/** On a new product: what is on the shelf and what it cost. Later, stock moves only by stock operations. */
const StockInputs = ({ isNew }: { isNew: boolean }) => {
  const translate = useTranslate();
  const record = useRecordContext<Product>();
  const moneyInput = useMoneyInput();
  return (
    <>
      {isNew ? (
        <>
          <FormCell>
            <TextInput
              source="initial_quantity"
              parse={parseTypedNumber}
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
            />
          </FormCell>
          <FormCell>
            <TextInput source="cost_price" {...moneyInput} helperText="app.products.cost_hint" />
          </FormCell>
        </>
      ) : (
        record && (
          <FormCell wide>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="stock-summary">
              {translate('app.products.stock_summary', { quantity: record.quantity })}{' '}
              <MoneyText minor={record.average_cost_minor} />
            </Typography>
          </FormCell>
        )
      )}
      <FormCell>
        <TextInput
          source="warning_level"
          parse={parseTypedNumber}
          fullWidth
          helperText="app.products.warning_hint"
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
      </FormCell>
    </>
  );
};

/** Every product field of spec doc1 §3, checked by the contracts' schema before it is sent. */
export const ProductForm = ({ isNew, ...props }: Omit<SimpleFormProps, 'children'> & { isNew: boolean }) => {
  const validate = useProductValidate(isNew);
  return (
    // noValidate: the contracts' rules judge the fields, not the browser's own bubbles (English only).
    <SimpleForm validate={validate} noValidate sx={{ maxWidth: 960 }} {...props}>
      <FormSection title="app.products.sections.names">
        {isNew && (
          <FormCell wide>
            <SuggestedProductPicker />
          </FormCell>
        )}
        <NameInputs />
        <FormCell>
          <TextInput
            source="barcode"
            parse={parseTypedNumber}
            fullWidth
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', autoComplete: 'off' } }}
          />
        </FormCell>
        <FormCell>
          <SelectInput source="usage_type" choices={codeOptions('productUsageType')} isRequired fullWidth />
        </FormCell>
      </FormSection>
      <FormSection title="app.products.sections.price">
        <PriceInputs />
      </FormSection>
      <FormSection title="app.products.sections.stock">
        <StockInputs isNew={isNew} />
      </FormSection>
      <FormSection title="app.products.sections.image" last>
        <FormCell wide>
          <ImageInput />
        </FormCell>
      </FormSection>
    </SimpleForm>
  );
};

export const ProductCreate = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title={translate('app.products.create_title')}
      transform={(values: Record<string, unknown>) => productPayload(values, true)}
      mutationOptions={{
        onSuccess: () => {
          notify('app.products.created', { type: 'success' });
          redirect('list', PRODUCTS);
        },
      }}
    >
      <ProductForm isNew defaultValues={{ usage_type: 1, vat_type: 1 }} />
    </Create>
  );
};

const EditTitle = () => {
  const record = useRecordContext<Product>();
  const translate = useTranslate();
  const nameOf = useProductNameOf();
  return <>{record ? translate('app.products.edit_title', { name: nameOf(record) }) : ''}</>;
};

export const ProductEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      title={<EditTitle />}
      // Pessimistic: the server checks the barcode, and the list shows the saved prices.
      mutationMode="pessimistic"
      transform={(values: Record<string, unknown>) => productPayload(values, false)}
      mutationOptions={{
        onSuccess: () => {
          notify('app.products.updated', { type: 'success' });
          redirect('list', PRODUCTS);
        },
      }}
    >
      <ProductForm isNew={false} />
    </Edit>
  );
};
