import { DataTable, List, useNotify, useRefresh } from 'react-admin';
import { useDataProvider, useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CakeIcon from '@mui/icons-material/CakeOutlined';
import { useState } from 'react';
import { useFormat } from '../format/useFormat';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';

/** A customer whose birthday is today or in the coming days, with her wish of it (`pos/birthday-congratulations`). */
type Row = {
  id: string;
  name: string;
  mobile: string | null;
  birthday: string;
  today: boolean;
  whatsapp_allowed: boolean;
  wish: { id: string; status: string; at: string } | null;
};

const WishStatus = ({ row }: { row: Row }) => {
  const translate = useTranslate();
  if (!row.wish)
    return (
      <Chip
        size="small"
        variant="outlined"
        label={translate(row.whatsapp_allowed ? 'app.birthdays.not_sent' : 'messaging.reasons.no_consent')}
      />
    );
  const good = ['sent', 'delivered', 'read'].includes(row.wish.status);
  return (
    <Chip
      size="small"
      color={good ? 'success' : row.wish.status === 'queued' ? 'info' : 'warning'}
      label={translate(`messaging.statuses.${row.wish.status}`)}
      data-testid="birthday-wish-status"
    />
  );
};

/** "Send now": her wish of this birthday on WhatsApp, inside the send window; once a year whoever asks. */
const SendNow = ({ row }: { row: Row }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);
  if (row.wish || !row.mobile || !row.whatsapp_allowed) return null;
  const send = async () => {
    setBusy(true);
    try {
      await dataProvider.create(`pos/birthday-congratulations/${row.id}/send`, { data: {} });
      notify('messaging.wish_queued', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      color="primary"
      variant="outlined"
      startIcon={<CakeIcon />}
      disabled={busy}
      onClick={(e) => {
        e.stopPropagation();
        void send();
      }}
      data-testid="birthday-send-now"
    >
      {translate('app.birthdays.send_now')}
    </Button>
  );
};

/**
 * `pos/birthday-congratulations`: the customers whose birthday is today and in the coming week, soonest
 * first, whether her wish went (the salon's "birthday greetings" send it on the day by themselves),
 * and "send now" for those not wished yet.
 */
export const BirthdayList = () => {
  const translate = useTranslate();
  const { date } = useFormat();
  const when = (r: Row) => (r.today ? translate('app.birthdays.today') : date(r.birthday));
  return (
    <List sort={{ field: 'birthday', order: 'ASC' }} perPage={50} actions={false} empty={false}>
      <ResponsiveDataTable<Row>
        primaryText={(r) => <bdi>{r.name}</bdi>}
        secondaryText={(r) => (
          <span>
            {when(r)}
            {r.mobile && (
              <>
                {' · '}
                <bdi dir="ltr">{r.mobile}</bdi>
              </>
            )}
          </span>
        )}
        tertiaryText={(r) => (
          <span>
            <WishStatus row={r} /> <SendNow row={r} />
          </span>
        )}
        rowClick={false}
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="birthdays-empty">
            {translate('app.birthdays.empty')}
          </Typography>
        }
      >
        <DataTable.Col source="name" label="resources.customers.fields.name" disableSort />
        <DataTable.Col
          source="mobile"
          label="resources.customers.fields.mobile"
          disableSort
          render={(r: Row) => (r.mobile ? <bdi dir="ltr">{r.mobile}</bdi> : '')}
        />
        <DataTable.Col source="birthday" label="app.birthdays.birthday" render={when} />
        <DataTable.Col
          source="wish"
          label="app.birthdays.wish"
          disableSort
          render={(r: Row) => <WishStatus row={r} />}
        />
        <DataTable.Col source="id" label=" " disableSort render={(r: Row) => <SendNow row={r} />} />
      </ResponsiveDataTable>
    </List>
  );
};
