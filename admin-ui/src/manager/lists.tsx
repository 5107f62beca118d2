import { useState } from 'react';
import { Button, Confirm, DataTable, List, TextInput } from 'react-admin';
import { useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'ra-core';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { DateTimeField, LtrField } from '../customers/fields';
import { failureKey, isHandled } from '../http/errors';
import { CodeOrNameField, Truncated } from './fields';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useAppDataProvider } from '../http/useAppDataProvider';

const EmptyText = ({ text }: { text: string }) => {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3 }} color="text.secondary" data-testid="list-empty">
      {translate(text)}
    </Typography>
  );
};

export const FailedLoginAttemptList = () => {
  const translate = useTranslate();
  return (
    <List
      title={translate('resources.trackers/failed-login-attempts.name', { smart_count: 2 })}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={50}
      exporter={false}
      empty={false}
      filters={[<TextInput key="ip" source="ip" alwaysOn />]}
    >
      <ResponsiveDataTable<RaRecord>
        primaryText={() => <LtrField source="identifier" />}
        secondaryText={() => (
          <>
            <DateTimeField source="at" /> · <LtrField source="ip" />
          </>
        )}

        bulkActionButtons={false}
        rowClick={false}
        empty={<EmptyText text="app.manager.empty.failed" />}
      >
        <DataTable.Col source="at" field={DateTimeField} />
        <DataTable.Col source="ip" disableSort field={LtrField} />
        <DataTable.Col source="identifier" disableSort field={LtrField} />
        <DataTable.Col source="account_id" disableSort />
        <DataTable.Col
          source="type"
          disableSort
          render={() => <CodeOrNameField source="type" code="failedLoginType" />}
        />
      </ResponsiveDataTable>
    </List>
  );
};

const UnblockButton = (_: { label?: string }) => {
  const record = useRecordContext<{ id: string; ip: string }>();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!record) return null;
  const ip = record.ip ?? record.id;
  const confirm = async () => {
    setSaving(true);
    try {
      await dataProvider.unblockIp(ip);
      notify('app.manager.unblocked', { type: 'success' });
      refresh();
    } catch (error) {
      if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
    } finally {
      setSaving(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button label="app.manager.unblock" onClick={() => setOpen(true)} data-testid="unblock-ip">
        <LockOpenIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={saving}
        title="app.manager.unblock_title"
        content="app.manager.unblock_content"
        translateOptions={{ ip }}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** The name a block pauses, or every name when the whole address is blocked. */
const PausedName = (_: { source?: string }) => {
  const record = useRecordContext<{ identifier?: string | null }>();
  const translate = useTranslate();
  return record?.identifier ? (
    <LtrField source="identifier" />
  ) : (
    <Typography variant="body2">{translate('app.manager.whole_address')}</Typography>
  );
};

const BlockEnd = (_: { source?: string }) => {
  const record = useRecordContext<{ blocked_until?: string | null }>();
  const translate = useTranslate();
  return record?.blocked_until ? (
    <DateTimeField source="blocked_until" />
  ) : (
    <Typography variant="body2">{translate('app.manager.until_unblocked')}</Typography>
  );
};

export const BlockedIpList = () => {
  const translate = useTranslate();
  return (
    <List
      title={translate('resources.trackers/blocked-ips.name', { smart_count: 2 })}
      sort={{ field: 'blocked_at', order: 'DESC' }}
      perPage={50}
      exporter={false}
      empty={false}
    >
      <ResponsiveDataTable<RaRecord>
        primaryText={() => <LtrField source="ip" />}
        secondaryText={() => <DateTimeField source="blocked_at" />}
        tertiaryText={() => <UnblockButton />}
        bulkActionButtons={false}
        rowClick={false}
        empty={<EmptyText text="app.manager.empty.blocked" />}
      >
        <DataTable.Col source="ip" disableSort field={LtrField} />
        <DataTable.Col source="blocked_at" field={DateTimeField} />
        <DataTable.Col source="identifier" disableSort field={PausedName} />
        <DataTable.Col source="blocked_until" disableSort field={BlockEnd} />
        <DataTable.Col source="failures" disableSort />
        <DataTable.Col label="" disableSort field={UnblockButton} />
      </ResponsiveDataTable>
    </List>
  );
};

/** One message opened: who it is for, its subject, why it was not sent (if so), and its text. */
const MailBody = () => {
  const record = useRecordContext<{ body?: string; to?: string; subject?: string; error?: string }>();
  const translate = useTranslate();
  const line = (field: string, value: string | undefined, dir: 'ltr' | 'auto' = 'auto') => (
    <Typography variant="body2" sx={{ mb: 0.5 }} data-testid={`mail-${field}`}>
      <Box component="span" sx={{ color: 'text.secondary', marginInlineEnd: 1 }}>
        {translate(`resources.trackers/mail-tracker.fields.${field}`)}
      </Box>
      <Box component="span" dir={dir}>
        {value}
      </Box>
    </Typography>
  );
  return (
    <Box sx={{ p: 1 }} data-testid="mail-message">
      {line('to', record?.to, 'ltr')}
      {line('subject', record?.subject)}
      {record?.error && line('error', record.error, 'ltr')}
      <MailText />
    </Box>
  );
};

const MailText = () => {
  const record = useRecordContext<{ body?: string }>();
  return (
    <Box
      component="pre"
      dir="auto"
      sx={{
        m: 0,
        p: 2,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        fontFamily: 'inherit',
        bgcolor: 'action.hover',
        borderRadius: 1,
      }}
      data-testid="mail-body"
    >
      {record?.body ?? ''}
    </Box>
  );
};

export const MailOutboxList = () => {
  const translate = useTranslate();
  return (
    <List
      title={translate('resources.trackers/mail-tracker.name', { smart_count: 2 })}
      sort={{ field: 'queued_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
      filters={[<TextInput key="to" source="to" alwaysOn />]}
    >
      {/* rows that open to show more: the table, scrolling in its own box on a phone */}
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable
          bulkActionButtons={false}
          rowClick="expand"
          expand={<MailBody />}
          empty={<EmptyText text="app.manager.empty.mail" />}
        >
          <DataTable.Col source="queued_at" field={DateTimeField} />
          <DataTable.Col source="to" disableSort field={LtrField} />
          <DataTable.Col
            source="subject"
            disableSort
            render={() => <Truncated source="subject" width={420} />}
          />
          <DataTable.Col
            source="status"
            disableSort
            render={() => <CodeOrNameField source="status" code="mailSentStatus" />}
          />
        </DataTable>
      </Box>
    </List>
  );
};

const JsErrorType = (_: { label?: string }) => {
  const record = useRecordContext<{ type?: number }>();
  const translate = useTranslate();
  return (
    <Typography variant="body2">
      {translate(
        record?.type === 2 ? 'app.manager.js_error_types.manager' : 'app.manager.js_error_types.merchant',
      )}
    </Typography>
  );
};

const JsErrorDetails = () => {
  const record = useRecordContext<{ error?: string; user_agent?: string; path?: string }>();
  return (
    <Box
      component="pre"
      dir="ltr"
      sx={{
        m: 0,
        p: 2,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        fontSize: 12,
        bgcolor: 'action.hover',
        borderRadius: 1,
      }}
    >
      {[record?.error, record?.path, record?.user_agent].filter(Boolean).join('\n\n')}
    </Box>
  );
};

export const JsErrorList = () => {
  const translate = useTranslate();
  return (
    <List
      title={translate('resources.technical/js-errors.name', { smart_count: 2 })}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      {/* rows that open to show more: the table, scrolling in its own box on a phone */}
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable
          bulkActionButtons={false}
          rowClick="expand"
          expand={<JsErrorDetails />}
          empty={<EmptyText text="app.manager.empty.js" />}
        >
          <DataTable.Col source="at" field={DateTimeField} />
          <DataTable.Col source="type" disableSort field={JsErrorType} />
          <DataTable.Col source="error" disableSort render={() => <Truncated source="error" width={380} />} />
          <DataTable.Col source="route" disableSort field={LtrField} />
          <DataTable.Col
            source="actor_id"
            disableSort
            render={() => <Truncated source="actor_id" width={140} />}
          />
        </DataTable>
      </Box>
    </List>
  );
};
