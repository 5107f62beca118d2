import { DataTable, List, SelectInput, TopToolbar, useListContext } from 'react-admin';
import { useTranslate } from 'ra-core';
import { codeLabelKey } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useReportData } from '../reports/MoneyReport';
import { Amount } from '../sales/InvoiceParts';
import { PeriodDateInput, PeriodPresets, useSalonToday } from '../sales/PeriodFilter';
import { dayPeriod } from '../sales/period';
import { METHODS } from './PayDialog';
import { LinkIfAllowed } from '../layout/LinkIfAllowed';
import { useArea } from '../shell/area';
import { DocumentLink } from './SourceLink';
import { useAccountName } from './Statements';

/** A money line of the ledger as `post-payments` lists it. */
type PostedPayment = {
  id: string;
  date: string;
  direction: 'in' | 'out';
  amount: number;
  account: string;
  account_name_en: string;
  account_name_ar: string;
  methods: number[];
  source_kind: string;
  source_id: string;
  source_number: number | null;
  invoice_id: string | null;
  entry_id: string;
};
type Totals = {
  rows: Array<{
    account: string;
    account_name_en: string;
    account_name_ar: string;
    methods: number[];
    payments: number;
    received: number;
    paid: number;
    net: number;
  }>;
  totals: { received: number; paid: number; net: number };
};

const t = (key: string) => `app.books.post_payments.${key}`;

/** The methods an account takes ("Cash"; "Credit card, Debit card" where the salon put both in one account). */
const useMethodsText = () => {
  const translate = useTranslate();
  return (methods: readonly number[]) =>
    methods.map((m) => translate(codeLabelKey('paymentMethod', m))).join(translate(t('and')));
};

const Direction = ({ row }: { row: PostedPayment }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={row.direction === 'in' ? 'success' : 'warning'}
      label={translate(t(`directions.${row.direction}`))}
    />
  );
};

/** The journal entry that posted the payment. */
const EntryLink = ({ row }: { row: PostedPayment }) => {
  const translate = useTranslate();
  const { basename } = useArea();
  return (
    <LinkIfAllowed
      resource="advanced-accounting/journal-entries"
      to={`${basename}/advanced-accounting/journal-entries/${encodeURIComponent(row.entry_id)}/show`}
      data-testid="post-payment-entry-link"
    >
      {translate(t('entry'))}
    </LinkIfAllowed>
  );
};

/** The list's payments added up per method (account): received, paid out, net; and in all. */
const TotalsPerMethod = () => {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  const { money } = useFormat();
  const name = useAccountName();
  const methodsText = useMethodsText();
  const { data } = useReportData<Totals>(
    `advanced-accounting/post-payments/totals?filter=${encodeURIComponent(JSON.stringify(filterValues))}`,
  );
  if (!data) return null;
  return (
    <Card variant="outlined" sx={{ p: 1.5, mb: 2 }} data-testid="post-payments-totals">
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1, mb: 1 }}>
        {(['received', 'paid', 'net'] as const).map((k) => (
          <Box key={k} data-testid={`post-payments-total-${k}`}>
            <Typography variant="caption" color="text.secondary">
              {translate(t(`totals.${k}`))}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>
              <Amount>{money(data.totals[k])}</Amount>
            </Typography>
          </Box>
        ))}
      </Stack>
      <Stack spacing={0.5}>
        {data.rows.map((r) => (
          <Stack
            key={r.account}
            direction="row"
            sx={{ flexWrap: 'wrap', columnGap: 2, alignItems: 'baseline' }}
            data-testid="post-payments-method"
          >
            <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 160 }}>
              <bdi>{methodsText(r.methods)}</bdi>
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ minWidth: 140 }}>
              <bdi>{`${r.account} · ${name({ name_en: r.account_name_en, name_ar: r.account_name_ar })}`}</bdi>
            </Typography>
            <Typography variant="body2">
              {translate(t('totals.received'))} <Amount>{money(r.received)}</Amount>
            </Typography>
            <Typography variant="body2">
              {translate(t('totals.paid'))} <Amount>{money(r.paid)}</Amount>
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
};

/**
 * `advanced-accounting/post-payments`: the money the books posted, to review — each payment taken,
 * given back or paid out, with its date, direction, method, the account it was posted to, its
 * document and its journal entry; by period, method and direction, totals per method above.
 */
export const PostPaymentList = () => {
  const translate = useTranslate();
  const today = useSalonToday();
  const { money, date } = useFormat();
  const name = useAccountName();
  const methodsText = useMethodsText();
  const account = (r: PostedPayment) =>
    `${r.account} · ${name({ name_en: r.account_name_en, name_ar: r.account_name_ar })}`;
  return (
    <List
      title="app.books.titles.post_payments"
      filters={[
        <PeriodDateInput key="from" source="from" alwaysOn />,
        <PeriodDateInput key="to" source="to" alwaysOn />,
        <SelectInput
          key="method"
          source="method"
          label={t('method')}
          choices={METHODS.map((m) => ({ id: m, name: codeLabelKey('paymentMethod', m) }))}
        />,
        <SelectInput
          key="direction"
          source="direction"
          label={t('direction')}
          choices={(['in', 'out'] as const).map((d) => ({ id: d, name: t(`directions.${d}`) }))}
        />,
      ]}
      filterDefaultValues={(today && dayPeriod('this_month', today)) || {}}
      sort={{ field: 'date', order: 'DESC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <PeriodPresets />
        </TopToolbar>
      }
      empty={false}
    >
      <TotalsPerMethod />
      <ResponsiveDataTable<PostedPayment>
        primaryText={(r) => <DocumentLink entry={r} />}
        secondaryText={(r) => (
          <span>
            <bdi>{date(r.date)}</bdi> · <bdi>{methodsText(r.methods)}</bdi> ·{' '}
            {translate(t(`directions.${r.direction}`))} · <EntryLink row={r} />
          </span>
        )}
        tertiaryText={(r) => <Amount>{money(r.direction === 'in' ? r.amount : -r.amount)}</Amount>}
        rowClick={false}
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="post-payments-empty">
            {translate(t('none'))}
          </Typography>
        }
      >
        <DataTable.Col source="date" render={(r: PostedPayment) => <bdi>{date(r.date)}</bdi>} />
        <DataTable.Col source="direction" disableSort render={(r: PostedPayment) => <Direction row={r} />} />
        <DataTable.Col
          source="methods"
          disableSort
          render={(r: PostedPayment) => <bdi>{methodsText(r.methods)}</bdi>}
        />
        <DataTable.Col source="account" disableSort render={(r: PostedPayment) => <bdi>{account(r)}</bdi>} />
        <DataTable.Col
          source="source_kind"
          disableSort
          render={(r: PostedPayment) => <DocumentLink entry={r} />}
        />
        <DataTable.Col source="entry_id" disableSort render={(r: PostedPayment) => <EntryLink row={r} />} />
        <DataTable.Col
          source="amount"
          align="right"
          disableSort
          render={(r: PostedPayment) => <Amount>{money(r.direction === 'in' ? r.amount : -r.amount)}</Amount>}
        />
      </ResponsiveDataTable>
    </List>
  );
};
