import { useEffect, useState, type ReactNode } from 'react';
import {
  Create,
  CreateButton,
  DataTable,
  DateInput,
  Edit,
  List,
  ListBase,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  required,
} from 'react-admin';
import {
  useCreatePath,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'ra-core';
import { useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { failureKey, isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { CURRENCIES, decimalsOf, parseMoney, type Currency } from '@rawnaq/contracts';
import { useArea } from '../shell/area';
import { SalonFilter } from './fields';

import {
  WA_CAMPAIGNS,
  WA_DISCONNECTED,
  WA_FAILURES,
  WA_META,
  WA_PACKAGES,
  WA_SALONS,
  WA_SETTING,
  WA_TRACKER,
  WA_UNREACHABLE,
} from './whatsappPaths';
import { useNameField } from '../shell/names';
import { inArabic, inEnglish } from '../forms/directions';

type Row = RaRecord & Record<string, unknown>;

// ---- small shared pieces ----

/** The salon's name in the screen's language. */
const Salon = (_: { label?: string }) => {
  const r = useRecordContext<Row>();
  const { language } = useArea();
  if (!r) return null;
  const name = (language === 'ar' ? r.salon_ar || r.salon_en : r.salon_en || r.salon_ar) as string;
  return (
    <bdi>
      {name || '—'}{' '}
      <Typography component="span" variant="caption" color="text.secondary">
        #{String(r.account_id ?? r.id)}
      </Typography>
    </bdi>
  );
};

const Name = ({ en, ar }: { en: string; ar: string; label?: string }) => {
  const r = useRecordContext<Row>();
  const { language } = useArea();
  if (!r) return null;
  return <bdi>{String((language === 'ar' ? r[ar] || r[en] : r[en] || r[ar]) ?? '—')}</bdi>;
};

const When = ({ source }: { source: string; label?: string }) => {
  const r = useRecordContext<Row>();
  const { language } = useArea();
  const v = r?.[source];
  if (typeof v !== 'string') return null;
  return (
    <bdi>
      {new Date(v).toLocaleString(language === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
      })}
    </bdi>
  );
};

const CONNECTION_COLORS = ['error', 'success', 'warning'] as const;
const Connection = (_: { label?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  if (!r) return null;
  const state = Number(r.connection_state ?? 0) as 0 | 1 | 2;
  return (
    <Chip
      size="small"
      color={CONNECTION_COLORS[state]}
      label={translate(`app.manager.whatsapp.connection.${state}`)}
      data-testid={`connection-${state}`}
    />
  );
};

const PACKAGE_COLORS = ['default', 'success', 'warning'] as const;
const PackageStatus = (_: { label?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  if (!r || r.package_status === undefined) return null;
  const status = Number(r.package_status) as 0 | 1 | 2;
  return (
    <Chip
      size="small"
      color={PACKAGE_COLORS[status]}
      label={translate(`app.manager.whatsapp.package_status.${status}`)}
    />
  );
};

const Used = (_: { label?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  if (!r) return null;
  return (
    <bdi>
      {translate('app.manager.whatsapp.used', {
        used: Number(r.used_this_month ?? 0),
        allowance: Number(r.messages_per_month ?? 0),
      })}
    </bdi>
  );
};

const Empty = ({ text, action }: { text: string; action?: ReactNode }) => {
  const translate = useTranslate();
  return (
    <>
      <Typography sx={{ p: 3 }} color="text.secondary" data-testid="list-empty">
        {translate(text)}
      </Typography>
      {action && <TopToolbar>{action}</TopToolbar>}
    </>
  );
};

/** A title from the resource's name (its plural). */
const useTitle = (resource: string) => useTranslate()(`resources.${resource}.name`, { smart_count: 2 });

// ---- platform-setting/whatsapp-packages ----

/** Minor units as the manager reads them, with the currency's decimals (2, or 3 for KWD, OMR, BHD). */
const majorOf = (minor: unknown, currency: Currency) =>
  typeof minor === 'number'
    ? (minor / 10 ** decimalsOf(currency)).toFixed(decimalsOf(currency))
    : (minor ?? '');
const minorOf = (text: unknown, currency: Currency) => {
  const parsed = parseMoney(String(text ?? '').trim(), currency);
  // left as typed when it is not an amount of this currency: the server names the field
  return parsed.ok ? parsed.money.amount : String(text ?? '').trim();
};

const PriceInput = () => {
  const currency = (useWatch({ name: 'currency' }) as Currency | undefined) ?? 'SAR';
  return (
    <TextInput
      source="monthly_price"
      format={(v) => majorOf(v, currency)}
      parse={(v) => minorOf(v, currency)}
      validate={required()}
      helperText="app.manager.whatsapp.price_hint"
      slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
    />
  );
};

const Price = (_: { label?: string }) => {
  const r = useRecordContext<Row>();
  if (!r) return null;
  const currency = (r.currency as Currency) ?? 'SAR';
  return <bdi dir="ltr">{`${majorOf(r.monthly_price, currency)} ${currency}`}</bdi>;
};

const Offered = (_: { label?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  if (!r) return null;
  return (
    <Chip
      size="small"
      color={r.status === 1 ? 'success' : 'default'}
      label={translate(`app.manager.packages.status_${r.status === 1 ? 1 : 0}`)}
    />
  );
};

export const WhatsAppPackageList = () => {
  const nameField = useNameField();
  const translate = useTranslate();
  return (
    <List
      resource={WA_PACKAGES}
      title={useTitle(WA_PACKAGES)}
      sort={{ field: 'created_at', order: 'ASC' }}
      perPage={50}
      exporter={false}
      empty={
        <Empty text="app.manager.whatsapp.packages_empty" action={<CreateButton resource={WA_PACKAGES} />} />
      }
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <ResponsiveDataTable<Row>
        primaryText={() => <Name en="name_en" ar="name_ar" />}
        secondaryText={(r) => (
          <span>
            {translate('app.manager.whatsapp.per_month', { count: Number(r.messages_per_month) })} · <Price />
          </span>
        )}
        tertiaryText={() => <Offered />}
        bulkActionButtons={false}
        rowClick="edit"
      >
        <DataTable.Col source={nameField} field={() => <Name en="name_en" ar="name_ar" />} />
        <DataTable.NumberCol source="messages_per_month" />
        <DataTable.Col source="monthly_price" field={Price} />
        <DataTable.Col source="status" field={Offered} />
        <DataTable.Col source="updated_at" field={() => <When source="updated_at" />} />
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
        source="messages_per_month"
        validate={required()}
        slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
      />
      <SelectInput
        source="currency"
        validate={required()}
        choices={CURRENCIES.map((c) => ({
          id: c,
          name: translate(`app.manager.whatsapp.currencies.${c}`),
        }))}
      />
      <PriceInput />
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

export const WhatsAppPackageCreate = () => (
  <Create
    resource={WA_PACKAGES}
    redirect="list"
    record={{ status: 1, currency: 'SAR', messages_per_month: 1000, monthly_price: 0 }}
  >
    <PackageForm />
  </Create>
);

export const WhatsAppPackageEdit = () => (
  <Edit resource={WA_PACKAGES} redirect="list" mutationMode="pessimistic">
    <PackageForm />
  </Edit>
);

// ---- the salons' WhatsApp: with a package, disconnected, every salon's connection ----

/** Tests a salon's connection with its provider, and says how it went. */
const TestButton = () => {
  const r = useRecordContext<Row>();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!r || !r.provider) return null;
  const test = async (e: { stopPropagation: () => void }) => {
    e.stopPropagation();
    setBusy(true);
    try {
      const answer = await dataProvider.command<Row>(WA_META, 'POST', `whatsapp-accounts/${r.id}/test`, {});
      if (answer.test_ok) notify('whatsapp.connection_ok', { type: 'success' });
      else
        notify('whatsapp.connection_failed', {
          type: 'warning',
          messageArgs: { detail: String(answer.test_detail ?? '') },
        });
      refresh();
    } catch (error) {
      if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={busy}
      onClick={test}
      data-testid={`test-${String(r.id)}`}
    >
      {useTranslate()('app.manager.whatsapp.test')}
    </Button>
  );
};

const SalonRows = ({ withPackage }: { withPackage: boolean }) => {
  const createPath = useCreatePath();
  return (
    <ResponsiveDataTable<Row>
      primaryText={() => <Salon />}
      secondaryText={() =>
        withPackage ? (
          <span>
            <Name en="package_name_en" ar="package_name_ar" /> · <Used />
          </span>
        ) : (
          <ProviderText />
        )
      }
      tertiaryText={() => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Connection />
          <TestButton />
        </Box>
      )}
      bulkActionButtons={false}
      rowClick={(id) => createPath({ resource: WA_META, id, type: 'edit' })}
    >
      <DataTable.Col source="account_id" field={Salon} />
      {withPackage && (
        <DataTable.Col source="package_id" field={() => <Name en="package_name_en" ar="package_name_ar" />} />
      )}
      {withPackage && <DataTable.Col source="starts_on" />}
      {withPackage && <DataTable.Col source="package_status" field={PackageStatus} />}
      {withPackage && <DataTable.Col source="used_this_month" field={Used} />}
      <DataTable.Col source="provider" field={ProviderText} />
      <DataTable.Col source="connection_state" field={Connection} />
      <DataTable.Col source="id" label="" field={TestButton} />
    </ResponsiveDataTable>
  );
};

const ProviderText = (_: { label?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  if (!r) return null;
  const provider = r.provider as string | null;
  if (!provider) return <span>{translate('app.manager.whatsapp.no_connection')}</span>;
  const id = (r.phone_number_id ?? r.mobile_number_id) as string | null;
  return (
    <span>
      {translate(`app.manager.whatsapp.providers.${provider}`)}
      {id && (
        <>
          {' · '}
          <bdi dir="ltr">{id}</bdi>
        </>
      )}
      {r.token_last4 && (
        <>
          {' · '}
          <bdi dir="ltr">••••{String(r.token_last4)}</bdi>
        </>
      )}
    </span>
  );
};

export const WhatsAppSalonList = () => (
  <List
    resource={WA_SALONS}
    title={useTitle(WA_SALONS)}
    filter={{ has_package: 1 }}
    perPage={50}
    exporter={false}
    empty={<Empty text="app.manager.whatsapp.salons_empty" />}
  >
    <SalonRows withPackage />
  </List>
);

export const WhatsAppDisconnectedList = () => (
  <List
    resource={WA_DISCONNECTED}
    title={useTitle(WA_DISCONNECTED)}
    filter={{ disconnected: 1 }}
    perPage={50}
    exporter={false}
    empty={<Empty text="app.manager.whatsapp.disconnected_empty" />}
  >
    <SalonRows withPackage />
  </List>
);

export const WhatsAppMetaList = () => (
  <List
    resource={WA_META}
    title={useTitle(WA_META)}
    perPage={50}
    exporter={false}
    sort={{ field: 'account_id', order: 'ASC' }}
  >
    <SalonRows withPackage={false} />
  </List>
);

/** Saves one of a salon's WhatsApp forms through its own command; field errors go next to the fields. */
const useSalonCommand = (
  path: 'package' | 'connection',
  body: (v: Record<string, unknown>) => Record<string, unknown>,
) => {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  return async (values: Record<string, unknown>) => {
    try {
      await dataProvider.command(
        WA_META,
        'PUT',
        `whatsapp-accounts/${String(values.id)}/${path}`,
        body(values),
      );
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
      refresh();
    } catch (error) {
      const errors = (error as { body?: { errors?: Record<string, string> } }).body?.errors;
      // the command's `status` is the form's `package_status`
      if (errors && Object.keys(errors).length)
        return Object.fromEntries(
          Object.entries(errors).map(([k, v]) => [k === 'status' ? 'package_status' : k, v]),
        );
      if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
    }
    return undefined;
  };
};

const PackageChoices = () => {
  const dataProvider = useAppDataProvider();
  const { language } = useArea();
  const record = useRecordContext<Row>();
  const [choices, setChoices] = useState<Array<{ id: string; name: string }>>([]);
  useEffect(() => {
    let live = true;
    dataProvider
      .send<Array<{ id: string; name_en: string; name_ar: string; status: number }>>(
        'GET',
        'whatsapp-packages?range=[0,99]',
      )
      .then(
        (found) =>
          live &&
          setChoices(
            (Array.isArray(found) ? found : [])
              .filter((p) => p.status === 1 || p.id === record?.package_id)
              .map((p) => ({
                id: p.id,
                name: language === 'ar' ? p.name_ar || p.name_en : p.name_en || p.name_ar,
              })),
          ),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dataProvider, language, record?.package_id]);
  return <SelectInput source="package_id" choices={choices} validate={required()} />;
};

const ConnectionFields = () => {
  const provider = useWatch({ name: 'provider' }) as string | undefined;
  const record = useRecordContext<Row>();
  const translate = useTranslate();
  if (provider !== 'cloud_api' && provider !== 'instance') return null;
  const kept = record?.provider === provider && record?.token_last4;
  return (
    <>
      {provider === 'cloud_api' ? (
        <TextInput source="phone_number_id" validate={required()} slotProps={{ htmlInput: { dir: 'ltr' } }} />
      ) : (
        <>
          <TextInput
            source="mobile_number_id"
            validate={required()}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
          <TextInput source="instance_id" validate={required()} slotProps={{ htmlInput: { dir: 'ltr' } }} />
          {record?.provider === 'instance' && typeof record.webhook_path === 'string' && (
            // the gateway signs nothing: it is told this address, whose key only the platform makes
            <Typography variant="body2" sx={{ my: 1 }} data-testid="instance-webhook">
              {translate('app.manager.whatsapp.instance_webhook')}{' '}
              <bdi dir="ltr" style={{ wordBreak: 'break-all' }}>
                {`${window.location.origin}${record.webhook_path}`}
              </bdi>
            </Typography>
          )}
        </>
      )}
      <TextInput
        source="access_token"
        type="password"
        autoComplete="new-password"
        helperText={
          kept
            ? translate('app.manager.whatsapp.token_kept', { last4: String(record.token_last4) })
            : 'app.manager.whatsapp.token_hint'
        }
        slotProps={{ htmlInput: { dir: 'ltr' } }}
        fullWidth
      />
    </>
  );
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box sx={{ mt: 2 }}>
    <Typography variant="h6" sx={{ px: 2 }}>
      {useTranslate()(title)}
    </Typography>
    {children}
  </Box>
);

const SaveOnly = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/** A form's save button in its place: two forms on one page cannot both float at a phone's bottom. */
const SaveInPlace = () => (
  <Box sx={{ px: 2, pb: 2 }}>
    <SaveButton />
  </Box>
);

const SalonHeader = () => {
  const r = useRecordContext<Row>();
  if (!r) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', p: 2 }}>
      <Typography variant="subtitle1" component="span">
        <Salon />
      </Typography>
      <Connection />
      <TestButton />
      {typeof r.test_detail === 'string' && r.test_detail && (
        <Typography variant="caption" color="text.secondary" dir="ltr">
          {r.test_detail}
        </Typography>
      )}
    </Box>
  );
};

/** One salon's WhatsApp: its package (and from when), and its connection with the provider. */
export const WhatsAppMetaEdit = () => {
  const translate = useTranslate();
  const savePackage = useSalonCommand('package', (v) => ({
    package_id: v.package_id,
    starts_on: v.starts_on,
    status: v.package_status,
  }));
  const saveConnection = useSalonCommand('connection', (v) => ({
    provider: v.provider,
    phone_number_id: v.phone_number_id ?? undefined,
    mobile_number_id: v.mobile_number_id ?? undefined,
    instance_id: v.instance_id ?? undefined,
    // left empty: the token kept stays
    access_token: v.access_token || undefined,
  }));
  return (
    <Edit
      resource={WA_META}
      mutationMode="pessimistic"
      redirect={false}
      title={translate(`resources.${WA_META}.name`, { smart_count: 1 })}
    >
      <SalonHeader />
      <Section title="app.manager.whatsapp.package_section">
        <SimpleForm onSubmit={savePackage} toolbar={<SaveInPlace />}>
          <PackageChoices />
          <DateInput source="starts_on" validate={required()} />
          <SelectInput
            source="package_status"
            validate={required()}
            choices={[0, 1, 2].map((s) => ({
              id: s,
              name: translate(`app.manager.whatsapp.package_status.${s}`),
            }))}
          />
        </SimpleForm>
      </Section>
      <Section title="app.manager.whatsapp.connection_section">
        <SimpleForm onSubmit={saveConnection} toolbar={<SaveInPlace />}>
          <SelectInput
            source="provider"
            validate={required()}
            choices={['simulator', 'cloud_api', 'instance'].map((p) => ({
              id: p,
              name: translate(`app.manager.whatsapp.providers.${p}`),
            }))}
          />
          <ConnectionFields />
        </SimpleForm>
      </Section>
    </Edit>
  );
};

// ---- customers-merchants/customers-inactive-wa ----

const Why = (_: { label?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  if (!r) return null;
  return (
    <Chip
      size="small"
      color={r.why === 'stop_reply' ? 'warning' : 'error'}
      label={translate(
        r.why === 'stop_reply' ? 'messaging.consent.stop_reply' : 'messaging.reasons.number_unreachable',
      )}
    />
  );
};

const Phone = ({ source }: { source: string; label?: string }) => {
  const r = useRecordContext<Row>();
  return r?.[source] ? <bdi dir="ltr">+{String(r[source])}</bdi> : null;
};

export const WhatsAppUnreachableList = () => (
  <List
    resource={WA_UNREACHABLE}
    title={useTitle(WA_UNREACHABLE)}
    sort={{ field: 'at', order: 'DESC' }}
    perPage={50}
    exporter={false}
    filters={[
      <SalonFilter
        key="tenantId"
        source="tenantId"
        alwaysOn
        label="app.manager.whatsapp.salon"
        emptyText="app.manager.whatsapp.all_salons"
      />,
    ]}
    empty={<Empty text="app.manager.whatsapp.unreachable_empty" />}
  >
    <ResponsiveDataTable<Row>
      primaryText={(r) => (
        <span>
          <bdi>{String(r.customer_name || '—')}</bdi> · <Phone source="phone" />
        </span>
      )}
      secondaryText={() => (
        <span>
          <Salon /> · <When source="at" />
        </span>
      )}
      tertiaryText={() => <Why />}
      bulkActionButtons={false}
      rowClick={false}
    >
      <DataTable.Col source="customer_name" />
      <DataTable.Col source="phone" field={() => <Phone source="phone" />} />
      <DataTable.Col source="account_id" field={Salon} />
      <DataTable.Col source="why" field={Why} />
      <DataTable.Col source="at" field={() => <When source="at" />} />
    </ResponsiveDataTable>
  </List>
);

// ---- trackers/qbot-tracker ----

const COUNTS = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;

const Counts = ({ period }: { period: 'today' | 'month'; label?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  if (!r) return null;
  return (
    <span>
      {COUNTS.map(
        (c) => `${translate(`app.manager.whatsapp.counts.${c}`)} ${Number(r[`${period}_${c}`] ?? 0)}`,
      ).join(' · ')}
    </span>
  );
};

const Reason = (_: { label?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  if (!r) return null;
  return (
    <span>
      {translate(`messaging.reasons.${String(r.reason)}`)}
      {r.detail ? (
        <Typography component="span" variant="caption" color="text.secondary" dir="ltr">
          {' '}
          ({String(r.detail)})
        </Typography>
      ) : null}
    </span>
  );
};

/** The latest failures, of the salon the tracker is narrowed to (or of all). */
const Failures = () => {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" sx={{ px: 2 }}>
        {translate('app.manager.whatsapp.failures')}
      </Typography>
      <ListBase
        resource={WA_FAILURES}
        filter={filterValues.tenantId ? { tenantId: filterValues.tenantId } : {}}
        sort={{ field: 'at', order: 'DESC' }}
        perPage={20}
        disableSyncWithLocation
      >
        <ResponsiveDataTable<Row>
          primaryText={() => <Reason />}
          secondaryText={() => (
            <span>
              <Salon /> · <Phone source="phone" /> · <When source="at" />
            </span>
          )}
          bulkActionButtons={false}
          rowClick={false}
          empty={<Empty text="app.manager.whatsapp.failures_empty" />}
        >
          <DataTable.Col source="at" field={() => <When source="at" />} />
          <DataTable.Col source="account_id" field={Salon} />
          <DataTable.Col source="phone" field={() => <Phone source="phone" />} />
          <DataTable.Col source="reason" field={Reason} />
        </ResponsiveDataTable>
      </ListBase>
    </Box>
  );
};

export const WhatsAppTrackerList = () => (
  <List
    resource={WA_TRACKER}
    title={useTitle(WA_TRACKER)}
    perPage={50}
    exporter={false}
    filters={[
      <SalonFilter
        key="tenantId"
        source="tenantId"
        alwaysOn
        label="app.manager.whatsapp.salon"
        emptyText="app.manager.whatsapp.all_salons"
      />,
    ]}
    empty={<Empty text="app.manager.whatsapp.tracker_empty" />}
  >
    <ResponsiveDataTable<Row>
      primaryText={() => <Salon />}
      secondaryText={() => {
        const Lines = () => {
          const translate = useTranslate();
          return (
            <span>
              {translate('app.manager.whatsapp.today')}: <Counts period="today" />
              <br />
              {translate('app.manager.whatsapp.this_month')}: <Counts period="month" />
            </span>
          );
        };
        return <Lines />;
      }}
      bulkActionButtons={false}
      rowClick={false}
    >
      <DataTable.Col source="account_id" field={Salon} />
      <DataTable.Col source="today_sent" field={() => <Counts period="today" />} />
      <DataTable.Col source="month_sent" field={() => <Counts period="month" />} />
      <DataTable.Col source="last_at" field={() => <When source="last_at" />} />
    </ResponsiveDataTable>
    <Failures />
  </List>
);

// ---- platform-setting/whatsapp-setting ----

const SecretInput = ({ source, setFlag }: { source: string; setFlag: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  return (
    <TextInput
      source={source}
      type="password"
      autoComplete="new-password"
      fullWidth
      helperText={translate(
        r?.[setFlag] ? 'app.manager.whatsapp.secret_set' : 'app.manager.whatsapp.secret_unset',
      )}
      slotProps={{ htmlInput: { dir: 'ltr' } }}
    />
  );
};

/** The platform's WhatsApp settings: one record, id `platform`; secrets are write-only. */
export const WhatsAppSettingEdit = () => {
  const translate = useTranslate();
  return (
    <Edit
      id="platform"
      resource={WA_SETTING}
      redirect={false}
      mutationMode="pessimistic"
      title={translate(`resources.${WA_SETTING}.name`, { smart_count: 1 })}
      transform={(v: Record<string, unknown>) => ({
        send_from: v.send_from,
        send_until: v.send_until,
        instance_base_url: v.instance_base_url,
        ...(v.verify_token ? { verify_token: v.verify_token } : {}),
        ...(v.app_secret ? { app_secret: v.app_secret } : {}),
      })}
    >
      <SimpleForm toolbar={<SaveOnly />}>
        <Typography variant="body2" color="text.secondary">
          {translate('app.manager.whatsapp.window_hint')}
        </Typography>
        <TextInput
          source="send_from"
          type="time"
          validate={required()}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <TextInput
          source="send_until"
          type="time"
          validate={required()}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <TextInput
          source="instance_base_url"
          validate={required()}
          fullWidth
          helperText="app.manager.whatsapp.instance_hint"
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <SecretInput source="verify_token" setFlag="verify_token_set" />
        <SecretInput source="app_secret" setFlag="app_secret_set" />
      </SimpleForm>
    </Edit>
  );
};

// ---- the manager's ads-campaigns ----

const CAMPAIGN_COLORS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  temporary_saved: 'default',
  pending: 'info',
  sending: 'warning',
  success: 'success',
  failed: 'error',
  disabled: 'default',
  renewed: 'default',
};
const CampaignState = (_: { label?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  if (!r) return null;
  const state = String(r.state);
  return (
    <Chip
      size="small"
      color={CAMPAIGN_COLORS[state] ?? 'default'}
      label={translate(`app.campaigns.states.${state}`)}
    />
  );
};
const CampaignNumbers = (_: { label?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  if (!r) return null;
  return (
    <span>
      {translate('app.manager.whatsapp.campaign_numbers', {
        audience: Number(r.audience ?? 0),
        sent: Number(r.sent ?? 0),
        delivered: Number(r.delivered ?? 0),
        failed: Number(r.failed ?? 0),
      })}
    </span>
  );
};

export const WhatsAppCampaignList = () => (
  <List
    resource={WA_CAMPAIGNS}
    title={useTitle(WA_CAMPAIGNS)}
    sort={{ field: 'created_at', order: 'DESC' }}
    perPage={50}
    exporter={false}
    filters={[
      <SalonFilter
        key="tenantId"
        source="tenantId"
        alwaysOn
        label="app.manager.whatsapp.salon"
        emptyText="app.manager.whatsapp.all_salons"
      />,
    ]}
    empty={<Empty text="app.manager.whatsapp.campaigns_empty" />}
  >
    <ResponsiveDataTable<Row>
      primaryText={(r) => <bdi>{String(r.name ?? '')}</bdi>}
      secondaryText={() => (
        <span>
          <Salon /> · <CampaignNumbers />
        </span>
      )}
      tertiaryText={() => <CampaignState />}
      bulkActionButtons={false}
      rowClick={false}
    >
      <DataTable.Col source="name" />
      <DataTable.Col source="account_id" field={Salon} />
      <DataTable.Col source="state" field={CampaignState} />
      <DataTable.NumberCol source="audience" />
      <DataTable.NumberCol source="sent" />
      <DataTable.NumberCol source="delivered" />
      <DataTable.NumberCol source="failed" />
      <DataTable.Col source="created_at" field={() => <When source="created_at" />} />
    </ResponsiveDataTable>
  </List>
);
