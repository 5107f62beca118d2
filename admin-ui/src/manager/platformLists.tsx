import { useState, type ReactNode } from 'react';
import {
  CheckboxGroupInput,
  Create,
  CreateButton,
  DataTable,
  Edit,
  List,
  PasswordInput,
  ReferenceField,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  required,
} from 'react-admin';
import { useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'ra-core';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  COUNTRY_LIST,
  CURRENCIES,
  decimalsOf,
  formatMoney,
  parseMoney,
  TENANT_TIME_ZONES,
  type Currency,
  type PlatformList,
} from '@rawnaq/contracts';
import { failureKey, isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useArea } from '../shell/area';
import { useNameField } from '../shell/names';
import { inArabic, inEnglish } from '../forms/directions';

/** Doc1 §2 manager routes of the platform's lists, and the API list each one reads and writes. */
export const PLATFORM_LIST_SCREENS = {
  'platform-setting/countries-list': 'countries',
  'platform-setting/cities-list': 'cities',
  'platform-setting/payments-methods': 'payment-methods',
  'platform-setting/suggested-groups': 'suggested-groups',
  'platform-setting/suggested-services': 'suggested-services',
  'platform-setting/suggested-products': 'suggested-products',
} as const satisfies Record<string, PlatformList>;
export type PlatformListScreen = keyof typeof PLATFORM_LIST_SCREENS;

/** The platform's one-record settings: the screen's route and the record's id (its API path's end). */
export const PLATFORM_RECORD_SCREENS = {
  'platform-setting/email-setting': 'email-setting',
  'platform-setting/allowed-countries': 'allowed-countries',
  'marketing/marketing-setting': 'marketing-setting',
} as const;

export const MARKETING_REQUESTS = 'marketing/marketing-merchants-requests';
export const MARKETING_ACTIVE = 'marketing/marketing-active-merchants';

type Row = RaRecord & { status?: 'enabled' | 'disabled'; [k: string]: unknown };

const useTitle = (resource: string) => useTranslate()(`resources.${resource}.name`, { smart_count: 2 });

/** A record's name in the reader's language (the other one when it has none). */
const Name = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const { language } = useArea();
  if (!r) return null;
  const [first, second] = language === 'ar' ? [r.name_ar, r.name_en] : [r.name_en, r.name_ar];
  return <bdi>{String(first || second || '—')}</bdi>;
};

const useCountryName = () => {
  const { language } = useArea();
  return (id: unknown) => {
    const c = COUNTRY_LIST.find((x) => x.id === Number(id));
    return c ? (language === 'ar' ? c.arabicName : c.englishName) : '—';
  };
};

const Country = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const name = useCountryName();
  return r ? <bdi>{name(r.country_id)}</bdi> : null;
};

const StatusChip = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  if (!r) return null;
  const on = r.status !== 'disabled';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={on ? 'success' : 'default'}
      label={translate(`app.manager.platform_lists.status.${on ? 'enabled' : 'disabled'}`)}
    />
  );
};

/** Minor units as the manager reads them, with the currency's decimals (2, or 3 for KWD, OMR, BHD). */
const majorOf = (minor: unknown, currency: Currency) =>
  typeof minor === 'number'
    ? (minor / 10 ** decimalsOf(currency)).toFixed(decimalsOf(currency))
    : (minor ?? '');
const minorOf = (text: unknown, currency: Currency) => {
  const typed = String(text ?? '').trim();
  if (!typed) return '';
  const parsed = parseMoney(typed, currency);
  // left as typed when it is not an amount of this currency: the server names the field
  return parsed.ok ? parsed.money.amount : typed;
};

const Prices = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const { language } = useArea();
  if (!r) return null;
  const prices = (r.prices ?? {}) as Partial<Record<Currency, number>>;
  const shown = CURRENCIES.filter((c) => typeof prices[c] === 'number');
  if (!shown.length) return <>—</>;
  // each price as the salons read it (1.500 د.ك in Arabic, KWD 1.500 in English), never cut at a line's end
  return (
    <>
      {shown.map((c, i) => (
        <span key={c}>
          {i > 0 && ' · '}
          <bdi style={{ whiteSpace: 'nowrap' }}>
            {formatMoney({ amount: prices[c]!, currency: c }, { locale: language })}
          </bdi>
        </span>
      ))}
    </>
  );
};

/** A blank price is no price in that currency: left out of what is sent. */
const withoutBlankPrices = (data: Record<string, unknown>) => {
  if (!data.prices || typeof data.prices !== 'object') return data;
  const prices = Object.fromEntries(
    Object.entries(data.prices as Record<string, unknown>).filter(([, v]) => v !== '' && v != null),
  );
  return { ...data, prices };
};

const PriceInputs = () => (
  <>
    {CURRENCIES.map((c) => (
      <TextInput
        key={c}
        source={`prices.${c}`}
        label={c}
        format={(v) => majorOf(v, c)}
        parse={(v) => minorOf(v, c)}
        slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
      />
    ))}
  </>
);

const names = (
  <>
    <TextInput source="name_en" validate={required()} fullWidth slotProps={inEnglish} />
    <TextInput source="name_ar" validate={required()} fullWidth slotProps={inArabic} />
  </>
);

const CountrySelect = ({ source = 'country_id' }: { source?: string }) => {
  const { language } = useArea();
  return (
    <SelectInput
      source={source}
      validate={required()}
      choices={COUNTRY_LIST.map((c) => ({
        id: c.id,
        name: language === 'ar' ? c.arabicName : c.englishName,
      }))}
    />
  );
};

/** VAT in basis points (15% is 1500), typed as a percentage with up to 2 decimals. */
const percentOf = (bp: unknown) => (typeof bp === 'number' ? String(bp / 100) : (bp ?? ''));
const basisPointsOf = (text: unknown) => {
  const typed = String(text ?? '').trim();
  return /^\d{1,3}(\.\d{1,2})?$/.test(typed) ? Math.round(Number(typed) * 100) : typed;
};

const GroupInput = () => {
  const { language } = useArea();
  return (
    <ReferenceInput
      source="group_id"
      reference="platform-setting/suggested-groups"
      filter={{ status: 'enabled' }}
      perPage={200}
    >
      <SelectInput
        validate={required()}
        optionText={(g: Row) => String((language === 'ar' ? g.name_ar : g.name_en) ?? '')}
      />
    </ReferenceInput>
  );
};

const FORMS: Record<PlatformList, ReactNode> = {
  countries: (
    <>
      {names}
      <TextInput
        source="dialling_prefix"
        validate={required()}
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric' } }}
      />
      <SelectInput
        source="currency"
        validate={required()}
        choices={CURRENCIES.map((c) => ({ id: c, name: c }))}
      />
      <SelectInput
        source="currency_decimals"
        validate={required()}
        choices={[
          { id: 2, name: '2' },
          { id: 3, name: '3' },
        ]}
      />
      <TextInput
        source="vat_basis_points"
        format={percentOf}
        parse={basisPointsOf}
        validate={required()}
        helperText="app.manager.platform_lists.vat_hint"
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'decimal' } }}
      />
      <SelectInput
        source="time_zone"
        validate={required()}
        choices={TENANT_TIME_ZONES.map((z) => ({ id: z, name: z }))}
      />
    </>
  ),
  cities: (
    <>
      <CountrySelect />
      {names}
    </>
  ),
  'payment-methods': names,
  'suggested-groups': names,
  'suggested-services': (
    <>
      <GroupInput />
      {names}
      <TextInput
        source="duration_minutes"
        validate={required()}
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric' } }}
      />
      <Typography variant="body2" color="text.secondary">
        <PricesHint />
      </Typography>
      <PriceInputs />
    </>
  ),
  'suggested-products': (
    <>
      {names}
      <Typography variant="body2" color="text.secondary">
        <PricesHint />
      </Typography>
      <PriceInputs />
    </>
  ),
};

function PricesHint() {
  return <>{useTranslate()('app.manager.platform_lists.prices_hint')}</>;
}

/** The columns of each list on a desktop (a phone shows the name, a detail line and the status). */
const columns = (list: PlatformList, nameField: 'name_en' | 'name_ar') => {
  const cols: ReactNode[] = [<DataTable.Col key="name" source={nameField} field={Name} />];
  if (list === 'countries')
    cols.push(
      <DataTable.Col key="dial" source="dialling_prefix" disableSort />,
      <DataTable.Col key="cur" source="currency" disableSort />,
      <DataTable.Col
        key="vat"
        source="vat_basis_points"
        disableSort
        render={(r: Row) => `${percentOf(r.vat_basis_points)}%`}
      />,
      <DataTable.Col key="tz" source="time_zone" disableSort />,
    );
  if (list === 'cities') cols.push(<DataTable.Col key="country" source="country_id" field={Country} />);
  if (list === 'suggested-services')
    cols.push(
      <DataTable.Col key="group" source="group_id" disableSort>
        <ReferenceField source="group_id" reference="platform-setting/suggested-groups" link={false}>
          <Name />
        </ReferenceField>
      </DataTable.Col>,
      <DataTable.NumberCol key="dur" source="duration_minutes" disableSort />,
    );
  if (list === 'suggested-services' || list === 'suggested-products')
    cols.push(<DataTable.Col key="prices" source="prices" disableSort field={Prices} />);
  if (list !== 'countries') cols.push(<DataTable.Col key="status" source="status" field={StatusChip} />);
  return cols;
};

const useDetail = (list: PlatformList) => {
  const country = useCountryName();
  const translate = useTranslate();
  return (r: Row): ReactNode => {
    if (list === 'countries')
      return (
        <bdi dir="ltr">{`+${String(r.dialling_prefix)} · ${String(r.currency)} · ${percentOf(r.vat_basis_points)}%`}</bdi>
      );
    if (list === 'cities') return <bdi>{country(r.country_id)}</bdi>;
    if (list === 'suggested-services')
      return (
        <span>
          <bdi style={{ whiteSpace: 'nowrap' }}>
            {translate('app.services.minutes', { smart_count: Number(r.duration_minutes) })}
          </bdi>
          {' · '}
          <Prices />
        </span>
      );
    if (list === 'suggested-products') return <Prices />;
    return null;
  };
};

/** A list of the platform's (`platform-setting/*-list`, payment methods, suggested groups, services, products). */
export const PlatformListList = ({ resource }: { resource: PlatformListScreen }) => {
  const nameField = useNameField();
  const list = PLATFORM_LIST_SCREENS[resource];
  const translate = useTranslate();
  const detail = useDetail(list);
  const creatable = list !== 'countries';
  return (
    <List
      resource={resource}
      title={useTitle(resource)}
      sort={{ field: list === 'countries' ? 'id' : 'created_at', order: 'ASC' }}
      perPage={50}
      exporter={false}
      empty={false}
      pagination={list === 'countries' ? false : undefined}
      filters={
        list === 'countries'
          ? undefined
          : [<TextInput key="q" source="q" label="ra.action.search" alwaysOn />]
      }
      actions={
        creatable ? (
          <TopToolbar>
            <CreateButton />
          </TopToolbar>
        ) : (
          false
        )
      }
    >
      <ResponsiveDataTable<Row>
        primaryText={() => <Name />}
        secondaryText={detail}
        tertiaryText={list === 'countries' ? undefined : () => <StatusChip />}
        bulkActionButtons={false}
        rowClick="edit"
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="list-empty">
            {translate('app.manager.platform_lists.empty')}
          </Typography>
        }
      >
        {columns(list, nameField)}
      </ResponsiveDataTable>
    </List>
  );
};

export const PlatformListCreate = ({ resource }: { resource: PlatformListScreen }) => (
  <Create resource={resource} redirect="list" transform={withoutBlankPrices}>
    <SimpleForm sx={{ maxWidth: 640 }}>{FORMS[PLATFORM_LIST_SCREENS[resource]]}</SimpleForm>
  </Create>
);

/** Delete is a disable: the entry is no longer offered to salons, and can be enabled again. */
const DisableButton = ({ resource }: { resource: PlatformListScreen }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const [busy, setBusy] = useState(false);
  const list = PLATFORM_LIST_SCREENS[resource];
  if (!r || list === 'countries') return null;
  const disabled = r.status === 'disabled';
  const act = async () => {
    setBusy(true);
    try {
      await dataProvider.send('POST', `platform-lists/${list}/${r.id}/${disabled ? 'enable' : 'disable'}`);
      notify(`app.manager.platform_lists.${disabled ? 'enabled' : 'disabled'}`, { type: 'success' });
      refresh();
    } catch (e) {
      if (!isHandled(e)) notify(failureKey(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      color={disabled ? 'primary' : 'error'}
      disabled={busy}
      onClick={() => void act()}
      data-testid={disabled ? 'entry-enable' : 'entry-disable'}
    >
      {translate(`app.manager.platform_lists.${disabled ? 'enable' : 'disable'}`)}
    </Button>
  );
};

export const PlatformListEdit = ({ resource }: { resource: PlatformListScreen }) => (
  <Edit
    resource={resource}
    mutationMode="pessimistic"
    redirect="list"
    transform={withoutBlankPrices}
    actions={
      <TopToolbar>
        <DisableButton resource={resource} />
      </TopToolbar>
    }
  >
    {/* never deleted: disabled instead (the button above) */}
    <SimpleForm
      sx={{ maxWidth: 640 }}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      {FORMS[PLATFORM_LIST_SCREENS[resource]]}
    </SimpleForm>
  </Edit>
);

// ---- the one-record settings ----

const RecordEdit = ({
  resource,
  children,
  transform,
}: {
  resource: keyof typeof PLATFORM_RECORD_SCREENS;
  children: ReactNode;
  transform?: (d: Record<string, unknown>) => Record<string, unknown>;
}) => (
  <Edit
    id={PLATFORM_RECORD_SCREENS[resource]}
    resource={resource}
    redirect={false}
    mutationMode="pessimistic"
    title={useTitle(resource)}
    {...(transform && { transform })}
  >
    <SimpleForm
      sx={{ maxWidth: 640 }}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      {children}
    </SimpleForm>
  </Edit>
);

const PasswordHint = () => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" data-testid="smtp-password-state">
      {translate(`app.manager.platform_lists.${r?.smtp_password_set ? 'password_set' : 'password_unset'}`)}
    </Typography>
  );
};

/** `platform-setting/email-setting`: who the platform's mails are from, their footer, the mail server. */
export const EmailSettingEdit = () => (
  <RecordEdit resource="platform-setting/email-setting">
    <TextInput source="sender_name" validate={required()} fullWidth />
    <TextInput
      source="sender_address"
      validate={required()}
      fullWidth
      slotProps={{ htmlInput: { dir: 'ltr' } }}
    />
    <TextInput source="reply_to" fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
    <TextInput source="footer_en" multiline minRows={2} fullWidth slotProps={inEnglish} />
    <TextInput source="footer_ar" multiline minRows={2} fullWidth slotProps={inArabic} />
    <TextInput source="smtp_host" fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
    <TextInput source="smtp_port" slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric' } }} />
    <TextInput source="smtp_username" fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
    <PasswordHint />
    <PasswordInput source="smtp_password" fullWidth helperText="app.manager.platform_lists.password_hint" />
  </RecordEdit>
);

/** `platform-setting/allowed-countries`: the countries a visitor may ask for a free trial from. */
export const AllowedCountriesEdit = () => {
  const { language } = useArea();
  const translate = useTranslate();
  return (
    <RecordEdit resource="platform-setting/allowed-countries">
      <Typography variant="body2" color="text.secondary">
        {translate('app.manager.platform_lists.allowed_hint')}
      </Typography>
      <CheckboxGroupInput
        source="country_ids"
        row={false}
        choices={COUNTRY_LIST.map((c) => ({
          id: c.id,
          name: language === 'ar' ? c.arabicName : c.englishName,
        }))}
      />
    </RecordEdit>
  );
};

/** One campaign source a line; blank lines dropped when saved. */
const linesOf = (v: unknown) => (Array.isArray(v) ? v.join('\n') : String(v ?? ''));
const sourcesOf = (data: Record<string, unknown>) => ({
  ...data,
  campaign_sources: String(linesOf(data.campaign_sources))
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean),
});

/** `marketing/marketing-setting`: marketing's contact e-mail and the campaign sources (utm_source) it uses. */
export const MarketingSettingEdit = () => (
  <RecordEdit resource="marketing/marketing-setting" transform={sourcesOf}>
    <TextInput source="contact_email" fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
    <TextInput
      source="campaign_sources"
      multiline
      minRows={4}
      fullWidth
      format={linesOf}
      parse={(v: string) => v}
      helperText="app.manager.platform_lists.sources_hint"
      slotProps={{ htmlInput: { dir: 'ltr' } }}
    />
  </RecordEdit>
);

// ---- marketing's lists ----

const When = ({ source }: { source: string; label?: string }) => {
  const r = useRecordContext<Row>();
  const { language } = useArea();
  const v = r?.[source];
  if (typeof v !== 'string') return <>—</>;
  return (
    <bdi>
      {new Date(v).toLocaleString(language === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
      })}
    </bdi>
  );
};

const Utm = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  if (!r) return null;
  const parts = [r.utm_source, r.utm_campaign].filter(Boolean);
  return <bdi dir="ltr">{parts.length ? parts.join(' / ') : '—'}</bdi>;
};

const RequestState = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  return r ? <>{translate(`app.manager.merchants.state.${String(r.state)}`)}</> : null;
};

const Plan = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  return r ? <>{translate(`app.manager.merchants.plans.${String(r.plan ?? 'trial')}`)}</> : null;
};

/** `marketing/marketing-merchants-requests`: the free-trial requests and the campaign they came from. */
export const MarketingRequestsList = () => {
  const translate = useTranslate();
  return (
    <List
      resource={MARKETING_REQUESTS}
      title={useTitle(MARKETING_REQUESTS)}
      sort={{ field: 'requested_at', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={false}
      filters={[
        <TextInput
          key="s"
          source="utm_source"
          label="app.manager.platform_lists.utm_source"
          alwaysOn
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />,
      ]}
    >
      <ResponsiveDataTable<Row>
        primaryText={() => <Name />}
        secondaryText={() => (
          <span>
            <When source="requested_at" /> · <Utm />
          </span>
        )}
        tertiaryText={() => <RequestState />}
        bulkActionButtons={false}
        rowClick={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="list-empty">
            {translate('app.manager.merchants.empty_requests')}
          </Typography>
        }
      >
        <DataTable.Col source="requested_at" field={() => <When source="requested_at" />} />
        <DataTable.Col source="name_en" disableSort field={Name} />
        <DataTable.Col source="owner_name" disableSort />
        <DataTable.Col
          source="email"
          disableSort
          render={(r: Row) => <bdi dir="ltr">{String(r.email)}</bdi>}
        />
        <DataTable.Col source="country_id" disableSort field={Country} />
        <DataTable.Col source="utm_source" disableSort field={Utm} />
        <DataTable.Col source="state" disableSort field={RequestState} />
      </ResponsiveDataTable>
    </List>
  );
};

/** `marketing/marketing-active-merchants`: the salons in use, their plan, since when and their last sign-in. */
export const MarketingActiveList = () => {
  const nameField = useNameField();
  const translate = useTranslate();
  return (
    <List
      resource={MARKETING_ACTIVE}
      title={useTitle(MARKETING_ACTIVE)}
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={false}
    >
      <ResponsiveDataTable<Row>
        primaryText={() => <Name />}
        secondaryText={() => (
          <span>
            <Plan /> · <When source="last_sign_in_at" />
          </span>
        )}
        tertiaryText={(r) => <bdi dir="ltr">{String(r.account_id)}</bdi>}
        bulkActionButtons={false}
        rowClick={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="list-empty">
            {translate('app.manager.merchants.empty')}
          </Typography>
        }
      >
        <DataTable.NumberCol source="account_id" />
        <DataTable.Col source={nameField} field={Name} />
        <DataTable.Col source="plan" disableSort field={Plan} />
        <DataTable.Col source="created_at" field={() => <When source="created_at" />} />
        <DataTable.Col source="last_sign_in_at" disableSort field={() => <When source="last_sign_in_at" />} />
      </ResponsiveDataTable>
    </List>
  );
};
