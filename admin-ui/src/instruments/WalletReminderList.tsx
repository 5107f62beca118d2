import { DataTable, ExportButton, List, TopToolbar } from 'react-admin';
import { useTranslate, type Exporter } from 'ra-core';
import type { GlobalInformation } from '@rawnaq/contracts';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { downloadCsv, toCsv } from '../export/csv';
import { useFormat } from '../format/useFormat';
import { useGlobalInformation } from '../layout/globalInformationContext';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { Amount } from '../sales/InvoiceParts';
import { useArea } from '../shell/area';

type Row = {
  id: string;
  name: string;
  mobile: string;
  wallet_balance: number;
  last_invoice_date: string | null;
  preferred_language?: number | null;
};

/**
 * A reminder by WhatsApp: a link that opens the chat with the text written in the customer's language
 * (the salon's WhatsApp campaigns will send it themselves; until then the cashier sends it in one tap).
 */
const RemindButton = ({ row }: { row: Row }) => {
  const translate = useTranslate();
  const { money } = useFormat();
  const { language } = useArea();
  const information = useGlobalInformation<GlobalInformation>();
  const account = information?.global_informations.account;
  const digits = row.mobile.replace(/\D/g, '');
  if (!digits) return null;
  const salon = (language === 'ar' ? account?.name_ar : account?.name_en) || account?.name_en || '';
  const text = translate('app.wallet.reminder_text', {
    name: row.name,
    balance: money(row.wallet_balance),
    salon,
  });
  return (
    <Button
      size="small"
      color="success"
      startIcon={<WhatsAppIcon />}
      href={`https://wa.me/${digits}?text=${encodeURIComponent(text)}`}
      target="_blank"
      rel="noopener"
      onClick={(e) => e.stopPropagation()}
      data-testid="wallet-remind"
    >
      {translate('app.wallet.remind')}
    </Button>
  );
};

const useExporter = (): Exporter<Row> => {
  const translate = useTranslate();
  const { money, date } = useFormat();
  return (rows) =>
    downloadCsv(
      toCsv(
        [
          translate('resources.customers.fields.name'),
          translate('resources.customers.fields.mobile'),
          translate('app.wallet.balance'),
          translate('app.wallet.last_visit'),
        ],
        rows.map((r) => [
          r.name,
          r.mobile,
          money(r.wallet_balance),
          r.last_invoice_date ? date(r.last_invoice_date) : '',
        ]),
      ),
      translate('app.wallet.reminder_menu'),
    );
};

/** `pos/customer-wallet-reminder`: the customers with money in their wallet, most first. */
export const WalletReminderList = () => {
  const translate = useTranslate();
  const { money, date } = useFormat();
  const last = (r: Row) => (r.last_invoice_date ? date(r.last_invoice_date) : translate('app.wallet.never'));
  return (
    <List
      sort={{ field: 'wallet_balance', order: 'DESC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <ExportButton maxResults={10_000} />
        </TopToolbar>
      }
      exporter={useExporter()}
      empty={false}
    >
      <ResponsiveDataTable<Row>
        primaryText={(r) => <bdi>{r.name}</bdi>}
        secondaryText={(r) => (
          <span>
            <bdi dir="ltr">{r.mobile}</bdi> · {last(r)}
          </span>
        )}
        tertiaryText={(r) => (
          <span>
            <Amount>{money(r.wallet_balance)}</Amount> <RemindButton row={r} />
          </span>
        )}
        rowClick={false}
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="wallet-reminder-empty">
            {translate('app.wallet.reminder_empty')}
          </Typography>
        }
      >
        <DataTable.Col source="name" label="resources.customers.fields.name" />
        <DataTable.Col
          source="mobile"
          label="resources.customers.fields.mobile"
          disableSort
          render={(r: Row) => <bdi dir="ltr">{r.mobile}</bdi>}
        />
        <DataTable.Col
          align="right"
          source="wallet_balance"
          label="app.wallet.balance"
          render={(r: Row) => <Amount>{money(r.wallet_balance)}</Amount>}
        />
        <DataTable.Col source="last_invoice_date" label="app.wallet.last_visit" render={last} />
        <DataTable.Col source="id" label=" " disableSort render={(r: Row) => <RemindButton row={r} />} />
      </ResponsiveDataTable>
    </List>
  );
};
