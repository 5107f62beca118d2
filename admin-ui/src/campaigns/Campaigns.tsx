import { useEffect, useRef, useState } from 'react';
import {
  AutocompleteArrayInput,
  Create,
  CreateButton,
  DataTable,
  Edit,
  EditButton,
  List,
  NumberInput,
  ReferenceArrayInput,
  SelectInput,
  Show,
  SimpleForm,
  Title,
  TextInput,
  TopToolbar,
  required,
  useRecordContext,
} from 'react-admin';
import { useCanAccess, useNotify, useRedirect, useRefresh, useTranslate } from 'ra-core';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  decimalsOf,
  formatMoney,
  parseMoney,
  type Currency,
  type GlobalInformation,
} from '@rawnaq/contracts';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import FormHelperText from '@mui/material/FormHelperText';
import { useUploadFile } from '../forms/files';
import { useMoneyInput } from '../forms/MoneyInputs';
import { useFormat } from '../format/useFormat';
import { isHandled, isHttpError } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { ReportTable, type ReportColumn } from '../reports/MoneyReport';
import { useArea } from '../shell/area';
import { newKey } from '../shell/newKey';
import { CAMPAIGNS } from './constants';

type Progress = {
  total: number;
  done: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  withheld: number;
};
type Earned = { customers: number; visits: number; invoices: number; paid: number; payers: number };
type Campaign = {
  id: string;
  name: string;
  message: string;
  filters: Record<string, string | number | string[]>;
  hold_out_percent: number;
  attachment_id?: string | null;
  attachment?: { name: string; content_type: string; size: number } | null;
  state: string;
  created_at: string;
  launched_at?: string;
  starts_at?: string;
  ends_at?: string;
  audience?: number;
  recipients_count?: number;
  held_out_count?: number;
  progress: Progress | null;
  earned?: { within_days: number; until: string; recipients: Earned; held_out: Earned } | null;
};

const COLORS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  temporary_saved: 'default',
  pending: 'info',
  sending: 'warning',
  success: 'success',
  failed: 'error',
  disabled: 'default',
  renewed: 'default',
};

export const CampaignState = ({ c }: { c: Campaign }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[c.state] ?? 'default'}
      label={translate(`app.campaigns.states.${c.state}`)}
      data-testid={`campaign-state-${c.state}`}
    />
  );
};

const Progressbar = ({ p }: { p: Progress | null }) => {
  const translate = useTranslate();
  return p && p.total > 0 ? (
    <LinearProgress
      variant="determinate"
      value={(p.done * 100) / p.total}
      aria-label={translate('resources.ads-campaigns.fields.progress')}
      sx={{ height: 8, borderRadius: 1, minWidth: 120 }}
      data-testid="campaign-progress"
    />
  ) : null;
};

/** `ads-campaigns`: the salon's campaigns, newest first, each with its state and progress. */
export const CampaignList = () => {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  return (
    <List
      title="app.campaigns.title"
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <ResponsiveDataTable<Campaign>
        primaryText={(c) => <bdi>{c.name}</bdi>}
        secondaryText={(c) => (
          <span>
            <bdi>{dateTime(c.launched_at ?? c.created_at)}</bdi>
            {c.progress && (
              <>
                {' '}
                · {translate('app.campaigns.progress', { done: c.progress.done, total: c.progress.total })}
              </>
            )}
          </span>
        )}
        tertiaryText={(c) => <CampaignState c={c} />}
        rowClick="show"
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="campaigns-empty">
            {translate('app.campaigns.empty')}
          </Typography>
        }
      >
        <DataTable.Col source="name" render={(c: Campaign) => <bdi>{c.name}</bdi>} />
        <DataTable.Col
          source="created_at"
          render={(c: Campaign) => <bdi>{dateTime(c.launched_at ?? c.created_at)}</bdi>}
        />
        <DataTable.Col source="state" disableSort render={(c: Campaign) => <CampaignState c={c} />} />
        <DataTable.Col
          source="progress"
          disableSort
          render={(c: Campaign) => (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
              <Progressbar p={c.progress} />
              {c.progress && <bdi>{`${c.progress.done}/${c.progress.total}`}</bdi>}
            </Stack>
          )}
        />
      </ResponsiveDataTable>
    </List>
  );
};

/** The audience the filters reach now, counted as they change. */
const AudienceCount = () => {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const filters = (useWatch({ name: 'filters' }) ?? {}) as Record<string, unknown>;
  const [count, setCount] = useState<number | null>(null);
  const key = JSON.stringify(filters);
  useEffect(() => {
    const query = Object.entries(JSON.parse(key) as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .filter(([, v]) => !(Array.isArray(v) && v.length === 0))
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
      .join('&');
    const timer = window.setTimeout(() => {
      dataProvider
        .send<{ count: number }>('GET', `campaign-audience${query ? `?${query}` : ''}`)
        .then((a) => setCount(a.count))
        .catch(() => setCount(null));
    }, 250);
    return () => window.clearTimeout(timer);
  }, [key, dataProvider]);
  return (
    <Typography variant="subtitle2" data-testid="campaign-audience" sx={{ my: 1 }}>
      {count === null ? '…' : translate('app.campaigns.audience', { smart_count: count })}
    </Typography>
  );
};

/** The salon's currency (its amounts' decimals). */
const useCurrency = () =>
  (useOptionalGlobalInformation<GlobalInformation>()?.global_informations?.account?.currency ??
    'SAR') as Currency;

/** "Bought": the services and products she bought at least one of (products only for who may read them). */
const BoughtFilters = () => {
  const { canAccess: readsProducts } = useCanAccess({ resource: 'products/define-product', action: 'list' });
  return (
    <>
      <ReferenceArrayInput source="filters.services" reference="menu/services" perPage={500}>
        <AutocompleteArrayInput
          label="app.campaigns.filters.services"
          filterToQuery={(q: string) => ({ q })}
          fullWidth
        />
      </ReferenceArrayInput>
      {readsProducts && (
        <ReferenceArrayInput source="filters.products" reference="products/define-product" perPage={500}>
          <AutocompleteArrayInput
            label="app.campaigns.filters.products"
            filterToQuery={(q: string) => ({ q })}
            fullWidth
          />
        </ReferenceArrayInput>
      )}
    </>
  );
};

/**
 * "Wallet balance at least": typed in the salon's currency (its 2 or 3 decimals), kept in the form as
 * minor units, which the filter takes; what is not an amount yet stays as typed and counts no one.
 */
const WalletFilter = () => {
  const currency = useCurrency();
  const { setValue } = useFormContext();
  const minor = useWatch({ name: 'filters.min_wallet' }) as string | undefined;
  const shown = (m: string | undefined) =>
    m && /^\d+$/.test(m) ? (Number(m) / 10 ** decimalsOf(currency)).toFixed(decimalsOf(currency)) : '';
  const [typed, setTyped] = useState(() => shown(minor));
  const moneyInput = useMoneyInput(currency);
  return (
    <TextField
      label={useTranslate()('app.campaigns.filters.min_wallet')}
      value={typed}
      onChange={(event) => {
        const text = event.target.value;
        setTyped(text);
        const parsed = parseMoney(text, currency);
        setValue(
          'filters.min_wallet',
          text.trim() === '' ? '' : parsed.ok ? String(parsed.money.amount) : text,
          {
            shouldDirty: true,
          },
        );
      }}
      slotProps={{
        ...moneyInput.slotProps,
        htmlInput: { ...moneyInput.slotProps.htmlInput, 'data-testid': 'campaign-min-wallet', dir: 'ltr' },
      }}
      sx={{ mb: 2 }}
    />
  );
};

/** An image, a video or a PDF (up to 5 MB) sent with every message: uploaded as soon as it is chosen. */
const AttachmentInput = () => {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const { setValue } = useFormContext();
  const id = useWatch({ name: 'attachment_id' }) as string | undefined;
  const kept = useWatch({ name: 'attachment' }) as { name?: string } | undefined;
  const [name, setName] = useState<string | undefined>(kept?.name);
  const { upload, uploading, refused } = useUploadFile('attachment', CAMPAIGNS, 'attachment_id');
  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const uploaded = await upload(file);
    if (input.current) input.current.value = '';
    if (!uploaded) return;
    setName(uploaded.name);
    setValue('attachment_id', uploaded.id, { shouldDirty: true });
  };
  return (
    <Box sx={{ mb: 2 }} data-testid="campaign-attachment">
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {id && (
          <Chip
            icon={<AttachFileIcon />}
            label={<bdi>{name ?? kept?.name ?? ''}</bdi>}
            onDelete={() => {
              setName(undefined);
              setValue('attachment_id', '', { shouldDirty: true });
            }}
            sx={{ maxWidth: '100%' }}
            data-testid="campaign-attachment-chip"
          />
        )}
        <Button
          variant="outlined"
          size="small"
          startIcon={<AttachFileIcon />}
          disabled={uploading}
          onClick={() => input.current?.click()}
          data-testid="campaign-attach"
        >
          {translate(uploading ? 'app.campaigns.attachment.uploading' : 'app.campaigns.attachment.add')}
        </Button>
      </Stack>
      <FormHelperText error={Boolean(refused)}>
        {refused ?? translate('app.campaigns.attachment.hint')}
      </FormHelperText>
      <input
        ref={input}
        type="file"
        accept="image/*,video/*,application/pdf"
        hidden
        data-testid="campaign-attachment-file"
        onChange={(event) => void choose(event.target.files)}
      />
    </Box>
  );
};

const CampaignForm = () => {
  const translate = useTranslate();
  return (
    <SimpleForm sx={{ maxWidth: 640 }}>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput
        source="message"
        validate={required()}
        multiline
        minRows={4}
        fullWidth
        helperText="app.campaigns.message_hint"
      />
      <AttachmentInput />
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        {translate('app.campaigns.who')}
      </Typography>
      <SelectInput
        source="filters.customer_type"
        label="app.campaigns.filters.customer_type"
        choices={['new', 'frequent', 'missed'].map((id) => ({ id, name: `app.campaigns.types.${id}` }))}
        emptyText="app.campaigns.anyone"
      />
      <TextInput
        source="filters.last_visit_after"
        label="app.campaigns.filters.last_visit_after"
        helperText="app.common.date_format"
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric' } }}
      />
      <TextInput
        source="filters.last_visit_before"
        label="app.campaigns.filters.last_visit_before"
        helperText="app.common.date_format"
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric' } }}
      />
      <SelectInput
        source="filters.gender"
        label="app.campaigns.filters.gender"
        choices={[1, 2].map((id) => ({ id, name: `app.campaigns.genders.${id}` }))}
        emptyText="app.campaigns.anyone"
      />
      <SelectInput
        source="filters.birth_month"
        label="app.campaigns.filters.birth_month"
        choices={Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `app.campaigns.months.${i + 1}` }))}
        emptyText="app.campaigns.anyone"
      />
      <WalletFilter />
      <BoughtFilters />
      <NumberInput
        source="hold_out_percent"
        label="app.campaigns.hold_out"
        helperText="app.campaigns.hold_out_hint"
        min={0}
        max={50}
        defaultValue={10}
      />
      <AudienceCount />
      <Typography variant="caption" color="text.secondary">
        {translate('app.campaigns.consent_hint')}
      </Typography>
    </SimpleForm>
  );
};

/** what the form sends: the filters given, and nothing empty */
const toBody = (v: Record<string, unknown>) => ({
  name: v.name,
  message: v.message,
  hold_out_percent: v.hold_out_percent ?? 10,
  attachment_id: v.attachment_id || null,
  filters: Object.fromEntries(
    Object.entries((v.filters as Record<string, unknown> | undefined) ?? {}).filter(
      ([, x]) => x !== undefined && x !== null && x !== '' && !(Array.isArray(x) && x.length === 0),
    ),
  ),
});

export const CampaignCreate = () => (
  <Create title="app.campaigns.new" transform={toBody} redirect="show">
    <CampaignForm />
  </Create>
);

export const CampaignEdit = () => (
  <Edit title="app.campaigns.edit" transform={toBody} redirect="show" mutationMode="pessimistic">
    <CampaignForm />
  </Edit>
);

type Act = 'launch' | 'disable' | 'renew' | 'resend-failed';

const CampaignActions = () => {
  const c = useRecordContext<Campaign>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const dataProvider = useAppDataProvider();
  const key = useRef(newKey());
  if (!c) return null;
  const run = async (act: Act) => {
    try {
      const answer = await dataProvider.send<{ id: string }>('POST', `campaigns/${c.id}/${act}`, undefined, {
        idempotencyKey: `${key.current}-${act}`,
      });
      key.current = newKey();
      notify(`app.campaigns.done.${act}`, { type: 'success' });
      if (act === 'renew') redirect('edit', CAMPAIGNS, answer.id);
      else refresh();
    } catch (e) {
      const message = isHttpError(e) ? (e.body?.errors?.filters ?? e.body?.message) : undefined;
      if (typeof message === 'string') notify(message, { type: 'error' });
      else if (!isHandled(e)) notify('app.errors.unknown', { type: 'error' });
    }
  };
  const launched = ['pending', 'sending', 'success', 'failed'].includes(c.state);
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="campaign-actions">
      {c.state === 'temporary_saved' && (
        <Button variant="contained" onClick={() => void run('launch')} data-testid="campaign-launch">
          {translate('app.campaigns.launch')}
        </Button>
      )}
      {launched && (c.progress?.failed ?? 0) > 0 && (
        <Button variant="outlined" onClick={() => void run('resend-failed')} data-testid="campaign-resend">
          {translate('app.campaigns.resend')}
        </Button>
      )}
      {(launched || c.state === 'disabled') && (
        <Button variant="outlined" onClick={() => void run('renew')} data-testid="campaign-renew">
          {translate('app.campaigns.renew')}
        </Button>
      )}
      {c.state !== 'disabled' && c.state !== 'renewed' && (
        <Button color="error" onClick={() => void run('disable')} data-testid="campaign-disable">
          {translate('app.campaigns.disable')}
        </Button>
      )}
    </Stack>
  );
};

const Figures = ({ items, testId }: { items: Array<[string, string | number]>; testId?: string }) => (
  <Box
    component="dl"
    data-testid={testId}
    sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: 1, m: 0 }}
  >
    {items.map(([label, value]) => (
      <Box key={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
        <Typography component="dt" variant="caption" color="text.secondary">
          {label}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
          <bdi>{value}</bdi>
        </Typography>
      </Box>
    ))}
  </Box>
);

/** A date and time inside a sentence, kept whole in either direction (an Arabic one's digits in order). */
const isolated = (text: string) => `\u2068${text}\u2069`;

const CampaignDetails = () => {
  const c = useRecordContext<Campaign>();
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const { basename } = useArea();
  const currency = useCurrency();
  const { language } = useArea();
  if (!c) return null;
  const t = (key: string, args?: Record<string, unknown>) => translate(`app.campaigns.${key}`, args);
  const p = c.progress;
  // the share of the group's customers who paid an invoice (some paid more than one)
  const rate = (e: Earned) => (e.customers ? `${Math.round((e.payers * 1000) / e.customers) / 10}%` : '—');
  return (
    <Stack sx={{ gap: 2, p: { xs: 1, sm: 2 } }} data-testid="campaign-details">
      <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }} data-testid="campaign-name">
        <bdi>{c.name}</bdi>
      </Typography>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <CampaignState c={c} />
        {c.starts_at && (
          <Typography variant="body2" color="text.secondary" data-testid="campaign-planned">
            {t('planned', { from: isolated(dateTime(c.starts_at)), to: isolated(dateTime(c.ends_at)) })}
          </Typography>
        )}
      </Stack>
      <Card variant="outlined">
        <CardContent>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <bdi>{c.message}</bdi>
          </Typography>
          {c.attachment && (
            <Chip
              icon={<AttachFileIcon />}
              label={<bdi>{t('attachment.sent_with', { name: c.attachment.name })}</bdi>}
              sx={{ mt: 1, maxWidth: '100%' }}
              data-testid="campaign-attachment-shown"
            />
          )}
        </CardContent>
      </Card>
      {p && (
        <Box>
          <Progressbar p={p} />
          <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="campaign-progress-text">
            {t('progress', { done: p.done, total: p.total })}
          </Typography>
        </Box>
      )}
      {p && (
        <Figures
          testId="campaign-figures"
          items={[
            [t('figures.audience'), c.audience ?? 0],
            [t('figures.recipients'), c.recipients_count ?? 0],
            [t('figures.held_out'), c.held_out_count ?? 0],
            [t('figures.delivered'), p.delivered + p.read],
            [t('figures.read'), p.read],
            [t('figures.failed'), p.failed],
            [t('figures.withheld'), p.withheld],
          ]}
        />
      )}
      <CampaignActions />
      {c.earned && (
        <Box data-testid="campaign-earned">
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {t('earned', { days: c.earned.within_days })}
          </Typography>
          <Figures
            items={[
              [
                t('figures.recipients_paid'),
                formatMoney({ amount: c.earned.recipients.paid, currency }, { locale: language }),
              ],
              [t('figures.recipients_rate'), rate(c.earned.recipients)],
              [t('figures.recipients_visits'), c.earned.recipients.visits],
              [t('figures.held_out_rate'), rate(c.earned.held_out)],
              [t('figures.held_out_visits'), c.earned.held_out.visits],
            ]}
          />
        </Box>
      )}
      {p && (
        <Button
          component={Link}
          to={`${basename}/${CAMPAIGNS}/${c.id}/customers-report`}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="campaign-report-link"
        >
          {t('customers_report')}
        </Button>
      )}
    </Stack>
  );
};

/** Only a draft is changed: a launched campaign's page offers its actions instead. */
const ShowActions = () => {
  const c = useRecordContext<Campaign>();
  return c?.state === 'temporary_saved' ? (
    <TopToolbar>
      <EditButton />
    </TopToolbar>
  ) : null;
};

/** A launched campaign whose messages are still leaving: its progress moves. */
const LIVE = new Set(['pending', 'sending']);

export const CampaignShow = () => (
  <Show
    title="app.campaigns.title"
    actions={<ShowActions />}
    // while it sends, the campaign alone is read again every 5 s (the outbox's round), not the page
    queryOptions={{
      refetchInterval: (query) =>
        LIVE.has((query.state.data as Campaign | undefined)?.state ?? '') ? 5_000 : false,
    }}
  >
    <CampaignDetails />
  </Show>
);

type Row = {
  id: string;
  customer_name: string | null;
  status: string;
  reached: boolean;
  replied: boolean;
  at: string;
};

/** `ads-campaign/{id}/customers-report`: each recipient, her message's status and whether she replied. */
export const CampaignCustomersReport = () => {
  const { id } = useParams();
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const [status, setStatus] = useState('');
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    const filter = status ? `?filter=${encodeURIComponent(JSON.stringify({ status }))}` : '';
    dataProvider
      .send<Row[]>('GET', `campaigns/${encodeURIComponent(id ?? '')}/customers-report${filter}`)
      .then(setRows)
      .catch(() => setRows([]));
  }, [dataProvider, id, status]);
  const columns: ReportColumn<Row>[] = [
    {
      key: 'customer',
      label: translate('app.campaigns.customer'),
      value: (r) => r.customer_name ?? '',
      align: 'start',
    },
    {
      key: 'status',
      label: translate('app.campaigns.status'),
      value: (r) => translate(`messaging.statuses.${r.status}`),
    },
    {
      key: 'replied',
      label: translate('app.campaigns.report.replied'),
      value: (r) => translate(r.replied ? 'ra.boolean.true' : 'ra.boolean.false'),
    },
  ];
  return (
    <Box sx={{ py: 2, maxWidth: 760 }} data-testid="campaign-customers-report">
      <Title title={translate('app.campaigns.customers_report')} />
      <TextField
        select
        size="small"
        label={translate('app.campaigns.status')}
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        sx={{ minWidth: 200, mb: 2 }}
      >
        <MenuItem value="">{translate('app.campaigns.anyone')}</MenuItem>
        {['delivered', 'read', 'failed', 'replied'].map((s) => (
          <MenuItem key={s} value={s}>
            {translate(`app.campaigns.report.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <ReportTable
        columns={columns}
        rows={rows ?? undefined}
        rowKey={(r) => r.id}
        empty={rows === null ? translate('ra.page.loading') : translate('app.campaigns.report.empty')}
      />
    </Box>
  );
};
