import { DataTable, ExportButton, List, TopToolbar } from 'react-admin';
import { useTranslate, type Exporter } from 'ra-core';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { downloadCsv, toCsv } from '../export/csv';
import { useFormat } from '../format/useFormat';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { Amount } from '../sales/InvoiceParts';
import { PeriodPresets, PeriodDateInput } from '../sales/PeriodFilter';
import { GiveGiftCardButton } from './GiveGiftCardButton';
import type { GiftCard, GiftCardStatus } from './types';

const STATUS_COLOR = { active: 'success', used: 'default', expired: 'warning' } as const;

export const GiftCardStatusChip = ({ status }: { status: GiftCardStatus }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      variant="outlined"
      label={translate(`app.gift_cards.statuses.${status}`)}
      data-testid="gift-card-status"
    />
  );
};

const useExporter = (status: GiftCardStatus): Exporter<GiftCard> => {
  const translate = useTranslate();
  const { money, date } = useFormat();
  const holder = useHolder();
  return (cards) =>
    downloadCsv(
      toCsv(
        ['code', 'type', 'holder', 'value', 'remaining', 'issued_on', 'expires_on'].map((f) =>
          translate(`app.gift_cards.${f}`),
        ),
        cards.map((c) => [
          c.code,
          translate(`app.gift_cards.types.${c.card_type}`),
          holder(c),
          money(c.value),
          money(c.remaining),
          date(c.business_date),
          date(c.expires_on),
        ]),
      ),
      translate(`app.gift_cards.${status}_menu`),
    );
};

export const useHolder = () => {
  const translate = useTranslate();
  return (c: GiftCard) => c.customer_name ?? translate('app.gift_cards.anyone');
};

/** The gift cards at one status (active, used or expired), issued in the period chosen, newest first. */
export const GiftCardList = ({ status }: { status: GiftCardStatus }) => {
  const translate = useTranslate();
  const { money, date } = useFormat();
  const holder = useHolder();
  return (
    <List
      filter={{ status }}
      filters={[
        <PeriodDateInput key="from" source="from" alwaysOn />,
        <PeriodDateInput key="to" source="to" alwaysOn />,
      ]}
      sort={{ field: 'issued_at', order: 'DESC' }}
      perPage={25}
      actions={
        <TopToolbar sx={{ flexWrap: 'wrap' }}>
          <PeriodPresets />
          <GiveGiftCardButton />
          <ExportButton maxResults={10_000} />
        </TopToolbar>
      }
      exporter={useExporter(status)}
      empty={false}
    >
      <ResponsiveDataTable<GiftCard>
        primaryText={(c) => (
          <span>
            <bdi dir="ltr">{c.code}</bdi> · <bdi>{holder(c)}</bdi>
          </span>
        )}
        secondaryText={(c) => (
          <span>
            {translate(`app.gift_cards.types.${c.card_type}`)} · {translate('app.gift_cards.expires_on')}{' '}
            <bdi>{date(c.expires_on)}</bdi>
          </span>
        )}
        tertiaryText={(c) => <Amount>{money(c.remaining)}</Amount>}
        rowClick="show"
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="gift-cards-empty">
            {translate('app.gift_cards.empty')}
          </Typography>
        }
      >
        <DataTable.Col
          source="code"
          label="app.gift_cards.code"
          disableSort
          render={(c: GiftCard) => <bdi dir="ltr">{c.code}</bdi>}
        />
        <DataTable.Col
          source="card_type"
          label="app.gift_cards.type"
          disableSort
          render={(c: GiftCard) => translate(`app.gift_cards.types.${c.card_type}`)}
        />
        <DataTable.Col source="customer_id" label="app.gift_cards.holder" disableSort render={holder} />
        <DataTable.Col
          source="business_date"
          label="app.gift_cards.issued_on"
          render={(c: GiftCard) => date(c.business_date)}
        />
        <DataTable.Col
          source="expires_on"
          label="app.gift_cards.expires_on"
          render={(c: GiftCard) => date(c.expires_on)}
        />
        <DataTable.Col
          align="right"
          source="value"
          label="app.gift_cards.value"
          render={(c: GiftCard) => <Amount>{money(c.value)}</Amount>}
        />
        <DataTable.Col
          align="right"
          source="remaining"
          label="app.gift_cards.remaining"
          render={(c: GiftCard) => <Amount>{money(c.remaining)}</Amount>}
        />
        <DataTable.Col
          source="status"
          label="app.gift_cards.status"
          disableSort
          render={(c: GiftCard) => <GiftCardStatusChip status={c.status} />}
        />
      </ResponsiveDataTable>
    </List>
  );
};
