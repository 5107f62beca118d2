import { useState } from 'react';
import { Button, Confirm, DataTable, List } from 'react-admin';
import { useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'ra-core';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { DateTimeField, LtrField } from '../customers/fields';
import { failureKey, isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useArea } from '../shell/area';
import { useNameField } from '../shell/names';
import { SalonFilter, Truncated } from './fields';

import {
  ACTIVE_EMPLOYEES,
  ADDED_CUSTOMERS,
  ADDED_EMPLOYEES,
  CURRENT_CONNECTIONS,
  INACTIVE_EMPLOYEES,
  SYSTEM_CONNECTIONS,
} from './consolePaths';

type Row = RaRecord & Record<string, unknown>;

const Empty = ({ text }: { text: string }) => {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3 }} color="text.secondary" data-testid="list-empty">
      {translate(text)}
    </Typography>
  );
};

const useTitle = (resource: string) => useTranslate()(`resources.${resource}.name`, { smart_count: 2 });

/** The salon's name in the screen's language and its account number; the platform's for a manager. */
const Salon = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const { language } = useArea();
  const translate = useTranslate();
  if (!r) return null;
  if (r.realm === 'manager') return <bdi>{translate('app.manager.console.platform')}</bdi>;
  const name = (language === 'ar' ? r.salon_ar || r.salon_en : r.salon_en || r.salon_ar) as string;
  return (
    <bdi>
      {name || '—'}{' '}
      <Typography component="span" variant="caption" color="text.secondary">
        #{String(r.account_id ?? '')}
      </Typography>
    </bdi>
  );
};

const filters = [<SalonFilter key="tenantId" source="tenantId" alwaysOn />];

const EmployeeName = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const { language } = useArea();
  if (!r) return null;
  return <bdi>{String((language === 'ar' ? r.name_ar || r.name_en : r.name_en || r.name_ar) || '—')}</bdi>;
};

const Status = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  if (!r) return null;
  const active = r.status === 1;
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      label={translate(active ? 'app.manager.console.active' : 'app.manager.console.inactive')}
    />
  );
};

const HasLogin = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  if (!r) return null;
  return <>{translate(r.has_login ? 'app.manager.console.yes' : 'app.manager.console.no')}</>;
};

/** `employees-merchants/added-employees`, `active-global-employees`, `inactive-global-employees`. */
const EmployeesList = ({ resource }: { resource: string }) => {
  const nameField = useNameField();
  return (
    <List
      resource={resource}
      title={useTitle(resource)}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      filters={filters}
      empty={false}
    >
      <ResponsiveDataTable<Row>
        primaryText={() => <EmployeeName />}
        secondaryText={() => (
          <span>
            <Salon /> · <DateTimeField source="created_at" />
          </span>
        )}
        tertiaryText={() => <Status />}
        bulkActionButtons={false}
        rowClick={false}
        empty={<Empty text="app.manager.console.empty_employees" />}
      >
        <DataTable.Col source={nameField} field={EmployeeName} />
        <DataTable.Col source="account_id" disableSort field={Salon} />
        <DataTable.Col source="mobile" disableSort field={LtrField} />
        <DataTable.Col source="status" disableSort field={Status} />
        <DataTable.Col source="has_login" disableSort field={HasLogin} />
        <DataTable.Col source="created_at" field={DateTimeField} />
      </ResponsiveDataTable>
    </List>
  );
};
export const AddedEmployeesList = () => <EmployeesList resource={ADDED_EMPLOYEES} />;
export const ActiveEmployeesList = () => <EmployeesList resource={ACTIVE_EMPLOYEES} />;
export const InactiveEmployeesList = () => <EmployeesList resource={INACTIVE_EMPLOYEES} />;

/** `customers-merchants/added-customers`: the customers salons added, newest first. */
export const AddedCustomersList = () => (
  <List
    resource={ADDED_CUSTOMERS}
    title={useTitle(ADDED_CUSTOMERS)}
    sort={{ field: 'created_at', order: 'DESC' }}
    perPage={25}
    exporter={false}
    filters={filters}
    empty={false}
  >
    <ResponsiveDataTable<Row>
      primaryText={(r) => <bdi>{String(r.name || '—')}</bdi>}
      secondaryText={() => (
        <span>
          <Salon /> · <DateTimeField source="created_at" />
        </span>
      )}
      tertiaryText={() => <LtrField source="mobile" />}
      bulkActionButtons={false}
      rowClick={false}
      empty={<Empty text="app.manager.console.empty_customers" />}
    >
      <DataTable.Col source="name" />
      <DataTable.Col source="account_id" disableSort field={Salon} />
      <DataTable.Col source="mobile" disableSort field={LtrField} />
      <DataTable.Col source="created_at" field={DateTimeField} />
    </ResponsiveDataTable>
  </List>
);

/** Ends a signed-in session: its next request is refused and its user signs in again. */
const EndSessionButton = (_: { label?: string }) => {
  const record = useRecordContext<Row>();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const translate = useTranslate();
  if (!record) return null;
  // her own session: ending it would sign her out; the menu's "sign out" does that
  if (record.current)
    return <Chip size="small" color="primary" label={translate('app.manager.console.this_session')} />;
  const who = String(record.user_name || record.username || '');
  const confirm = async () => {
    setSaving(true);
    try {
      await dataProvider.send('POST', `system-connections/${encodeURIComponent(String(record.id))}/end`);
      notify('app.manager.console.session_ended', { type: 'success' });
    } catch (error) {
      if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
    } finally {
      setSaving(false);
      setOpen(false);
      refresh();
    }
  };
  return (
    <>
      <Button
        label="app.manager.console.end_session"
        onClick={() => setOpen(true)}
        color="error"
        data-testid="end-session"
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        <LogoutIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={saving}
        title="app.manager.console.end_session_title"
        content="app.manager.console.end_session_content"
        translateOptions={{ name: who }}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

const UserName = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const { language } = useArea();
  if (!r) return null;
  const name = (language === 'ar' ? r.user_name_ar : r.user_name_en) || r.user_name;
  return (
    <bdi>
      {String(name || '—')}{' '}
      <Typography component="span" variant="caption" color="text.secondary" dir="ltr">
        {String(r.username ?? '')}
      </Typography>
    </bdi>
  );
};

/** The sessions signed in now, each with "end session". */
const ConnectionsList = ({ resource }: { resource: string }) => (
  <List
    resource={resource}
    title={useTitle(resource)}
    sort={{ field: 'started_at', order: 'DESC' }}
    perPage={25}
    exporter={false}
    filters={filters}
    empty={false}
  >
    <ResponsiveDataTable<Row>
      primaryText={() => <UserName />}
      secondaryText={() => (
        <span>
          <Salon /> · <DateTimeField source="last_seen_at" /> · <LtrField source="ip" />
        </span>
      )}
      tertiaryText={() => <EndSessionButton />}
      bulkActionButtons={false}
      rowClick={false}
      empty={<Empty text="app.manager.console.empty_connections" />}
    >
      <DataTable.Col source="user_name" disableSort field={UserName} />
      <DataTable.Col source="account_id" disableSort field={Salon} />
      <DataTable.Col source="ip" disableSort field={LtrField} />
      <DataTable.Col
        source="user_agent"
        disableSort
        render={() => <Truncated source="user_agent" width={140} lang="en" />}
      />
      <DataTable.Col source="started_at" field={DateTimeField} />
      <DataTable.Col source="last_seen_at" disableSort field={DateTimeField} />
      <DataTable.Col label="" disableSort field={EndSessionButton} />
    </ResponsiveDataTable>
  </List>
);
export const CurrentConnectionsList = () => <ConnectionsList resource={CURRENT_CONNECTIONS} />;
export const SystemConnectionsList = () => <ConnectionsList resource={SYSTEM_CONNECTIONS} />;
