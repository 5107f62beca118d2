import {
  Create,
  CreateButton,
  DataTable,
  Edit,
  List,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  required,
} from 'react-admin';
import { useRecordContext, useTranslate, type RaRecord } from 'ra-core';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useArea } from '../shell/area';
import { useAed } from './gatewayFees';
import { useNameField } from '../shell/names';
import { inArabic, inEnglish } from '../forms/directions';

export const GATEWAY_PACKAGES = 'platform-setting/payment-gateway-packages';

export type GatewayPackage = RaRecord & {
  name_en: string;
  name_ar: string;
  monthly_fee_fils: number;
  transaction_fee_fils: number;
  status: 0 | 1;
};

/** AED fils as the manager types them: 1.00 AED is 100 fils (left as typed when it is not an amount). */
const aedFromFils = (v: unknown) => (typeof v === 'number' ? (v / 100).toFixed(2) : (v ?? ''));
const filsFromAed = (v: unknown) => {
  const text = String(v ?? '').trim();
  return /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : text;
};

const PackageName = (_: { label?: string }) => {
  const record = useRecordContext<GatewayPackage>();
  const { language } = useArea();
  if (!record) return null;
  return <bdi>{language === 'ar' ? record.name_ar || record.name_en : record.name_en || record.name_ar}</bdi>;
};

const Fee = ({ field }: { field: 'monthly_fee_fils' | 'transaction_fee_fils'; label?: string }) => {
  const record = useRecordContext<GatewayPackage>();
  const aed = useAed();
  return record ? <bdi>{aed(record[field])}</bdi> : null;
};

const Fees = () => {
  const record = useRecordContext<GatewayPackage>();
  const translate = useTranslate();
  const aed = useAed();
  if (!record) return null;
  return (
    <span>
      {translate('app.manager.packages.fees', {
        monthly: aed(record.monthly_fee_fils),
        transaction: aed(record.transaction_fee_fils),
      })}
    </span>
  );
};

const Status = (_: { label?: string }) => {
  const record = useRecordContext<GatewayPackage>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.status === 1 ? 'success' : 'default'}
      label={translate(`app.manager.packages.status_${record.status}`)}
      data-testid={`package-status-${record.status}`}
    />
  );
};

const Empty = () => {
  const translate = useTranslate();
  return (
    <>
      <Typography sx={{ p: 3 }} color="text.secondary" data-testid="list-empty">
        {translate('app.manager.packages.empty')}
      </Typography>
      <TopToolbar>
        <CreateButton />
      </TopToolbar>
    </>
  );
};

/**
 * `platform-setting/payment-gateway-packages` (doc1 §2): the packages the platform offers salons for
 * their online payments, each with its monthly price and its fee on every paid transaction (doc2 §9:
 * 1 AED unless the package says otherwise). A salon is put on one from the salons' gateway list.
 */
export const GatewayPackageList = () => {
  const nameField = useNameField();
  const translate = useTranslate();
  return (
    <List
      resource={GATEWAY_PACKAGES}
      title={translate(`resources.${GATEWAY_PACKAGES}.name`, { smart_count: 2 })}
      sort={{ field: 'created_at', order: 'ASC' }}
      perPage={50}
      exporter={false}
      empty={<Empty />}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <ResponsiveDataTable<GatewayPackage>
        primaryText={() => <PackageName />}
        secondaryText={() => <Fees />}
        tertiaryText={() => <Status />}
        bulkActionButtons={false}
        rowClick="edit"
      >
        <DataTable.Col source={nameField} field={PackageName} />
        <DataTable.Col source="monthly_fee_fils" render={() => <Fee field="monthly_fee_fils" />} />
        <DataTable.Col source="transaction_fee_fils" render={() => <Fee field="transaction_fee_fils" />} />
        <DataTable.Col source="status" field={Status} />
      </ResponsiveDataTable>
    </List>
  );
};

const PackageForm = () => {
  const translate = useTranslate();
  return (
    <SimpleForm>
      <TextInput source="name_en" validate={required()} fullWidth slotProps={inEnglish} />
      <TextInput source="name_ar" validate={required()} fullWidth slotProps={inArabic} />
      <TextInput
        source="monthly_fee_fils"
        format={aedFromFils}
        parse={filsFromAed}
        validate={required()}
        slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
      />
      <TextInput
        source="transaction_fee_fils"
        format={aedFromFils}
        parse={filsFromAed}
        validate={required()}
        helperText="app.manager.packages.transaction_hint"
        slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
      />
      <SelectInput
        source="status"
        validate={required()}
        choices={[
          { id: 1, name: translate('app.manager.packages.status_1') },
          { id: 0, name: translate('app.manager.packages.status_0') },
        ]}
      />
    </SimpleForm>
  );
};

export const GatewayPackageCreate = () => (
  <Create
    resource={GATEWAY_PACKAGES}
    redirect="list"
    record={{ status: 1, monthly_fee_fils: 0, transaction_fee_fils: 100 }}
  >
    <PackageForm />
  </Create>
);

export const GatewayPackageEdit = () => (
  <Edit resource={GATEWAY_PACKAGES} redirect="list" mutationMode="pessimistic">
    <PackageForm />
  </Edit>
);
