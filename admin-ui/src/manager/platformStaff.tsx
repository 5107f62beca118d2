import { useState } from 'react';
import {
  CheckboxGroupInput,
  Create,
  CreateButton,
  DataTable,
  Edit,
  List,
  RadioButtonGroupInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  required,
} from 'react-admin';
import {
  useLocale,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { MANAGER_AREAS } from '@rawnaq/contracts';
import { failureKey, isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';

export const PLATFORM_STAFF = 'platform-setting/employees';

type Staff = RaRecord & { name: string; email: string; areas: string[] | null; status: number };

const Areas = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Staff>();
  const translate = useTranslate();
  if (!r) return null;
  if (!r.areas) return <Chip size="small" color="primary" label={translate('app.manager.staff.all_areas')} />;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {r.areas.map((a) => (
        <Chip key={a} size="small" variant="outlined" label={translate(`app.manager.staff.areas.${a}`)} />
      ))}
    </Box>
  );
};

const Status = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Staff>();
  const translate = useTranslate();
  if (!r) return null;
  return (
    <Chip
      size="small"
      color={r.status === 1 ? 'success' : 'default'}
      label={translate(`app.manager.staff.status_${r.status === 1 ? 1 : 0}`)}
    />
  );
};

/** `platform-setting/employees`: the platform's staff and the console areas each one's role opens. */
export const PlatformStaffList = () => {
  const translate = useTranslate();
  return (
    <List
      resource={PLATFORM_STAFF}
      title={translate(`resources.${PLATFORM_STAFF}.name`, { smart_count: 2 })}
      sort={{ field: 'created_at', order: 'ASC' }}
      exporter={false}
      empty={false}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <ResponsiveDataTable<Staff>
        primaryText={(r) => <bdi>{r.name}</bdi>}
        secondaryText={(r) => <bdi dir="ltr">{r.email}</bdi>}
        tertiaryText={() => <Status />}
        bulkActionButtons={false}
        rowClick="edit"
      >
        <DataTable.Col source="name" />
        <DataTable.Col source="email" disableSort render={(r: Staff) => <bdi dir="ltr">{r.email}</bdi>} />
        <DataTable.Col source="areas" disableSort field={Areas} />
        <DataTable.Col source="status" field={Status} />
      </ResponsiveDataTable>
    </List>
  );
};

const AreasInput = () => {
  const translate = useTranslate();
  return (
    <CheckboxGroupInput
      source="areas"
      row={false}
      helperText="app.manager.staff.areas_hint"
      choices={MANAGER_AREAS.map((a) => ({ id: a, name: translate(`app.manager.staff.areas.${a}`) }))}
    />
  );
};

/**
 * A new member chooses her own password from a mailed link (no one types it for her, so no one else
 * knows it), in the language chosen here: the console's by default.
 */
export const PlatformStaffCreate = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      resource={PLATFORM_STAFF}
      mutationOptions={{
        onSuccess: () => {
          notify('app.manager.staff.invited', { type: 'success' });
          redirect('list', PLATFORM_STAFF);
        },
      }}
    >
      <SimpleForm sx={{ maxWidth: 640 }} defaultValues={{ areas: [], locale: locale === 'en' ? 'en' : 'ar' }}>
        <TextInput source="name" validate={required()} fullWidth />
        <TextInput source="email" validate={required()} fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
        <RadioButtonGroupInput
          source="locale"
          row
          helperText="app.manager.staff.locale_hint"
          choices={(['ar', 'en'] as const).map((l) => ({
            id: l,
            name: translate(`app.manager.staff.locales.${l}`),
          }))}
        />
        <AreasInput />
      </SimpleForm>
    </Create>
  );
};

/** Never deleted: disabled, she can no longer sign in (her changes stay in the audit log). */
const StatusButton = () => {
  const r = useRecordContext<Staff>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const [busy, setBusy] = useState(false);
  if (!r) return null;
  const on = r.status === 1;
  const act = async () => {
    setBusy(true);
    try {
      await dataProvider.send('POST', `platform-staff/${r.id}/${on ? 'disable' : 'enable'}`);
      notify(`app.manager.staff.${on ? 'disabled' : 'enabled'}`, { type: 'success' });
      refresh();
    } catch (e) {
      if (!isHandled(e)) notify(failureKey(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      color={on ? 'error' : 'primary'}
      disabled={busy}
      onClick={() => void act()}
      data-testid="staff-status"
    >
      {translate(`app.manager.staff.${on ? 'disable' : 'enable'}`)}
    </Button>
  );
};

export const PlatformStaffEdit = () => (
  <Edit
    resource={PLATFORM_STAFF}
    mutationMode="pessimistic"
    redirect="list"
    transform={(d: Record<string, unknown>) => ({ name: d.name, areas: d.areas ?? [] })}
    actions={
      <TopToolbar>
        <StatusButton />
      </TopToolbar>
    }
  >
    <SimpleForm
      sx={{ maxWidth: 640 }}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="email" disabled fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <AreasInput />
    </SimpleForm>
  </Edit>
);
