import { useActorName } from '../users/useUsers';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Confirm, DataTable, List, SelectInput, TopToolbar, FilterButton } from 'react-admin';
import { useNotify, useRefresh, useTranslate } from 'ra-core';
import type { GlobalInformation } from '@rawnaq/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrowOutlined';
import { isHandled } from '../http/errors';
import { useFormat } from '../format/useFormat';
import { useGlobalInformation } from '../layout/globalInformationContext';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { billingPath } from '../billing/paths';
import { Amount, useInvoiceMoney } from '../sales/InvoiceParts';
import { newKey } from '../shell/newKey';
import { useArea } from '../shell/area';
import { HELD_STATUSES, type HeldInvoice } from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { PeriodDateInput } from '../sales/PeriodFilter';

const STATUS_COLOURS = { on_hold: 'warning', issued: 'success', cancelled: 'default' } as const;

const StatusChip = ({ status }: { status: HeldInvoice['status'] }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOURS[status]}
      label={translate(`app.held.statuses.${status}`)}
      data-testid="held-status"
    />
  );
};

/** Resume (the till opens with the basket) and Cancel (after confirming), for a basket still on hold. */
const HeldActions = ({ held }: { held: HeldInvoice }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { basename, language } = useArea();
  const dataProvider = useAppDataProvider();
  const information = useGlobalInformation<GlobalInformation>();
  const mayCancel = (information?.auth.rights ?? []).includes('hold_invoice');
  const money = useInvoiceMoney(held.currency);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  // one key per cancelling: a second click or a retry cancels once
  const [key] = useState(newKey);
  if (held.status !== 'on_hold')
    return held.invoice_number ? (
      <Typography variant="body2" color="text.secondary">
        <bdi>{translate('app.held.invoice', { number: held.invoice_number })}</bdi>
      </Typography>
    ) : null;
  const cancel = async () => {
    setBusy(true);
    try {
      await dataProvider.send('POST', `held-invoices/${held.id}/cancel`, {}, { idempotencyKey: key });
      notify('app.held.cancelled', { type: 'info' });
      setAsking(false);
      refresh();
    } catch (error) {
      if (!isHandled(error)) notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const customer = held.customer_name ?? translate('app.sales.walk_in');
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ justifyContent: 'flex-end' }}
      onClick={(e) => e.stopPropagation()}
    >
      <Button
        size="small"
        variant="contained"
        startIcon={<PlayArrowIcon sx={{ transform: language === 'ar' ? 'scaleX(-1)' : undefined }} />}
        onClick={() =>
          navigate(
            billingPath(basename, {
              held_id: held.id,
              ...(held.appointment_id && { appointment_id: held.appointment_id }),
            }),
          )
        }
        data-testid="held-resume"
      >
        {translate('app.held.resume')}
      </Button>
      {mayCancel && (
        <Button
          size="small"
          color="error"
          startIcon={<CancelIcon />}
          onClick={() => setAsking(true)}
          data-testid="held-cancel"
        >
          {translate('app.held.cancel')}
        </Button>
      )}
      <Confirm
        isOpen={asking}
        loading={busy}
        title="app.held.cancel_title"
        content="app.held.cancel_content"
        translateOptions={{ customer, total: money(held.total) }}
        confirm="app.held.cancel"
        cancel="app.held.keep"
        confirmColor="warning"
        onConfirm={cancel}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
};

const Total = ({ held }: { held: HeldInvoice }) => {
  const money = useInvoiceMoney(held.currency);
  return <Amount>{money(held.total)}</Amount>;
};

const filters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={HELD_STATUSES.map((s) => ({ id: s, name: `app.held.statuses.${s}` }))}
  />,
  <PeriodDateInput key="from" source="from" />,
  <PeriodDateInput key="to" source="to" />,
];

/**
 * `on-hold-report` (doc1 §2): the baskets held at the till, newest first — on hold by default, each
 * resumed at the till or cancelled; the issued and cancelled ones stay readable.
 */
export const HeldInvoiceList = () => {
  const translate = useTranslate();
  const actorName = useActorName();
  const heldBy = (h: HeldInvoice) =>
    h.held_by_name ? actorName({ kind: 'user', id: h.held_by, name: h.held_by_name }) : '';
  const { dateTime } = useFormat();
  const { language } = useArea();
  const customer = (h: HeldInvoice) => h.customer_name ?? translate('app.sales.walk_in');
  const items = (h: HeldInvoice) =>
    h.lines.map((l) => (language === 'ar' ? l.name_ar : l.name_en)).join(language === 'ar' ? '، ' : ', ');
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'on_hold' }}
      sort={{ field: 'held_at', order: 'DESC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <FilterButton />
        </TopToolbar>
      }
      empty={false}
    >
      <ResponsiveDataTable<HeldInvoice>
        primaryText={(h) => (
          <span>
            <bdi>{customer(h)}</bdi> · <Total held={h} />
          </span>
        )}
        secondaryText={(h) => (
          <Stack spacing={1} component="span" sx={{ display: 'flex' }}>
            <span>
              <bdi>{dateTime(h.held_at)}</bdi>
              {h.held_by_name && <> · {translate('app.held.by', { name: heldBy(h) })}</>}
            </span>
            <bdi>{items(h)}</bdi>
            <span>
              <HeldActions held={h} />
            </span>
          </Stack>
        )}
        tertiaryText={(h) => <StatusChip status={h.status} />}
        // a tablet beside the menu has no room for the table's buttons: the rows read as a list
        listBelow="md"
        rowClick={false}
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="held-empty">
            {translate('app.held.empty')}
          </Typography>
        }
      >
        <DataTable.Col source="held_at" render={(h: HeldInvoice) => <bdi>{dateTime(h.held_at)}</bdi>} />
        <DataTable.Col
          source="customer_id"
          disableSort
          render={(h: HeldInvoice) => <bdi>{customer(h)}</bdi>}
        />
        <DataTable.Col
          source="lines"
          disableSort
          render={(h: HeldInvoice) => (
            <span title={items(h)}>{translate('app.held.items', { smart_count: h.lines.length })}</span>
          )}
        />
        <DataTable.Col align="right" source="total" render={(h: HeldInvoice) => <Total held={h} />} />
        <DataTable.Col source="held_by" disableSort render={heldBy} />
        <DataTable.Col
          source="status"
          disableSort
          render={(h: HeldInvoice) => <StatusChip status={h.status} />}
        />
        <DataTable.Col label="" disableSort render={(h: HeldInvoice) => <HeldActions held={h} />} />
      </ResponsiveDataTable>
    </List>
  );
};
