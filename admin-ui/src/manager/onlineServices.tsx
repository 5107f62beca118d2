import { useEffect, useState } from 'react';
import { DataTable, List, TextInput } from 'react-admin';
import { useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'ra-core';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { failureKey, isHandled } from '../http/errors';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useArea } from '../shell/area';
import { useAppDataProvider } from '../http/useAppDataProvider';

export const GLOBAL_ALIASES = 'addon-services/global-aliases';
export const GATEWAY_SALONS = 'addon-services/merchant-with-payment-gateway-package';

type Row = RaRecord & {
  account_id: number;
  name_en: string;
  name_ar: string;
  alias: string;
  online_booking: boolean;
  google_index: boolean;
  payment_gateway_package: 0 | 1;
  payment_gateway_package_id: string | null;
};

type PackageOption = { id: string; name_en: string; name_ar: string; status: 0 | 1 };

/** The platform's packages, loaded once for the list's rows. */
const usePackages = () => {
  const dataProvider = useAppDataProvider();
  const [packages, setPackages] = useState<PackageOption[]>([]);
  useEffect(() => {
    let live = true;
    dataProvider
      .send<PackageOption[]>('GET', 'payment-gateway-packages?range=[0,99]')
      .then((found) => live && setPackages(Array.isArray(found) ? found : []))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dataProvider]);
  return packages;
};

/** Saves some of a salon's online services at once, saying so; `saving` while on its way. */
const useSaveOnlineServices = () => {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [saving, setSaving] = useState(false);
  const save = async (accountId: RaRecord['id'], values: Record<string, unknown>) => {
    setSaving(true);
    try {
      await dataProvider.command(GLOBAL_ALIASES, 'PUT', `accounts/${accountId}/online-services`, values);
      notify('app.manager.online.saved', { type: 'success' });
      refresh();
    } catch (error) {
      if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
};

/**
 * Which of the platform's packages the salon is on (its fee per paid transaction): one offered now,
 * or the one it already has, even withdrawn. Choosing one turns the salon's gateway package on;
 * choosing the platform's default fee takes the package off again.
 */
const PackageChoice = ({ packages }: { packages: PackageOption[]; label?: string }) => {
  const record = useRecordContext<Row>();
  const translate = useTranslate();
  const { language } = useArea();
  const { save, saving } = useSaveOnlineServices();
  if (!record) return null;
  const current = record.payment_gateway_package_id ?? '';
  const options = packages.filter((p) => p.status === 1 || p.id === current);
  const name = (p: PackageOption) => (language === 'ar' ? p.name_ar || p.name_en : p.name_en || p.name_ar);
  return (
    <TextField
      select
      size="small"
      value={current}
      disabled={saving}
      label={translate('app.manager.packages.choose')}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) =>
        save(
          record.id,
          e.target.value
            ? { payment_gateway_package: 1, payment_gateway_package_id: e.target.value }
            : { payment_gateway_package_id: null },
        )
      }
      sx={{ minWidth: 180 }}
      slotProps={{
        select: { displayEmpty: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': `package-${record.alias}` },
      }}
    >
      <MenuItem value="" disabled={current === ''}>
        {translate('app.manager.packages.none')}
      </MenuItem>
      {options.map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {name(p)}
        </MenuItem>
      ))}
    </TextField>
  );
};

const SalonName = (_: { label?: string }) => {
  const record = useRecordContext<Row>();
  const { language } = useArea();
  if (!record) return null;
  return (
    <Typography variant="body2" component="span">
      <bdi>{language === 'ar' ? record.name_ar || record.name_en : record.name_en || record.name_ar}</bdi>
    </Typography>
  );
};

/** The salon's address on the platform, opening its online home page. */
const Alias = (_: { label?: string }) => {
  const record = useRecordContext<Row>();
  const { language } = useArea();
  if (!record) return null;
  const href = `${language === 'en' ? '/en' : ''}/salon/${record.alias}/home`;
  return (
    <a href={href} target="_blank" rel="noreferrer" dir="ltr" data-testid="alias-link">
      {record.alias}
    </a>
  );
};

const Booking = (_: { label?: string }) => {
  const record = useRecordContext<Row>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.online_booking ? 'success' : 'default'}
      label={translate(record.online_booking ? 'app.manager.online.open' : 'app.manager.online.closed')}
    />
  );
};

/** One of the salon's online services, switched on or off by the manager (saved at once). */
const ServiceSwitch = ({
  field,
  labelled = false,
}: {
  field: 'google_index' | 'payment_gateway_package';
  label?: string;
  /** with its name beside it (a phone's card has no column headers) */
  labelled?: boolean;
}) => {
  const record = useRecordContext<Row>();
  const translate = useTranslate();
  const { save, saving } = useSaveOnlineServices();
  if (!record) return null;
  const on = field === 'google_index' ? record.google_index : record.payment_gateway_package === 1;
  const change = () => save(record.id, { [field]: field === 'google_index' ? !on : on ? 0 : 1 });
  const control = (
    <Switch
      checked={on}
      disabled={saving}
      onChange={change}
      onClick={(e) => e.stopPropagation()}
      slotProps={{ input: { 'aria-label': translate(`resources.${GLOBAL_ALIASES}.fields.${field}`) } }}
      data-testid={`${field}-${record.alias}`}
    />
  );
  return labelled ? (
    <FormControlLabel
      control={control}
      label={translate(`resources.${GLOBAL_ALIASES}.fields.${field}`)}
      slotProps={{ typography: { variant: 'caption' } }}
    />
  ) : (
    control
  );
};

const Empty = ({ text }: { text: string }) => {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3 }} color="text.secondary" data-testid="list-empty">
      {translate(text)}
    </Typography>
  );
};

const OnlineServicesList = ({ resource, empty }: { resource: string; empty: string }) => {
  const translate = useTranslate();
  const packages = usePackages();
  return (
    <List
      resource={resource}
      title={translate(`resources.${resource}.name`, { smart_count: 2 })}
      sort={{ field: resource === GLOBAL_ALIASES ? 'alias' : 'account_id', order: 'ASC' }}
      perPage={50}
      exporter={false}
      // nothing to create or export here: no empty row of actions above the search on a phone
      actions={false}
      empty={false}
      filters={resource === GLOBAL_ALIASES ? [<TextInput key="q" source="q" alwaysOn />] : undefined}
    >
      <ResponsiveDataTable<Row>
        primaryText={() => <SalonName />}
        secondaryText={() => <Alias />}
        tertiaryText={() => (
          <Box component="span" sx={{ display: 'grid' }}>
            <ServiceSwitch field="google_index" labelled />
            <ServiceSwitch field="payment_gateway_package" labelled />
            {packages.length > 0 && <PackageChoice packages={packages} />}
          </Box>
        )}
        bulkActionButtons={false}
        rowClick={false}
        empty={<Empty text={empty} />}
      >
        <DataTable.Col source="account_id" />
        <DataTable.Col source="name" disableSort field={SalonName} />
        <DataTable.Col source="alias" field={Alias} />
        <DataTable.Col source="online_booking" disableSort field={Booking} />
        <DataTable.Col
          source="google_index"
          disableSort
          render={() => <ServiceSwitch field="google_index" />}
        />
        <DataTable.Col
          source="payment_gateway_package"
          disableSort
          render={() => <ServiceSwitch field="payment_gateway_package" />}
        />
        {packages.length > 0 && (
          <DataTable.Col
            source="payment_gateway_package_id"
            disableSort
            render={() => <PackageChoice packages={packages} />}
          />
        )}
      </ResponsiveDataTable>
    </List>
  );
};

/** `addon-services/global-aliases` (doc1 §2): every salon's online address, its indexing and payment package. */
export const GlobalAliasList = () => (
  <OnlineServicesList resource={GLOBAL_ALIASES} empty="app.manager.online.empty" />
);

/** `addon-services/merchant-with-payment-gateway-package`: the salons whose payment gateway package is active. */
export const GatewaySalonList = () => (
  <OnlineServicesList resource={GATEWAY_SALONS} empty="app.manager.online.empty_gateway" />
);
