import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, type Currency, type GlobalInformation } from '@rawnaq/contracts';
import { useFormat } from '../format/useFormat';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';

type AccountInvoice = {
  id: string;
  unique_id: string;
  number: number;
  lines: Array<{ description_en: string; description_ar: string; net: number }>;
  currency: Currency;
  vat_percent: string;
  net: number;
  vat: number;
  total: number;
  paid: number;
  due: number;
  status: 'unpaid' | 'paid' | 'cancelled';
  issue_date: string;
  due_date: string;
  seller: { name_en: string; name_ar: string; trn: string };
};

const useMoney = () => {
  const { language } = useArea();
  return (amount: number, currency: Currency) => formatMoney({ amount, currency }, { locale: language });
};

const StatusChip = ({ status }: { status: AccountInvoice['status'] }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={status === 'paid' ? 'success' : status === 'cancelled' ? 'default' : 'warning'}
      label={translate(`app.subscription.status.${status}`)}
    />
  );
};

/** The public page of an invoice, where the owner pays it (the booking site: Arabic at the root). */
const publicPath = (uniqueId: string, language: string) =>
  `${language === 'en' ? '/en' : ''}/account-invoice/${uniqueId}`;

/**
 * The salon's subscription in its general settings: its plan, until when, and the platform's invoices
 * to it, each opened at `setting/general-setting/account-invoice/{uniqueId}`.
 */
export const SubscriptionSection = () => {
  const translate = useTranslate();
  const { basename } = useArea();
  const money = useMoney();
  const { date } = useFormat();
  const dataProvider = useAppDataProvider();
  const account = useGlobalInformation<GlobalInformation>()?.global_informations.account;
  const [invoices, setInvoices] = useState<AccountInvoice[]>([]);
  useEffect(() => {
    dataProvider.send<AccountInvoice[]>('GET', 'account-invoices').then(setInvoices, () => setInvoices([]));
  }, [dataProvider]);
  return (
    <Card data-testid="salon-subscription" sx={{ mt: 2 }}>
      <CardHeader title={translate('app.subscription.title')} />
      <CardContent>
        <Stack spacing={0.5}>
          <Typography>
            {translate('app.subscription.plan')}:{' '}
            <strong>{account?.plan ? translate(`app.subscription.plans.${account.plan}`) : '—'}</strong>
          </Typography>
          <Typography>
            {translate('app.subscription.valid_till')}:{' '}
            <bdi>{account?.valid_till ? date(account.valid_till) : '—'}</bdi>
          </Typography>
        </Stack>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate('app.subscription.invoices')}
        </Typography>
        {invoices.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.subscription.no_invoices')}
          </Typography>
        ) : (
          invoices.map((i) => (
            <Stack
              key={i.id}
              direction="row"
              spacing={1}
              sx={{ py: 0.5, alignItems: 'center', flexWrap: 'wrap' }}
              data-testid="salon-account-invoice"
            >
              <Link
                component={RouterLink}
                to={`${basename}/setting/general-setting/account-invoice/${i.unique_id}`}
              >
                #{i.number}
              </Link>
              <bdi>{date(i.issue_date)}</bdi>
              <bdi>{money(i.total, i.currency)}</bdi>
              <StatusChip status={i.status} />
            </Stack>
          ))
        )}
      </CardContent>
    </Card>
  );
};

/** `setting/general-setting/account-invoice/{uniqueId}`: one of the platform's invoices to the salon. */
export const SalonAccountInvoicePage = () => {
  const { uniqueId = '' } = useParams();
  const translate = useTranslate();
  const { language, basename } = useArea();
  const money = useMoney();
  const { date } = useFormat();
  const dataProvider = useAppDataProvider();
  const [invoice, setInvoice] = useState<AccountInvoice | null | undefined>(undefined);
  useEffect(() => {
    dataProvider
      .send<AccountInvoice>('GET', `account-invoices/${encodeURIComponent(uniqueId)}`)
      .then(setInvoice, () => setInvoice(null));
  }, [dataProvider, uniqueId]);
  const row = (label: string, value: string) => (
    <Stack direction="row" spacing={2} sx={{ py: 0.5, justifyContent: 'space-between' }}>
      <Typography color="text.secondary">{translate(label)}</Typography>
      <Typography component="bdi">{value}</Typography>
    </Stack>
  );
  return (
    <Box sx={{ py: 2, maxWidth: 720 }}>
      <Title title="app.subscription.invoice" />
      {invoice === null && (
        <Typography color="text.secondary">{translate('app.subscription.not_found')}</Typography>
      )}
      {invoice && (
        <Card data-testid="salon-account-invoice-page">
          <CardContent>
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
            >
              <Typography variant="h6">
                {translate('app.subscription.invoice')} #{invoice.number}
              </Typography>
              <StatusChip status={invoice.status} />
            </Stack>
            <Typography sx={{ mt: 1 }}>
              <bdi>{language === 'ar' ? invoice.seller.name_ar : invoice.seller.name_en}</bdi> ·{' '}
              {translate('app.subscription.trn')} <bdi>{invoice.seller.trn}</bdi>
            </Typography>
            <Box sx={{ mt: 2 }}>
              {row('app.subscription.issue_date', date(invoice.issue_date))}
              {row('app.subscription.due_date', date(invoice.due_date))}
              {invoice.lines.map((l, n) => (
                <Box key={n}>
                  {row('app.subscription.item', language === 'ar' ? l.description_ar : l.description_en)}
                </Box>
              ))}
              {row('app.subscription.net', money(invoice.net, invoice.currency))}
              {row(
                'app.subscription.vat',
                `${invoice.vat_percent}% · ${money(invoice.vat, invoice.currency)}`,
              )}
              {row('app.subscription.total', money(invoice.total, invoice.currency))}
              {row('app.subscription.due', money(invoice.due, invoice.currency))}
            </Box>
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
              {invoice.status === 'unpaid' && invoice.due > 0 && (
                <Button
                  variant="contained"
                  href={publicPath(invoice.unique_id, language)}
                  data-testid="salon-invoice-pay"
                >
                  {translate('app.subscription.pay')}
                </Button>
              )}
              <Button component={RouterLink} to={`${basename}/setting/general-setting`}>
                {translate('app.subscription.back')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
    </Box>
  );
};
