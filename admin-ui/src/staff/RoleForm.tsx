import { useMemo } from 'react';
import {
  BooleanInput,
  Create,
  Edit,
  ListButton,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { useInput, useNotify, useRecordContext, useRedirect, useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { ALL_PERMISSIONS, permissionLabelKey, roleInput, type Permission } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import RemoveDoneIcon from '@mui/icons-material/RemoveDone';
import { schemaValidator } from '../forms/schemaValidator';
import {
  PERMISSION_PAGES,
  STAFF_RESOURCES,
  levelOf,
  rolePayload,
  withLevel,
  withPermission,
  type AccessLevel,
  type Role,
} from './types';

const R = STAFF_RESOURCES.roles;
const LEVELS: AccessLevel[] = ['none', 'profile', 'view', 'full'];

/**
 * The permission matrix of spec doc2 §6, one block per page of the catalogue: the access level
 * (no access, view, full access) and, under it, each right of the page to grant one by one.
 */
const PermissionMatrix = () => {
  const translate = useTranslate();
  const isAdmin = useWatch({ name: 'is_admin' }) === true;
  const { field } = useInput({ source: 'permissions', defaultValue: [] });
  const granted = (Array.isArray(field.value) ? field.value : []) as number[];
  const set = (next: number[]) => field.onChange(next);
  if (isAdmin)
    return (
      <Alert severity="info" sx={{ width: '100%' }} data-testid="admin-everything">
        {translate('app.staff.roles.admin_everything')}
      </Alert>
    );
  return (
    <Box sx={{ width: '100%' }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        <Button
          size="small"
          startIcon={<DoneAllIcon />}
          onClick={() => set([...ALL_PERMISSIONS])}
          data-testid="select-all"
        >
          {translate('app.staff.roles.select_all')}
        </Button>
        <Button size="small" startIcon={<RemoveDoneIcon />} onClick={() => set([])}>
          {translate('app.staff.roles.clear_all')}
        </Button>
      </Stack>
      <Stack spacing={1.5}>
        {PERMISSION_PAGES.filter((p) => p.permissions.length > 0).map(
          ({ page, key, permissions, hasView, profile }) => {
            const level = levelOf(granted, permissions, hasView, profile);
            return (
              <Paper key={page} variant="outlined" sx={{ p: 1.5 }} data-testid={`permissions-page-${key}`}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
                  <Typography sx={{ fontWeight: 600, minWidth: 180 }}>
                    {translate(`app.staff.roles.pages.${key}`)}
                  </Typography>
                  <RadioGroup
                    row
                    value={level === 'custom' ? '' : level}
                    onChange={(event) =>
                      set(withLevel(granted, permissions, event.target.value as AccessLevel, profile))
                    }
                  >
                    {LEVELS.filter(
                      (l) =>
                        (l !== 'view' || (hasView && permissions.length > 1)) &&
                        (l !== 'profile' || profile !== undefined),
                    ).map((l) => (
                      <FormControlLabel
                        key={l}
                        value={l}
                        control={<Radio size="small" />}
                        label={translate(`app.staff.roles.level.${l}`)}
                        data-testid={`level-${key}-${l}`}
                      />
                    ))}
                  </RadioGroup>
                  {level === 'custom' && (
                    <Typography variant="caption" color="primary">
                      {translate('app.staff.roles.level.custom')}
                    </Typography>
                  )}
                </Box>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, paddingInlineStart: 1 }}>
                  {permissions.map((p: Permission) => (
                    <FormControlLabel
                      key={p}
                      control={
                        <Checkbox
                          size="small"
                          checked={granted.includes(p)}
                          onChange={(event) =>
                            set(withPermission(granted, permissions, p, event.target.checked, hasView))
                          }
                          slotProps={{ input: { 'aria-label': translate(permissionLabelKey(p)) } }}
                          data-testid={`permission-${p}`}
                        />
                      }
                      label={translate(permissionLabelKey(p))}
                    />
                  ))}
                </Box>
              </Paper>
            );
          },
        )}
      </Stack>
    </Box>
  );
};

const useRoleValidate = () => {
  const translate = useTranslate();
  return useMemo(() => {
    const schema = schemaValidator(roleInput, R, translate);
    return (values: Record<string, unknown>) => schema(rolePayload(values));
  }, [translate]);
};

const RoleFields = () => {
  const validate = useRoleValidate();
  const translate = useTranslate();
  return (
    <SimpleForm
      validate={validate}
      noValidate
      sx={{ maxWidth: 980 }}
      defaultValues={{ is_admin: false, permissions: [] }}
      // deleting is the list's (after a confirmation, refused while employees hold the role)
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <TextInput source="name" isRequired sx={{ minWidth: 320 }} />
      <BooleanInput source="is_admin" helperText={translate('app.staff.roles.admin_hint')} />
      <Typography variant="subtitle1" component="h2" color="primary" sx={{ fontWeight: 600 }}>
        {translate('resources.employees/roles.fields.permissions')}
      </Typography>
      <PermissionMatrix />
    </SimpleForm>
  );
};

const EditTitle = () => {
  const record = useRecordContext<Role>();
  const translate = useTranslate();
  return <>{record ? translate('app.staff.roles.edit_title', { name: record.name }) : ''}</>;
};

const Actions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

/** `employees/roles/role`: a new role. */
export const RoleCreate = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      resource={R}
      title={translate('app.staff.roles.create_title')}
      transform={rolePayload}
      actions={<Actions />}
      mutationOptions={{
        onSuccess: () => {
          notify('app.staff.roles.created', { type: 'success' });
          redirect('list', R);
        },
      }}
    >
      <RoleFields />
    </Create>
  );
};

/** `employees/roles/role/{id}`: a role's name and rights; its holders get them on their next request. */
export const RoleEdit = () => {
  const { id } = useParams();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      resource={R}
      id={id}
      title={<EditTitle />}
      mutationMode="pessimistic"
      transform={rolePayload}
      actions={<Actions />}
      mutationOptions={{
        onSuccess: () => {
          notify('app.staff.roles.updated', { type: 'success' });
          redirect('list', R);
        },
      }}
    >
      <RoleFields />
    </Edit>
  );
};
