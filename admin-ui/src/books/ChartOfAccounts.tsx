import { DataTable, List, SearchInput, SelectInput, TopToolbar, ExportButton } from 'react-admin';
import { useTranslate, type Exporter } from 'ra-core';
import type { ChartAccount } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { downloadCsv, toCsv } from '../export/csv';
import { useFormat } from '../format/useFormat';
import { LinkIfAllowed } from '../layout/LinkIfAllowed';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { Amount } from '../sales/InvoiceParts';
import { useArea } from '../shell/area';
import { useAccountName } from './Statements';

type Account = ChartAccount & { id: string; balance: number; system: boolean };

const MAIN_TYPES = [1, 2, 3, 4, 5, 6];

/** An account's name, indented under its group; an account that takes postings opens its ledger. */
const AccountName = ({ account }: { account: Account }) => {
  const name = useAccountName();
  const { basename } = useArea();
  const translate = useTranslate();
  const depth = account.group ? account.code.length - 1 : account.code.length - 3;
  return (
    <Box component="span" sx={{ ps: depth * 2, fontWeight: account.group ? 600 : undefined }}>
      {account.group ? (
        <bdi>{`${account.code} · ${name(account)}`}</bdi>
      ) : (
        <LinkIfAllowed
          resource="advanced-accounting/general-ledger"
          action="list"
          to={`${basename}/advanced-accounting/general-ledger?account=${account.code}`}
          title={translate('app.books.open_ledger')}
          onClick={(e) => e.stopPropagation()}
          data-testid={`chart-account-${account.code}`}
        >
          <bdi>{`${account.code} · ${name(account)}`}</bdi>
        </LinkIfAllowed>
      )}
    </Box>
  );
};

const useExporter = (): Exporter<Account> => {
  const translate = useTranslate();
  const name = useAccountName();
  const { money } = useFormat();
  return (accounts) =>
    downloadCsv(
      toCsv(
        ['code', 'account', 'type', 'balance'].map((c) => translate(`app.books.columns.${c}`)),
        accounts.map((a) => [
          a.code,
          name(a),
          translate(`app.books.main_types.${a.main_type}`),
          money(a.balance),
        ]),
      ),
      translate('app.books.files.chart'),
    );
};

/**
 * `advanced-accounting/chart-of-accounts`: the salon's accounts as a tree (the six main types, their
 * groups, the accounts the product posts to), each with its balance today; an account opens its ledger.
 */
export const ChartOfAccountsList = () => {
  const translate = useTranslate();
  const { money } = useFormat();
  const name = useAccountName();
  return (
    <List
      title="app.books.titles.chart"
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.books.search')} />,
        <SelectInput
          key="main_type"
          source="main_type"
          label="app.books.columns.type"
          alwaysOn
          choices={MAIN_TYPES.map((id) => ({ id: String(id), name: `app.books.main_types.${id}` }))}
        />,
      ]}
      sort={{ field: 'code', order: 'ASC' }}
      perPage={100}
      pagination={false}
      actions={
        <TopToolbar>
          <ExportButton maxResults={1000} />
        </TopToolbar>
      }
      exporter={useExporter()}
      empty={false}
    >
      <ResponsiveDataTable<Account>
        primaryText={(a) => <AccountName account={a} />}
        secondaryText={(a) => translate(`app.books.main_types.${a.main_type}`)}
        tertiaryText={(a) => (
          <Box component="span" sx={{ fontWeight: a.group ? 600 : undefined }}>
            <Amount>{money(a.balance)}</Amount>
          </Box>
        )}
        rowClick={false}
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="chart-empty">
            {translate('app.books.no_accounts')}
          </Typography>
        }
      >
        <DataTable.Col
          source="code"
          label="app.books.columns.account"
          render={(a: Account) => <AccountName account={a} />}
        />
        <DataTable.Col
          source="main_type"
          label="app.books.columns.type"
          disableSort
          render={(a: Account) => translate(`app.books.main_types.${a.main_type}`)}
        />
        <DataTable.Col
          source="kind"
          label=" "
          disableSort
          render={(a: Account) =>
            a.group ? (
              <Chip size="small" variant="outlined" label={translate('app.books.group')} />
            ) : a.system ? (
              <Chip size="small" variant="outlined" label={translate('app.books.system')} title={name(a)} />
            ) : null
          }
        />
        <DataTable.Col
          source="balance"
          label="app.books.columns.balance"
          align="right"
          disableSort
          render={(a: Account) => (
            <Box component="span" sx={{ fontWeight: a.group ? 600 : undefined }}>
              <Amount>{money(a.balance)}</Amount>
            </Box>
          )}
        />
      </ResponsiveDataTable>
    </List>
  );
};
