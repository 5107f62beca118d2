import { useState } from 'react';
import {
  BooleanInput,
  Create,
  CreateButton,
  DataTable,
  Edit,
  List,
  SimpleForm,
  TextInput,
  TopToolbar,
  required,
} from 'react-admin';
import { useNotify, useRecordContext, useRedirect, useTranslate, type RaRecord } from 'ra-core';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import { isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useArea } from '../shell/area';
import { inArabic } from '../forms/directions';

export const PLATFORM_UPDATES = 'platform-setting/platform-updates';

type PlatformUpdate = RaRecord & {
  english_title: string;
  arabic_title: string;
  english_description: string;
  arabic_description: string;
  shown_as_popup: boolean;
  published_at: string;
  status: 'published' | 'withdrawn';
};

const useTitle = () => {
  const { language } = useArea();
  return (u: PlatformUpdate) => (language === 'ar' ? u.arabic_title : u.english_title);
};

const StatusChip = ({ u }: { u: PlatformUpdate }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={u.status === 'published' ? 'success' : 'default'}
      label={translate(`app.manager.updates.status.${u.status}`)}
      data-testid={`update-status-${u.status}`}
    />
  );
};

/**
 * `platform-setting/platform-updates` (doc1 §2): what the platform tells every salon, newest first —
 * in their notification menu, and once as a popup after sign-in when it says so.
 */
export const PlatformUpdateList = () => {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const title = useTitle();
  return (
    <List
      resource={PLATFORM_UPDATES}
      title={translate(`resources.${PLATFORM_UPDATES}.name`, { smart_count: 2 })}
      sort={{ field: 'published_at', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <ResponsiveDataTable<PlatformUpdate>
        primaryText={(u) => <bdi>{title(u)}</bdi>}
        secondaryText={(u) => (
          <span>
            <bdi>{dateTime(u.published_at)}</bdi>
            {u.shown_as_popup && <> · {translate('app.manager.updates.popup')}</>}
          </span>
        )}
        tertiaryText={(u) => <StatusChip u={u} />}
        bulkActionButtons={false}
        rowClick="edit"
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="updates-empty">
            {translate('app.manager.updates.empty')}
          </Typography>
        }
      >
        <DataTable.Col
          source="published_at"
          render={(u: PlatformUpdate) => <bdi>{dateTime(u.published_at)}</bdi>}
        />
        <DataTable.Col
          source="english_title"
          disableSort
          render={(u: PlatformUpdate) => <bdi>{title(u)}</bdi>}
        />
        <DataTable.Col
          source="shown_as_popup"
          disableSort
          render={(u: PlatformUpdate) => translate(u.shown_as_popup ? 'ra.boolean.true' : 'ra.boolean.false')}
        />
        <DataTable.Col source="status" render={(u: PlatformUpdate) => <StatusChip u={u} />} />
      </ResponsiveDataTable>
    </List>
  );
};

const UpdateForm = ({ toolbar }: { toolbar?: false }) => (
  <SimpleForm sx={{ maxWidth: 640 }} {...(toolbar === false && { toolbar: false })}>
    <TextInput source="english_title" validate={required()} fullWidth />
    <TextInput source="arabic_title" validate={required()} fullWidth slotProps={inArabic} />
    <TextInput source="english_description" validate={required()} multiline minRows={3} fullWidth />
    <TextInput
      source="arabic_description"
      validate={required()}
      multiline
      minRows={3}
      fullWidth
      slotProps={inArabic}
    />
    <BooleanInput source="shown_as_popup" helperText="app.manager.updates.popup_hint" />
  </SimpleForm>
);

export const PlatformUpdateCreate = () => (
  <Create resource={PLATFORM_UPDATES} redirect="list">
    <UpdateForm />
  </Create>
);

/** Withdraw: no salon is shown it any longer (it stays listed, withdrawn). */
const WithdrawButton = () => {
  const u = useRecordContext<PlatformUpdate>();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useAppDataProvider();
  const [open, setOpen] = useState(false);
  if (!u || u.status !== 'published') return null;
  const withdraw = async () => {
    setOpen(false);
    try {
      await dataProvider.send('POST', `platform-updates/${u.id}/withdraw`);
      notify('app.manager.updates.withdrawn', { type: 'success' });
      redirect('list', PLATFORM_UPDATES);
    } catch (e) {
      if (!isHandled(e)) notify('app.errors.unknown', { type: 'error' });
    }
  };
  return (
    <>
      <Button color="error" onClick={() => setOpen(true)} data-testid="update-withdraw">
        {translate('app.manager.updates.withdraw')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{translate('app.manager.updates.withdraw')}</DialogTitle>
        <DialogContent>{translate('app.manager.updates.withdraw_confirm')}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => void withdraw()}
            data-testid="update-withdraw-confirm"
          >
            {translate('app.manager.updates.withdraw')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

export const PlatformUpdateEdit = () => (
  <Edit
    resource={PLATFORM_UPDATES}
    mutationMode="pessimistic"
    redirect="list"
    actions={
      <TopToolbar>
        <WithdrawButton />
      </TopToolbar>
    }
  >
    <UpdateForm />
  </Edit>
);
