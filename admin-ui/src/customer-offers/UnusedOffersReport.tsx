import { useState } from 'react';
import { Title } from 'react-admin';
import { useCanAccess, useTranslate } from 'ra-core';
import type { GlobalInformation } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { CustomerPicker } from '../billing/CustomerPicker';
import { useFormat } from '../format/useFormat';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import {
  exportReport,
  ReportTable,
  reportPrintStyles,
  TotalsCards,
  useReportData,
  type ReportColumn,
} from '../reports/MoneyReport';
import { useArea } from '../shell/area';
import { UNUSED_OFFERS_REPORT } from './types';
import { OpenArchiveButton, useEarliestDay } from '../sales/PeriodFilter';
import { LinkIfAllowed } from '../layout/LinkIfAllowed';
import { typedDateText } from '../sales/period';

type Row = {
  id: string;
  customer_id: string;
  customer_name: string;
  kind: 'offer' | 'package';
  name_en: string;
  name_ar: string;
  invoice_id: string | null;
  invoice_number: number | null;
  business_date: string;
  expires_on: string;
  days_left: number;
  status: 'active' | 'expired';
  services: Array<{ service_id: string; name_en: string; name_ar: string; left: number }>;
  sessions_total: number;
  sessions_used: number;
  sessions_left: number;
  price: number;
  value_left: number;
};
type Totals = Omit<Row, 'services'> & { purchases: number; customers: number };
type Answer = {
  from: string | null;
  to: string | null;
  today: string;
  status: string;
  rows: Row[];
  totals: { purchases: number; customers: number } & Pick<
    Row,
    'sessions_total' | 'sessions_used' | 'sessions_left' | 'price' | 'value_left'
  >;
};

const STATUSES = ['active', 'expired', 'all'] as const;
const EXPIRING = ['any', '7', '30', '90'] as const;
const isDate = (v: string) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * `reports/unused-customers-offers-report` (doc1 §2, the "unused offer services" of doc1 §1): per
 * customer and purchase, the sessions left and what they are worth (their share of the price paid, see
 * docs/api.md), until when; filtered by date of sale, customer, status and expiring soon; CSV and print.
 */
export const UnusedOffersReport = () => {
  const translate = useTranslate();
  const { money, date } = useFormat();
  const { language, basename } = useArea();
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const account = information?.global_informations?.account;
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.customer_offers.report.${key}`, options);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [customerId, setCustomerId] = useState<string | undefined>();
  const readsCustomers = useCanAccess({ resource: 'customers', action: 'list' }).canAccess === true;
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('active');
  const [expiring, setExpiring] = useState<(typeof EXPIRING)[number]>('any');
  const query = new URLSearchParams({
    ...(from && { from }),
    ...(to && { to }),
    ...(customerId && { customer_id: customerId }),
    status,
    ...(expiring !== 'any' && { expiring_within: expiring }),
  });
  // a sale date earlier than the earliest day waits for the archive
  const limit = useEarliestDay();
  const refused = limit.tooEarly(from) || limit.tooEarly(to);
  const { data, error, loading } = useReportData<Answer>(
    isDate(from) && isDate(to) && !refused ? `${UNUSED_OFFERS_REPORT}?${query}` : null,
  );
  const name = (r: { name_en: string; name_ar: string }) => (language === 'ar' ? r.name_ar : r.name_en);
  const columns: ReportColumn<Row | Totals>[] = [
    {
      key: 'customer',
      label: t('customer'),
      align: 'start',
      value: (r) => r.customer_name,
      render: (r) =>
        r.customer_id ? (
          <LinkIfAllowed resource="customers" to={`${basename}/customers/${r.customer_id}/show/offers`}>
            {r.customer_name}
          </LinkIfAllowed>
        ) : null,
    },
    {
      key: 'item',
      label: t('item'),
      align: 'start',
      wrap: true,
      value: (r) => (r.kind ? `${name(r)} (${translate(`app.customer_offers.kinds.${r.kind}`)})` : ''),
    },
    {
      key: 'services',
      label: t('services_left'),
      align: 'start',
      wrap: true,
      value: (r) =>
        'services' in r
          ? r.services
              .filter((s) => s.left > 0)
              .map((s) => `${name(s)} × ${s.left}`)
              .join(language === 'ar' ? '، ' : ', ')
          : '',
    },
    { key: 'sold', label: t('sold_on'), value: (r) => (r.business_date ? date(r.business_date) : '') },
    { key: 'expires', label: t('expires_on'), value: (r) => (r.expires_on ? date(r.expires_on) : '') },
    {
      key: 'days_left',
      label: t('days_left'),
      value: (r) => (r.expires_on ? r.days_left : ''),
    },
    { key: 'total', label: t('sessions_total'), value: (r) => r.sessions_total, align: 'end' },
    { key: 'used', label: t('sessions_used'), value: (r) => r.sessions_used, align: 'end' },
    { key: 'left', label: t('sessions_left'), value: (r) => r.sessions_left, align: 'end' },
    { key: 'price', label: t('price'), value: (r) => money(r.price), align: 'end' },
    { key: 'value_left', label: t('value_left'), value: (r) => money(r.value_left), align: 'end' },
  ];
  const totals = data ? ({ ...data.totals, id: 'totals' } as unknown as Totals) : undefined;
  const heading = translate('app.customer_offers.report.title');
  const file = `${t('file')}-${data?.today ?? ''}`;
  return (
    <Box sx={{ py: 2, minWidth: 0 }} data-testid="unused-offers-report">
      {reportPrintStyles}
      <Title title={heading} />
      <Box className="print-only" sx={{ display: 'none', mb: 1 }}>
        <Typography variant="h6">
          {heading} · {account ? (language === 'ar' ? account.name_ar : account.name_en) : ''}
        </Typography>
        {data && (
          <Typography variant="body2">
            <bdi>{t('printed_on', { date: date(data.today) })}</bdi>
          </Typography>
        )}
      </Box>
      <Card variant="outlined" className="no-print" sx={{ p: 1.5, mb: 2 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          {(
            [
              ['from', from, setFrom],
              ['to', to, setTo],
            ] as const
          ).map(([field, value, set]) => (
            <TextField
              key={field}
              size="small"
              label={t(`sold_${field}`)}
              placeholder={translate('app.common.date_format')}
              value={value}
              onChange={(e) => set(typedDateText(e.target.value, 'day'))}
              error={!isDate(value)}
              sx={{ width: 150 }}
              slotProps={{
                htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': `offers-report-${field}` },
              }}
              {...limit.fieldProps(value)}
            />
          ))}
          {refused && <OpenArchiveButton onOpen={limit.openArchive} />}
          <TextField
            select
            size="small"
            label={t('status')}
            value={status}
            onChange={(e) => setStatus(e.target.value as (typeof STATUSES)[number])}
            sx={{ width: 170 }}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': 'offers-report-status' } as object },
            }}
          >
            {STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`statuses.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('expiring')}
            value={expiring}
            onChange={(e) => setExpiring(e.target.value as (typeof EXPIRING)[number])}
            sx={{ width: 190 }}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': 'offers-report-expiring' } as object },
            }}
          >
            {EXPIRING.map((d) => (
              <MenuItem key={d} value={d}>
                {d === 'any' ? t('any_expiry') : t('within_days', { smart_count: Number(d) })}
              </MenuItem>
            ))}
          </TextField>
          {/* the customers are searched for who may read them (an accountant reads the report, not them) */}
          {readsCustomers && (
            <Box sx={{ flex: '1 1 260px', minWidth: 0, maxWidth: 420 }}>
              <CustomerPicker
                customerId={customerId}
                locked={false}
                searchable
                onChange={setCustomerId}
                emptyLabel="app.customer_offers.report.all_customers"
              />
            </Box>
          )}
        </Stack>
        <Stack direction="row" sx={{ gap: 1, mt: 1 }}>
          <Button
            startIcon={<DownloadIcon />}
            onClick={() =>
              data && exportReport(columns, data.rows, totals, file, translate('app.sales.reports.totals'))
            }
            disabled={!data?.rows.length}
          >
            {translate('app.sales.reports.export')}
          </Button>
          <Button startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!data}>
            {translate('app.sales.reports.print')}
          </Button>
        </Stack>
      </Card>
      {error && (
        <Typography color="error" sx={{ mb: 2 }} data-testid="summary-error">
          {error}
        </Typography>
      )}
      {data && (
        <TotalsCards
          items={[
            { key: 'purchases', label: t('purchases'), value: data.totals.purchases },
            { key: 'customers', label: t('customers'), value: data.totals.customers },
            { key: 'sessions_left', label: t('sessions_left'), value: data.totals.sessions_left },
            { key: 'value_left', label: t('value_left'), value: <bdi>{money(data.totals.value_left)}</bdi> },
          ]}
        />
      )}
      <ReportTable<Row | Totals>
        columns={columns}
        rows={data?.rows}
        totals={data?.rows.length ? totals : undefined}
        rowKey={(r) => r.id}
        minWidth={1100}
        empty={loading ? translate('ra.page.loading') : error ? '' : t('none')}
      />
    </Box>
  );
};
