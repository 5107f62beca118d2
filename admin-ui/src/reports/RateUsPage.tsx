import { useState } from 'react';
import { Title } from 'react-admin';
import { useTranslate } from 'ra-core';
import type { GlobalInformation } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useFormat } from '../format/useFormat';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { Amount } from '../sales/InvoiceParts';
import { useSalonToday } from '../sales/PeriodFilter';
import { useArea } from '../shell/area';
import { en as managementEn } from './management.i18n.en';
import { ar as managementAr } from './management.i18n.ar';
import {
  ReportTable,
  exportReport,
  reportPrintStyles,
  useReportData,
  type ReportColumn,
} from './MoneyReport';

/** An issued invoice whose customer has not rated the visit yet (`pos/rate-us-for-issued-invoices`). */
export type RateUsRow = {
  id: string;
  number: number;
  issued_at: string;
  unique_id: string;
  total: number;
  customer_name: string;
  mobile: string | null;
  preferred_language: 'en' | 'ar' | null;
};
type Answer = { date: string; rows: RateUsRow[] };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TEXT = {
  en: managementEn.app.management.rate_us_text,
  ar: managementAr.app.management.rate_us_text,
};

/**
 * The message in the customer's language (the screen's when she has none): her name, the salon's
 * name in that language and her invoice's e-survey link in it too.
 */
export const rateUsMessage = (
  row: Pick<RateUsRow, 'customer_name' | 'unique_id' | 'preferred_language'>,
  salon: { name_en: string; name_ar: string } | undefined,
  screenLanguage: 'en' | 'ar',
  origin: string,
) => {
  const language = row.preferred_language ?? screenLanguage;
  const link = `${origin}/${language}/e-survey/${row.unique_id}`;
  const name = (language === 'ar' ? salon?.name_ar : salon?.name_en) || salon?.name_en || '';
  return TEXT[language]
    .replace('%{name}', row.customer_name)
    .replace('%{salon}', name)
    .replace('%{link}', link);
};

const RateButton = ({ row }: { row: RateUsRow }) => {
  const translate = useTranslate();
  const { language } = useArea();
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const account = information?.global_informations?.account;
  const digits = (row.mobile ?? '').replace(/\D/g, '');
  if (!digits) return null;
  const text = rateUsMessage(row, account, language === 'ar' ? 'ar' : 'en', window.location.origin);
  return (
    <Button
      size="small"
      color="success"
      startIcon={<WhatsAppIcon />}
      href={`https://wa.me/${digits}?text=${encodeURIComponent(text)}`}
      target="_blank"
      rel="noopener"
      data-testid="rate-us-send"
    >
      {translate('app.management.send_rate_us')}
    </Button>
  );
};

/**
 * `pos/rate-us-for-issued-invoices`: the day's invoices (today unless another day is typed) whose
 * customer has not rated the visit, each with a WhatsApp message carrying its e-survey link.
 */
export const RateUsPage = () => {
  const translate = useTranslate();
  const { money, dateTime, date } = useFormat();
  const today = useSalonToday();
  const [typed, setTyped] = useState<string | null>(null);
  const day = typed ?? today ?? '';
  const { data, error, loading } = useReportData<Answer>(
    DAY.test(day) ? `pos/rate-us-for-issued-invoices?date=${encodeURIComponent(day)}` : null,
  );
  const columns: ReportColumn<RateUsRow>[] = [
    {
      key: 'number',
      label: translate('app.reports.columns.invoice'),
      value: (r) => r.number,
      align: 'start',
    },
    { key: 'time', label: translate('app.reports.columns.time'), value: (r) => dateTime(r.issued_at) },
    {
      key: 'customer',
      label: translate('app.reports.columns.customer'),
      value: (r) => r.customer_name,
      align: 'start',
    },
    {
      key: 'mobile',
      label: translate('app.management.columns.mobile'),
      value: (r) => r.mobile ?? '',
      render: (r) => <bdi dir="ltr">{r.mobile ?? ''}</bdi>,
    },
    { key: 'total', label: translate('app.reports.columns.total'), value: (r) => money(r.total) },
    {
      key: 'send',
      label: ' ',
      value: () => '',
      render: (r) => <RateButton row={r} />,
    },
  ];
  const title = translate('app.management.titles.rate_us');
  const isSmall = useMediaQuery<Theme>((t) => t.breakpoints.down('md'));
  return (
    <Box sx={{ py: 2, minWidth: 0 }} data-testid="rate-us">
      {reportPrintStyles}
      <Title title={title} />
      <Typography className="print-only" variant="h6" sx={{ display: 'none', mb: 1 }}>
        {title} · <bdi>{DAY.test(day) ? date(day) : day}</bdi>
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }} className="no-print">
        {translate('app.management.rate_us_hint')}
      </Typography>
      <Stack
        className="no-print"
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}
      >
        <TextField
          size="small"
          label={translate('app.reports.day')}
          value={day}
          onChange={(e) => setTyped(e.target.value.trim())}
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': 'day' } }}
          sx={{ width: 170 }}
        />
        <Button
          startIcon={<DownloadIcon />}
          disabled={!data?.rows.length}
          onClick={() =>
            data &&
            exportReport(
              columns.filter((c) => c.key !== 'send'),
              data.rows,
              undefined,
              `${translate('app.management.files.rate_us')}-${data.date}`,
              '',
            )
          }
        >
          {translate('app.sales.reports.export')}
        </Button>
        <Button startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!data}>
          {translate('app.sales.reports.print')}
        </Button>
      </Stack>
      {error && (
        <Typography color="error" sx={{ mb: 2 }} data-testid="summary-error">
          {error}
        </Typography>
      )}
      {isSmall && data?.rows.length ? (
        // on a phone a card per invoice, its button in reach (a wide table would hide it sideways)
        <Stack spacing={1}>
          {data.rows.map((r) => (
            <Card key={r.id} variant="outlined" sx={{ p: 1.5 }} data-testid="summary-row">
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  <bdi>{r.customer_name}</bdi>
                </Typography>
                <Typography>
                  <Amount>{money(r.total)}</Amount>
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                <bdi>{`#${r.number}`}</bdi> · <bdi>{dateTime(r.issued_at)}</bdi> ·{' '}
                <bdi dir="ltr">{r.mobile ?? ''}</bdi>
              </Typography>
              <RateButton row={r} />
            </Card>
          ))}
        </Stack>
      ) : (
        <ReportTable
          columns={columns}
          rows={data?.rows}
          rowKey={(r) => r.id}
          minWidth={640}
          empty={
            loading ? translate('ra.page.loading') : error ? '' : translate('app.management.rate_us_empty')
          }
        />
      )}
    </Box>
  );
};
