import { useState } from 'react';
import { Button, Confirm, DataTable, List, TopToolbar } from 'react-admin';
import { Link } from 'react-router-dom';
import { useCanAccess, useNotify, useRecordContext, useRefresh, useTranslate } from 'ra-core';
import Chip from '@mui/material/Chip';
import MuiButton from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { failureKey, isHandled, messageParams } from '../http/errors';
import { useArea } from '../shell/area';
import { STAFF_RESOURCES, type Role } from './types';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useAppDataProvider } from '../http/useAppDataProvider';

const R = STAFF_RESOURCES.roles;

/** `employees/roles/role` (spec doc1 §2), not react-admin's `/create`. */
const NewRoleButton = () => {
  const { basename } = useArea();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: R, action: 'create' });
  if (!canAccess) return null;
  return (
    <MuiButton
      component={Link}
      to={`${basename}/${R}/role`}
      startIcon={<AddIcon />}
      size="small"
      data-testid="new-role"
    >
      {translate('ra.action.create')}
    </MuiButton>
  );
};

const EditRoleButton = () => {
  const record = useRecordContext<Role>();
  const { basename } = useArea();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: R, action: 'edit' });
  if (!record || !canAccess) return null;
  return (
    <MuiButton
      component={Link}
      to={`${basename}/${R}/role/${encodeURIComponent(record.id)}`}
      startIcon={<EditIcon />}
      size="small"
      data-testid="edit-role"
    >
      {translate('ra.action.edit')}
    </MuiButton>
  );
};

/** Delete after a confirmation; a held role is refused by the server (`staff.role_in_use`), shown as said. */
const DeleteRoleButton = () => {
  const record = useRecordContext<Role>();
  const { canAccess } = useCanAccess({ resource: R, action: 'delete' });
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || !canAccess) return null;
  const remove = async () => {
    setBusy(true);
    try {
      await dataProvider.send('DELETE', `roles/${encodeURIComponent(record.id)}`);
      notify('app.staff.roles.deleted', { type: 'success' });
      refresh();
    } catch (error) {
      if (!isHandled(error))
        notify(failureKey(error), {
          type: 'error',
          messageArgs: messageParams(error),
        });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button
        label="app.staff.roles.delete"
        color="error"
        onClick={() => setOpen(true)}
        data-testid="delete-role"
      >
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="app.staff.roles.delete_title"
        content="app.staff.roles.delete_content"
        translateOptions={{ name: record.name }}
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

const Holders = (_: { source?: string; label?: string }) => {
  const record = useRecordContext<Role>();
  const translate = useTranslate();
  if (!record) return null;
  return <>{translate('app.staff.roles.holders', { smart_count: record.holders })}</>;
};

const Kind = (_: { source?: string; label?: string }) => {
  const record = useRecordContext<Role>();
  const translate = useTranslate();
  if (!record?.is_admin) return null;
  return <Chip size="small" color="primary" label={translate('resources.employees/roles.fields.is_admin')} />;
};

export const RoleList = () => {
  const translate = useTranslate();
  return (
    <List
      title={translate('app.staff.roles.title')}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      actions={
        <TopToolbar>
          <NewRoleButton />
        </TopToolbar>
      }
      empty={
        <Typography sx={{ p: 3 }} color="text.secondary">
          {translate('app.staff.roles.empty')}
        </Typography>
      }
    >
      <ResponsiveDataTable<Role>
        primaryText={(r) => (
          <strong data-testid="role-name">{translate(`app.roles.${r.name}`, { _: r.name })}</strong>
        )}
        secondaryText={() => <Holders />}
        tertiaryText={() => (
          <>
            <EditRoleButton />
            <DeleteRoleButton />
          </>
        )}
        bulkActionButtons={false}
        rowClick={false}
      >
        <DataTable.Col
          source="name"
          render={(r: Role) => (
            <strong data-testid="role-name">{translate(`app.roles.${r.name}`, { _: r.name })}</strong>
          )}
        />
        <DataTable.Col source="is_admin" disableSort field={Kind} />
        <DataTable.Col source="holders" disableSort field={Holders} />
        <DataTable.Col
          label={false}
          render={() => (
            <>
              <EditRoleButton />
              <DeleteRoleButton />
            </>
          )}
        />
      </ResponsiveDataTable>
    </List>
  );
};
