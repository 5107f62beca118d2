import { useState } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { failureKey, isHandled, isHttpError, messageParams } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { codeLabelKey, formatMoney } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useFormat } from '../format/useFormat';
import { useArea } from '../shell/area';
import { Amount } from '../sales/InvoiceParts';
import { MoneyReport, type ReportAnswer } from './MoneyReport';

const col = (key: string): string => `app.reports.columns.${key}`;
const OUTCOMES = ['', 'paid', 'pending', 'failed'] as const;

export type GatewayPaymentRow = {
  id: string;
  started_at: string;
  gateway_type: number;
  customer_name: string;
  mobile: string;
  amount: number;
  status: number;
  outcome: string;
  reference: string | null;
  failed_reason: string | null;
  after_failure: boolean;
  fee_amount: number;
  /** a gift card or offer bought: handed over, or refused by the till (its reason) */
  purchase_kind?: string | null;
  delivered?: boolean;
  not_delivered_reason?: string | null;
  not_delivered_params?: Record<string, string | number> | null;
};
type Totals = {
  not_delivered?: number;
  payments: number;
  paid: number;
  paid_amount: number;
  pending: number;
  failed: number;
  fees: number;
  fee_currency: string;
};

/** What a paid gift card or offer became: handed over, or refused by the till with "deliver now". */
const Delivery = ({ row }: { row: GatewayPaymentRow }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  if (!row.purchase_kind || row.outcome !== 'paid') return null;
  if (row.delivered || done)
    return <Typography variant="body2">{translate('app.reports.gateway.delivered')}</Typography>;
  if (!row.not_delivered_reason) return null;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }} data-testid="gateway-not-delivered">
      <Typography variant="body2" color="warning.main">
        {translate('app.reports.gateway.not_delivered', {
          reason: translate(row.not_delivered_reason, row.not_delivered_params ?? {}),
        })}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        disabled={busy}
        data-testid="gateway-deliver-now"
        onClick={async () => {
          setBusy(true);
          try {
            await dataProvider.send('POST', `online-payments/${row.id}/deliver`);
            setDone(true);
            notify('app.reports.gateway.delivered_now', { type: 'success' });
          } catch (error) {
            if (!isHandled(error))
              notify(failureKey(error), {
                type: 'warning',
                messageArgs: isHttpError(error) ? messageParams(error) : {},
              });
          } finally {
            setBusy(false);
          }
        }}
      >
        {translate('app.reports.gateway.deliver_now')}
      </Button>
    </Stack>
  );
};

/**
 * `reports/payment-gateway-payments` (doc1 §2, accounting): the online payments of a period with their
 * status (1, 2 pending; 3, 4, 6 failed; 5 paid), what was paid, and the platform's fee (1 AED each).
 */
export const PaymentGatewayPaymentsReport = () => {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const { language } = useArea();
  const [outcome, setOutcome] = useState<(typeof OUTCOMES)[number]>('');
  // the platform's fee is in AED whatever the salon's currency
  const fee = (fils: number) => formatMoney({ amount: fils, currency: 'AED' }, { locale: language });
  return (
    <Box>
      <TextField
        select
        size="small"
        label={translate(col('status'))}
        value={outcome}
        onChange={(e) => setOutcome(e.target.value as (typeof OUTCOMES)[number])}
        sx={{ mt: 2, width: 220, maxWidth: '100%' }}
        slotProps={{
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'gateway-outcome-filter' },
        }}
      >
        {OUTCOMES.map((o) => (
          <MenuItem key={o} value={o}>
            {translate(o ? `app.reports.gateway.outcomes.${o}` : 'app.reports.gateway.outcomes.all')}
          </MenuItem>
        ))}
      </TextField>
      <MoneyReport<GatewayPaymentRow, ReportAnswer<GatewayPaymentRow, Totals>>
        path="reports/payment-gateway-payments"
        query={outcome ? `&outcome=${outcome}` : ''}
        kind="daily"
        title="app.reports.titles.payment_gateway_payments"
        file="app.reports.files.payment_gateway_payments"
        testId="payment-gateway-payments-report"
        initialPreset="this_month"
        rowKey={(r) => r.id}
        toTotals={(a) => ({
          id: 'totals',
          started_at: '',
          gateway_type: 0,
          customer_name: '',
          mobile: '',
          amount: a.totals.paid_amount,
          status: 0,
          outcome: '',
          reference: null,
          failed_reason: null,
          after_failure: false,
          fee_amount: a.totals.fees,
        })}
        columns={() => [
          {
            key: 'time',
            label: translate(col('time')),
            value: (r) => (r.started_at ? dateTime(r.started_at) : ''),
            align: 'start',
          },
          {
            key: 'customer',
            label: translate(col('customer')),
            value: (r) => r.customer_name,
            align: 'start',
          },
          {
            key: 'delivery',
            label: translate(col('handed_over')),
            value: (r) =>
              r.purchase_kind && r.outcome === 'paid'
                ? r.delivered
                  ? translate('app.reports.gateway.delivered')
                  : r.not_delivered_reason
                    ? translate('app.reports.gateway.not_delivered', {
                        reason: translate(r.not_delivered_reason, r.not_delivered_params ?? {}),
                      })
                    : ''
                : '',
            render: (r) => <Delivery row={r} />,
            align: 'start',
          },
          {
            key: 'mobile',
            label: translate(col('mobile')),
            value: (r) => (r.mobile ? `\u2066${r.mobile}\u2069` : ''),
          },
          {
            key: 'for',
            label: translate(col('paid_for')),
            value: (r) =>
              r.gateway_type ? translate(codeLabelKey('paymentGatewayType', r.gateway_type)) : '',
          },
          {
            key: 'status',
            label: translate(col('status')),
            value: (r) =>
              r.status
                ? `${translate(codeLabelKey('paymentGatewayStatus', r.status))}${
                    r.failed_reason ? ` · ${translate(`app.reports.gateway.reasons.${r.failed_reason}`)}` : ''
                  }${r.after_failure ? ` · ${translate('app.reports.gateway.after_failure')}` : ''}`
                : '',
          },
          {
            key: 'reference',
            label: translate(col('reference')),
            value: (r) => (r.reference ? `\u2066${r.reference}\u2069` : ''),
          },
          { key: 'amount', label: translate(col('amount')), value: (r) => money(r.amount) },
          {
            key: 'fee',
            label: translate(col('platform_fee')),
            value: (r) => (r.fee_amount ? fee(r.fee_amount) : ''),
          },
        ]}
        cards={(a) => [
          { key: 'payments', label: translate(col('payments')), value: a.totals.payments },
          { key: 'paid', label: translate('app.reports.gateway.outcomes.paid'), value: a.totals.paid },
          { key: 'failed', label: translate('app.reports.gateway.outcomes.failed'), value: a.totals.failed },
          ...(a.totals.not_delivered
            ? [
                {
                  key: 'not_delivered',
                  label: translate('app.reports.gateway.not_delivered_count'),
                  value: a.totals.not_delivered,
                },
              ]
            : []),
          {
            key: 'paid_amount',
            label: translate(col('paid_amount')),
            value: <Amount>{money(a.totals.paid_amount)}</Amount>,
          },
          {
            key: 'fees',
            label: translate(col('platform_fee')),
            value: <Amount>{fee(a.totals.fees)}</Amount>,
          },
        ]}
      />
    </Box>
  );
};
