import { DataTable, List, SelectInput, Show, TopToolbar, useRecordContext } from 'react-admin';
import { useTranslate } from 'ra-core';
import { LEDGER_SOURCE_KINDS, type LedgerEntry } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { Amount } from '../sales/InvoiceParts';
import { PeriodDateInput, PeriodPresets, useSalonToday } from '../sales/PeriodFilter';
import { dayPeriod } from '../sales/period';
import { DocumentLink, SourceLabel } from './SourceLink';
import { useAccountName } from './Statements';
import { useSalonChart } from './useSalonChart';

/**
 * `advanced-accounting/journal-entries`: every entry the salon's money events posted, newest first, by
 * period and source; each opens to its lines and its document.
 */
export const JournalEntryList = () => {
  const translate = useTranslate();
  const today = useSalonToday();
  const { money, date } = useFormat();
  return (
    <List
      title="app.books.titles.journal"
      filters={[
        <PeriodDateInput key="from" source="from" alwaysOn />,
        <PeriodDateInput key="to" source="to" alwaysOn />,
        <SelectInput
          key="source_kind"
          source="source_kind"
          label="app.books.filter_kind"
          choices={LEDGER_SOURCE_KINDS.map((k) => ({ id: k, name: `app.books.sources.${k}` }))}
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
      <ResponsiveDataTable<LedgerEntry>
        primaryText={(e) => <SourceLabel entry={e} />}
        secondaryText={(e) => <bdi>{date(e.date)}</bdi>}
        tertiaryText={(e) => <Amount>{money(e.total)}</Amount>}
        rowClick="show"
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="journal-empty">
            {translate('app.books.no_entries')}
          </Typography>
        }
      >
        <DataTable.Col source="date" render={(e: LedgerEntry) => <bdi>{date(e.date)}</bdi>} />
        <DataTable.Col
          source="source_kind"
          disableSort
          render={(e: LedgerEntry) => <SourceLabel entry={e} />}
        />
        <DataTable.Col
          align="right"
          source="total"
          render={(e: LedgerEntry) => <Amount>{money(e.total)}</Amount>}
        />
      </ResponsiveDataTable>
    </List>
  );
};

const EntryLines = () => {
  const { byCode } = useSalonChart();
  const entry = useRecordContext<LedgerEntry>();
  const translate = useTranslate();
  const name = useAccountName();
  const { money, date, dateTime } = useFormat();
  if (!entry) return null;
  const debit = entry.lines.reduce((s, l) => s + l.debit, 0);
  const credit = entry.lines.reduce((s, l) => s + l.credit, 0);
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }} data-testid="journal-entry">
      <Box>
        <Typography variant="h6" component="h2">
          <DocumentLink entry={entry} />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <bdi>{date(entry.date)}</bdi> · <bdi>{dateTime(entry.recorded_at)}</bdi>
        </Typography>
        {entry.moved_from && (
          <Typography variant="body2" color="warning.main" data-testid="entry-moved-from">
            {translate('app.books.moved_from', { date: date(entry.moved_from) })}
          </Typography>
        )}
      </Box>
      <Card variant="outlined">
        <Box
          component="table"
          sx={{
            width: '100%',
            borderCollapse: 'collapse',
            fontSize: '0.875rem',
            '& td, & th': { py: 1, px: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'end' },
            '& .start': { textAlign: 'start' },
            '& tfoot th': { borderTop: 2, borderColor: 'text.primary' },
          }}
        >
          <thead>
            <tr>
              <th className="start">{translate('app.books.columns.account')}</th>
              <th>{translate('app.books.columns.debit')}</th>
              <th>{translate('app.books.columns.credit')}</th>
            </tr>
          </thead>
          <tbody>
            {entry.lines.map((l) => {
              const account = byCode.get(l.account);
              return (
                <tr key={l.account} data-testid="journal-entry-line">
                  <td className="start">
                    <bdi>{account ? `${l.account} · ${name(account)}` : l.account}</bdi>
                  </td>
                  <td>
                    <Amount>{l.debit ? money(l.debit) : ''}</Amount>
                  </td>
                  <td>
                    <Amount>{l.credit ? money(l.credit) : ''}</Amount>
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr data-testid="journal-entry-totals">
              <th className="start">{translate('app.books.entry_total')}</th>
              <th>
                <Amount>{money(debit)}</Amount>
              </th>
              <th>
                <Amount>{money(credit)}</Amount>
              </th>
            </tr>
          </tfoot>
        </Box>
      </Card>
    </Stack>
  );
};

/** One journal entry: its document, its date and when it was recorded, and its lines, debits equal to credits. */
export const JournalEntryShow = () => (
  <Show title="app.books.titles.entry" actions={false}>
    <EntryLines />
  </Show>
);
