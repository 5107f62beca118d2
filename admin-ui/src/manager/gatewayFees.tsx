import { useEffect, useMemo, useState } from 'react';
import { DataTable, ListContextProvider, Title, useList } from 'react-admin';
import { useRecordContext, useTranslate, type RaRecord } from 'ra-core';
import { businessDate, formatMoney, PLATFORM_TIME_ZONE } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { failureKey } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useArea } from '../shell/area';

export const GATEWAY_FEES = 'payment-gateway-fees';

type FeeRow = RaRecord & {
  tenant_id: string;
  account_id: number | null;
  name_en: string;
  name_ar: string;
  transactions: number;
  fees: number;
};
type FeesAnswer = {
  from: string;
  to: string;
  currency: 'AED';
  rows: Array<Omit<FeeRow, 'id'> & { tenant_id: string }>;
  totals: { transactions: number; fees: number };
};

/** The platform's fee in AED (fils), whatever the salon's own currency (doc2 §9). */
export const useAed = () => {
  const { language } = useArea();
  return (fils: number) => formatMoney({ amount: fils, currency: 'AED' }, { locale: language });
};

const SalonName = (_: { label?: string }) => {
  const record = useRecordContext<FeeRow>();
  const { language } = useArea();
  if (!record) return null;
  return (
    <bdi>
      {(language === 'ar' ? record.name_ar || record.name_en : record.name_en || record.name_ar) || '—'}
    </bdi>
  );
};

const Fees = (_: { label?: string }) => {
  const record = useRecordContext<FeeRow>();
  const aed = useAed();
  return record ? <bdi>{aed(record.fees)}</bdi> : null;
};

/** The platform's day, not UTC's: a Gulf salon's fee of just after midnight is today's. */
const today = () => businessDate(new Date(), PLATFORM_TIME_ZONE);

/**
 * `payment-gateway-fees`: the platform's 1 AED per successful gateway transaction (doc2 §9), per salon
 * over a period, with the period's totals; a list of cards on a phone.
 */
export const GatewayFeesList = () => {
  const translate = useTranslate();
  const aed = useAed();
  const dataProvider = useAppDataProvider();
  const [from, setFrom] = useState(() => `${today().slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [answer, setAnswer] = useState<FeesAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setProblem(null);
    dataProvider
      .send<FeesAnswer>(
        'GET',
        `${GATEWAY_FEES}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      )
      .then(
        (a) => current && setAnswer(a),
        (error: unknown) => current && setProblem(failureKey(error)),
      );
    return () => {
      current = false;
    };
  }, [dataProvider, from, to]);
  const rows = useMemo<FeeRow[]>(
    () => (answer?.rows ?? []).map((r) => ({ ...r, id: r.tenant_id }) as FeeRow),
    [answer],
  );
  const list = useList<FeeRow>({ data: rows, perPage: 1000, resource: GATEWAY_FEES });
  const field = (source: 'from' | 'to', value: string, set: (v: string) => void) => (
    <TextField
      type="date"
      size="small"
      label={translate(`resources.${GATEWAY_FEES}.fields.${source}`)}
      value={value}
      onChange={(e) => e.target.value && set(e.target.value)}
      sx={{ width: 200, maxWidth: '100%' }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `fees-${source}` } }}
    />
  );
  return (
    <Box sx={{ mt: 1 }} data-testid="payment-gateway-fees">
      <Title title={translate(`resources.${GATEWAY_FEES}.name`, { smart_count: 2 })} />
      <Card sx={{ p: 2, mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.manager.fees.hint')}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {field('from', from, setFrom)}
          {field('to', to, setTo)}
        </Stack>
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {translate(problem)}
          </Alert>
        )}
        {answer && (
          <Stack direction="row" spacing={4} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            <Box>
              <Typography variant="caption" color="text.secondary">
                {translate(`resources.${GATEWAY_FEES}.fields.transactions`)}
              </Typography>
              <Typography variant="h6" data-testid="fees-transactions">
                {answer.totals.transactions}
              </Typography>
            </Box>
            <Box>
              <Typography variant="caption" color="text.secondary">
                {translate(`resources.${GATEWAY_FEES}.fields.fees`)}
              </Typography>
              <Typography variant="h6" data-testid="fees-total">
                <bdi>{aed(answer.totals.fees)}</bdi>
              </Typography>
            </Box>
          </Stack>
        )}
      </Card>
      <Card>
        <ListContextProvider value={list}>
          <ResponsiveDataTable<FeeRow>
            primaryText={() => <SalonName />}
            secondaryText={(r) => translate('app.manager.fees.transactions', { smart_count: r.transactions })}
            tertiaryText={() => <Fees />}
            bulkActionButtons={false}
            rowClick={false}
            empty={
              <Typography sx={{ p: 3 }} color="text.secondary" data-testid="list-empty">
                {translate('app.manager.fees.empty')}
              </Typography>
            }
          >
            <DataTable.Col source="account_id" />
            <DataTable.Col source="name" disableSort field={SalonName} />
            <DataTable.Col source="transactions" />
            <DataTable.Col source="fees" field={Fees} />
          </ResponsiveDataTable>
        </ListContextProvider>
      </Card>
    </Box>
  );
};
