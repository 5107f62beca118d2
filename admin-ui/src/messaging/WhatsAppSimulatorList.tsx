import { useState } from 'react';
import { DataTable, List } from 'react-admin';
import { useListContext, useNotify, useRefresh, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SendIcon from '@mui/icons-material/Send';
import { useFormat } from '../format/useFormat';
import { failureKey, messageParams } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { ResponsiveDataTable, useIsPhone } from '../layout/ResponsiveDataTable';
import type { SimulatedPhone } from './types';

const who = (p: SimulatedPhone) => p.customers.map((c) => c.name).join(' · ');
const lastOf = (p: SimulatedPhone) => p.messages.at(-1);
/** The phone's language: its customer's (the messages she is sent are in it). */
const languageOf = (p: SimulatedPhone) =>
  p.customers[0]?.preferred_language === 'en' ? 'en' : p.messages.at(-1)?.language === 'en' ? 'en' : 'ar';

const TICKS: Record<string, string> = { sent: '✓', delivered: '✓✓', read: '✓✓', failed: '!', received: '' };

/** One phone as its owner sees it: the salon's messages and her replies, in her language. */
const Conversation = ({ phone }: { phone: SimulatedPhone }) => {
  const { dateTime } = useFormat();
  const dir = languageOf(phone) === 'en' ? 'ltr' : 'rtl';
  return (
    <Stack spacing={1} dir={dir} data-testid="conversation" sx={{ py: 1 }}>
      {phone.messages.map((m) => (
        <Box
          key={m.id}
          data-testid={m.direction === 'out' ? 'inbox-message' : 'inbox-reply'}
          sx={{
            alignSelf: m.direction === 'out' ? 'flex-start' : 'flex-end',
            maxWidth: '85%',
            p: 1,
            borderRadius: 2,
            bgcolor: m.direction === 'out' ? 'background.paper' : 'success.light',
            border: 1,
            borderColor: 'divider',
          }}
        >
          {m.media && (
            <Chip
              size="small"
              icon={<AttachFileIcon />}
              label={<bdi>{m.media.name}</bdi>}
              sx={{ mb: 0.5, maxWidth: '100%' }}
              data-testid="inbox-attachment"
            />
          )}
          <Typography
            variant="body2"
            dir={m.language === 'en' ? 'ltr' : 'rtl'}
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {m.text}
          </Typography>
          <Typography variant="caption" color={m.status === 'failed' ? 'error.main' : 'text.secondary'}>
            <bdi>{dateTime(m.at)}</bdi> {TICKS[m.status]}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
};

/** The phone's dialog: read, reply, reply STOP, make the number fail. */
const PhoneDialog = ({ phone, onClose }: { phone: SimulatedPhone; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const fullScreen = useIsPhone();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (action: string, body?: unknown) => {
    setBusy(true);
    try {
      await dataProvider.send('POST', `whatsapp-simulator/phones/${phone.phone}/${action}`, body);
      if (action === 'reply') setText('');
      refresh();
    } catch (error) {
      notify(failureKey(error), { type: 'error', messageArgs: messageParams(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" data-testid="phone-dialog">
      <DialogTitle>
        <bdi dir="ltr">+{phone.phone}</bdi>
        <Typography variant="body2" color="text.secondary">
          <bdi>{who(phone) || translate('app.messaging.simulator.unknown_customer')}</bdi>
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <Conversation phone={phone} />
        <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            fullWidth
            value={text}
            onChange={(e) => setText(e.target.value)}
            label={translate('app.messaging.simulator.reply')}
            slotProps={{ htmlInput: { 'data-testid': 'reply-text', maxLength: 1000 } }}
          />
          <Button
            variant="contained"
            disabled={busy || !text.trim()}
            onClick={() => void act('reply', { text })}
            aria-label={translate('app.messaging.simulator.send')}
            data-testid="reply-send"
            sx={{ minWidth: 0 }}
          >
            <SendIcon sx={{ transform: 'scaleX(var(--rawnaq-mirror, 1))' }} />
          </Button>
        </Stack>
        <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={busy}
            onClick={() => void act('reply', { text: 'STOP' })}
            data-testid="reply-stop"
          >
            {translate('app.messaging.simulator.reply_stop')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            startIcon={<DoneAllIcon />}
            onClick={() => void act('read')}
            data-testid="read-all"
          >
            {translate('app.messaging.simulator.read')}
          </Button>
          <FormControlLabel
            control={
              <Switch
                checked={phone.failing}
                disabled={busy}
                onChange={(e) => void act('failing', { failing: e.target.checked })}
                slotProps={{ input: { 'data-testid': 'failing' } as object }}
              />
            }
            label={translate('app.messaging.simulator.failing')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * `setting/whatsapp-simulator`: the local WhatsApp simulator's phones (the salon's default channel):
 * each phone the salon wrote to, with its conversation in the customer's language; a tester opens one
 * to read, reply, reply STOP or make the number fail, and the product hears it through signed webhooks.
 */
export const WhatsAppSimulatorList = () => {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const [open, setOpen] = useState<SimulatedPhone | undefined>();
  const status = (p: SimulatedPhone) => (
    <Stack direction="row" spacing={0.5}>
      {p.failing && (
        <Chip size="small" color="error" label={translate('app.messaging.simulator.failing_chip')} />
      )}
      {p.customers.some((c) => !c.whatsapp_allowed) && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={translate('app.messaging.simulator.stopped')}
        />
      )}
    </Stack>
  );
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mx: 1 }} data-testid="simulator-hint">
        {translate('app.messaging.simulator.hint')}
      </Typography>
      <List pagination={false} perPage={1000} exporter={false} empty={false} actions={false}>
        <ResponsiveDataTable<SimulatedPhone>
          primaryText={(p) => (
            <span>
              <bdi>{who(p) || translate('app.messaging.simulator.unknown_customer')}</bdi>{' '}
              <bdi dir="ltr">+{p.phone}</bdi>
            </span>
          )}
          secondaryText={(p) => <bdi>{lastOf(p)?.text ?? ''}</bdi>}
          tertiaryText={status}
          rowClick={(_id, _resource, record) => {
            setOpen(record as SimulatedPhone);
            return false;
          }}
          bulkActionButtons={false}
          empty={
            <Typography sx={{ p: 3 }} color="text.secondary" data-testid="simulator-empty">
              {translate('app.messaging.simulator.empty')}
            </Typography>
          }
        >
          <DataTable.Col
            source="phone"
            label="app.messaging.simulator.phone"
            disableSort
            render={(p: SimulatedPhone) => <bdi dir="ltr">+{p.phone}</bdi>}
          />
          <DataTable.Col
            source="customers"
            label="app.messaging.simulator.customer"
            disableSort
            render={who}
          />
          <DataTable.Col
            source="messages"
            label="app.messaging.simulator.last"
            disableSort
            render={(p: SimulatedPhone) => (
              <Box sx={{ maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {lastOf(p) ? <bdi>{dateTime(lastOf(p)!.at)}</bdi> : null} {lastOf(p)?.text}
              </Box>
            )}
          />
          <DataTable.Col source="failing" label=" " disableSort render={status} />
        </ResponsiveDataTable>
        {open && <OpenPhone id={open.id} onClose={() => setOpen(undefined)} />}
      </List>
    </>
  );
};

/** The dialog of the phone chosen, kept in step with the list as it is refreshed. */
const OpenPhone = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { data } = useListContext<SimulatedPhone>();
  const phone = data?.find((p) => p.id === id);
  return phone ? <PhoneDialog phone={phone} onClose={onClose} /> : null;
};
