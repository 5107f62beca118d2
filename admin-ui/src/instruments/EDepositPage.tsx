import { PublicDocumentFrame } from '../shell/PublicDocumentFrame';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import {
  codeLabelKey,
  formatDate,
  formatMoney,
  formatViewDateTime,
  type Currency,
  type TenantTimeZone,
} from '@rawnaq/contracts';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import SavingsIcon from '@mui/icons-material/Savings';
import { useArea } from '../shell/area';
import { usePublicDocument } from '../http/usePublicDocument';

type PublicDeposit = {
  customer_name: string;
  amount: number;
  method: number;
  currency: Currency;
  status: 'active' | 'applied' | 'cancelled';
  business_date: string;
  taken_at: string;
  invoice_number: number | null;
  visit: { date: string | null; start: string | null; booking_no: number | null } | null;
  salon: { name_en: string; name_ar: string };
  time_zone: TenantTimeZone;
};

const STATUS_COLOR = { active: 'success', applied: 'default', cancelled: 'warning' } as const;

/** `/{lang}/e-deposit/{uniqueId}`: the customer's receipt of a deposit taken before a visit. */
export const EDepositPage = () => {
  const { uniqueId } = useParams();
  const translate = useTranslate();
  const { language } = useArea();
  const { state, retry } = usePublicDocument<PublicDeposit>('e-deposit', uniqueId);
  useEffect(() => {
    document.title = translate('app.deposits.page_title');
  }, [translate]);
  const d = state.kind === 'found' ? state.document : undefined;
  const salon = d ? (language === 'ar' ? d.salon.name_ar : d.salon.name_en) || d.salon.name_en : '';
  return (
    <PublicDocumentFrame
      state={state}
      retry={retry}
      maxWidth={480}
      testId="e-deposit"
      missing="app.deposits.page_missing"
      failed="app.deposits.page_failed"
    >
      {d && (
        <Paper
          variant="outlined"
          sx={{ mx: 'auto', maxWidth: 480, p: 3, textAlign: 'center' }}
          data-testid="e-deposit"
        >
          <SavingsIcon color="primary" sx={{ fontSize: 48 }} />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {salon}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.deposits.page_title')}
          </Typography>
          <Typography>{d.customer_name}</Typography>
          <Typography
            variant="h4"
            component="p"
            sx={{ fontWeight: 700, my: 2 }}
            data-testid="e-deposit-amount"
          >
            <bdi>{formatMoney({ amount: d.amount, currency: d.currency }, { locale: language })}</bdi>
          </Typography>
          <Typography color="text.secondary">
            {translate(codeLabelKey('paymentMethod', d.method))} ·{' '}
            <bdi>{formatViewDateTime(d.taken_at, { locale: language, tz: d.time_zone })}</bdi>
          </Typography>
          {d.visit?.date && (
            <Typography sx={{ mt: 1 }}>
              {translate('app.deposits.page_for', {
                no: d.visit.booking_no ?? '',
                date: formatDate(d.visit.date, { locale: language }),
              })}
            </Typography>
          )}
          <Chip
            sx={{ mt: 2 }}
            color={STATUS_COLOR[d.status]}
            label={translate(`app.deposits.page_status.${d.status}`, { number: d.invoice_number ?? '' })}
            data-testid="e-deposit-status"
          />
        </Paper>
      )}
    </PublicDocumentFrame>
  );
};
