import {
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  CreateButton,
  DataTable,
  Edit,
  List,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { useCanAccess, useNotify, useRecordContext, useRedirect, useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import {
  basisPointsToPercent,
  categoryReach,
  codeLabelKey,
  DiscountCodeCategory,
  type Currency,
  type DiscountCodeDetails,
  type GlobalInformation,
} from '@rawnaq/contracts';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { amountText } from '../billing/basket';
import { AppDateInput } from '../forms/AppDateInput';
import { FormCell, FormSection } from '../forms/FormSection';
import { useFormat } from '../format/useFormat';
import { useGlobalInformation } from '../layout/globalInformationContext';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { Amount } from '../sales/InvoiceParts';

export const DISCOUNT_CODES = 'menu/discount-codes';

type CodeRecord = DiscountCodeDetails & {
  id: string;
  uses: number;
  discounted: number;
  state: 'valid' | 'scheduled' | 'expired' | 'used' | 'inactive';
};

const STATE_COLOR = {
  valid: 'success',
  scheduled: 'info',
  expired: 'warning',
  used: 'default',
  inactive: 'default',
} as const;

const StateChip = ({ state }: { state: CodeRecord['state'] }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATE_COLOR[state]}
      label={translate(`app.discount_codes.states.${state}`)}
      data-testid="discount-code-state"
    />
  );
};

const useCurrency = () =>
  (useGlobalInformation<GlobalInformation>()?.global_informations.account.currency ?? 'SAR') as Currency;

/** "10 %" or "SAR 50.00": what a code takes off, as the salon reads it. */
const useOff = () => {
  const { money } = useFormat();
  return (c: Pick<CodeRecord, 'kind' | 'value'>) =>
    c.kind === 'percent' ? `${basisPointsToPercent(c.value)}%` : money(c.value);
};

/** `menu/discount-codes`: the salon's codes, what each takes off, until when, and how often used. */
export const DiscountCodeList = () => {
  const translate = useTranslate();
  const { date, money } = useFormat();
  const off = useOff();
  const { canAccess: mayManage } = useCanAccess({ resource: DISCOUNT_CODES, action: 'create' });
  return (
    <List
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      actions={<TopToolbar>{mayManage && <CreateButton />}</TopToolbar>}
      empty={false}
    >
      <ResponsiveDataTable<CodeRecord>
        primaryText={(c) => (
          <span>
            <bdi dir="ltr">{c.code}</bdi> · <bdi>{off(c)}</bdi>
          </span>
        )}
        secondaryText={(c) => (
          <span>
            {translate(codeLabelKey('discountCodeCategory', c.category))} · {date(c.valid_to)}
          </span>
        )}
        tertiaryText={(c) => <StateChip state={c.state} />}
        rowClick={mayManage ? 'edit' : false}
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="discount-codes-empty">
            {translate('app.discount_codes.empty')}
          </Typography>
        }
      >
        <DataTable.Col source="code" render={(c: CodeRecord) => <bdi dir="ltr">{c.code}</bdi>} />
        <DataTable.Col source="name" disableSort />
        <DataTable.Col
          source="category"
          disableSort
          render={(c: CodeRecord) => translate(codeLabelKey('discountCodeCategory', c.category))}
        />
        <DataTable.Col source="value" disableSort render={(c: CodeRecord) => <bdi>{off(c)}</bdi>} />
        <DataTable.Col
          source="valid_to"
          render={(c: CodeRecord) => `${date(c.valid_from)} – ${date(c.valid_to)}`}
        />
        <DataTable.Col source="uses" />
        <DataTable.Col
          align="right"
          source="discounted"
          disableSort
          render={(c: CodeRecord) => <Amount>{money(c.discounted)}</Amount>}
        />
        <DataTable.Col source="state" disableSort render={(c: CodeRecord) => <StateChip state={c.state} />} />
      </ResponsiveDataTable>
    </List>
  );
};

/**
 * The services and products a "selected" category names, from the menu and the shelf, each by its name
 * in the screen's language (the resources' representation, set in MerchantAdmin).
 */
const Reach = () => {
  const category = useWatch({ name: 'category' }) as DiscountCodeCategory | undefined;
  const { canAccess: readsProducts } = useCanAccess({ resource: 'products/define-product', action: 'list' });
  if (!category) return null;
  const reach = categoryReach(Number(category) as DiscountCodeCategory);
  if (!reach.selected) return null;
  return (
    <>
      {reach.services && (
        <FormCell wide>
          <ReferenceArrayInput source="service_ids" reference="menu/services" perPage={500}>
            <AutocompleteArrayInput filterToQuery={(q: string) => ({ q })} fullWidth />
          </ReferenceArrayInput>
        </FormCell>
      )}
      {reach.products && readsProducts && (
        <FormCell wide>
          <ReferenceArrayInput source="product_ids" reference="products/define-product" perPage={500}>
            <AutocompleteArrayInput filterToQuery={(q: string) => ({ q })} fullWidth />
          </ReferenceArrayInput>
        </FormCell>
      )}
    </>
  );
};

const CATEGORY_CHOICES = Object.values(DiscountCodeCategory).map((id) => ({
  id,
  name: codeLabelKey('discountCodeCategory', id),
}));

const CodeForm = () => (
  <SimpleForm>
    <FormSection title="app.discount_codes.section">
      <FormCell>
        <TextInput
          source="code"
          isRequired
          fullWidth
          slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'characters' } }}
        />
      </FormCell>
      <FormCell>
        <TextInput source="name" fullWidth />
      </FormCell>
      <FormCell>
        <SelectInput source="category" choices={CATEGORY_CHOICES} isRequired fullWidth />
      </FormCell>
      <Reach />
      <FormCell>
        <RadioButtonGroupInput
          source="kind"
          choices={[
            { id: 'percent', name: 'app.discount_codes.kinds.percent' },
            { id: 'amount', name: 'app.discount_codes.kinds.amount' },
          ]}
        />
      </FormCell>
      <FormCell>
        <TextInput
          source="value"
          isRequired
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
        />
      </FormCell>
      <FormCell>
        <AppDateInput source="valid_from" isRequired fullWidth />
      </FormCell>
      <FormCell>
        <AppDateInput source="valid_to" isRequired fullWidth />
      </FormCell>
      <FormCell>
        <BooleanInput source="single_use" />
      </FormCell>
      <FormCell>
        <BooleanInput source="active" />
      </FormCell>
    </FormSection>
  </SimpleForm>
);

/** What the form sends: lists always present (a category that selects none sends none). */
const payload = (data: Record<string, unknown>) => {
  const reach = categoryReach(Number(data.category) as DiscountCodeCategory);
  return {
    ...data,
    service_ids: reach.selected && reach.services ? (data.service_ids ?? []) : [],
    product_ids: reach.selected && reach.products ? (data.product_ids ?? []) : [],
  };
};

const useSaved = (done: 'created' | 'updated') => {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify(`app.discount_codes.${done}`, { type: 'success' });
      redirect('list', DISCOUNT_CODES);
    },
  };
};

export const DiscountCodeCreate = () => {
  const translate = useTranslate();
  const today = useGlobalInformation<GlobalInformation>()?.global_informations.today;
  return (
    <Create
      title={translate('app.discount_codes.create_title')}
      transform={payload}
      mutationOptions={useSaved('created')}
      record={{ kind: 'percent', category: 1, valid_from: today, single_use: false, active: true }}
    >
      <CodeForm />
    </Create>
  );
};

const EditTitle = () => {
  const record = useRecordContext<CodeRecord>();
  const translate = useTranslate();
  return <>{record ? translate('app.discount_codes.edit_title', { code: record.code }) : ''}</>;
};

/** The form shows a percentage as typed ('12.5') and an amount in the currency's units ('50.00'). */
export const DiscountCodeEdit = () => {
  const currency = useCurrency();
  return (
    <Edit
      title={<EditTitle />}
      mutationMode="pessimistic"
      transform={payload}
      mutationOptions={useSaved('updated')}
      queryOptions={{
        // the form's value is text; the record keeps a number
        select: (c: CodeRecord) =>
          ({
            ...c,
            value: c.kind === 'percent' ? basisPointsToPercent(c.value) : amountText(c.value, currency),
          }) as unknown as CodeRecord,
      }}
    >
      <CodeForm />
    </Edit>
  );
};
