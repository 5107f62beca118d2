import { useCallback, useEffect, useMemo, useState } from 'react';
import { Confirm, PasswordInput, SelectInput, TextInput } from 'react-admin';
import {
  Form,
  useCanAccess,
  useGetList,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'ra-core';
import { employeeLoginInput, employeeRoleInput } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import { useFormat } from '../format/useFormat';
import { shownIp } from '../auth/deviceOf';
import { schemaValidator } from '../forms/schemaValidator';
import { failureKey, isHandled, isHttpError, messageParams } from '../http/errors';
import { STAFF_RESOURCES, type Employee, type Role } from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';

const R = STAFF_RESOURCES.employees;

const useRoleChoices = () => {
  const translate = useTranslate();
  const { data = [] } = useGetList<Role>(STAFF_RESOURCES.roles, {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  // the product's standard roles are named in the page's language; a salon's own roles as written
  return data.map((r) => ({ id: r.id, name: translate(`app.roles.${r.name}`, { _: r.name }) }));
};

/** A command whose field errors go back to the form; anything else is a notification. */
const useSubmit = (path: (employee: Employee) => string, method: string, success: string) => {
  const record = useRecordContext<Employee>();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  return async (values: Record<string, unknown>) => {
    if (!record) return;
    try {
      await dataProvider.command(R, method, path(record), values);
      notify(success, { type: 'success' });
      refresh();
    } catch (error) {
      if (isHttpError(error) && error.body?.errors) return error.body.errors;
      if (!isHandled(error))
        notify(failureKey(error), {
          type: 'error',
          messageArgs: messageParams(error),
        });
    }
    return undefined;
  };
};

const GiveLogin = () => {
  const translate = useTranslate();
  const roles = useRoleChoices();
  const validate = useMemo(() => schemaValidator(employeeLoginInput, R, translate), [translate]);
  const submit = useSubmit(
    (e) => `employees/${encodeURIComponent(e.id)}/login`,
    'POST',
    // her e-mail counts for signing in by e-mail once she follows the link mailed to it
    'app.staff.login.given_verify',
  );
  return (
    <Form onSubmit={submit} validate={validate} noValidate record={{}}>
      <Typography sx={{ mb: 2 }} color="text.secondary">
        {translate('app.staff.login.none')}
      </Typography>
      <Grid container columnSpacing={2} sx={{ maxWidth: 820 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextInput
            source="username"
            resource={R}
            fullWidth
            isRequired
            slotProps={{ htmlInput: { dir: 'ltr', autoComplete: 'off' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextInput
            source="email"
            resource={R}
            fullWidth
            isRequired
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PasswordInput
            source="password"
            resource={R}
            fullWidth
            isRequired
            slotProps={{ htmlInput: { dir: 'ltr', autoComplete: 'new-password' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SelectInput
            source="role_id"
            resource={R}
            choices={roles}
            translateChoice={false}
            fullWidth
            isRequired
          />
        </Grid>
      </Grid>
      <Button type="submit" variant="contained" startIcon={<KeyIcon />} data-testid="give-login">
        {translate('app.staff.login.give')}
      </Button>
    </Form>
  );
};

/** `DELETE employees/<id>/login`: her session ends, she cannot sign in, her username is free. */
const RemoveLogin = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const remove = useSubmit(
    (e) => `employees/${encodeURIComponent(e.id)}/login`,
    'DELETE',
    'app.staff.login.removed',
  );
  return (
    <>
      <Button color="error" onClick={() => setOpen(true)} sx={{ mt: 2 }} data-testid="remove-login">
        {translate('app.staff.login.remove')}
      </Button>
      <Confirm
        isOpen={open}
        title="app.staff.login.remove_title"
        content="app.staff.login.remove_confirm"
        onConfirm={async () => {
          setOpen(false);
          await remove({});
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

type SignInPause = { id: string; ip: string; blocked_at: string; blocked_until: string };

/**
 * Her sign-in paused after too many wrong passwords from one address (`GET employees/<id>/sign-in-pauses`):
 * who may give logins lifts it here (`DELETE`), rather than wait or ask the platform.
 */
const SignInPauses = () => {
  const translate = useTranslate();
  const record = useRecordContext<Employee>();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const { dateTime } = useFormat();
  const [pauses, setPauses] = useState<SignInPause[]>([]);
  const [busy, setBusy] = useState(false);
  const path = record ? `employees/${encodeURIComponent(record.id)}/sign-in-pauses` : undefined;
  const load = useCallback(async () => {
    if (!path) return;
    setPauses(await dataProvider.send<SignInPause[]>('GET', path).catch(() => []));
  }, [dataProvider, path]);
  useEffect(() => {
    void load();
  }, [load]);
  if (!path || pauses.length === 0) return null;
  const lift = async () => {
    setBusy(true);
    try {
      await dataProvider.send('DELETE', path);
      notify('app.staff.login.pause_lifted', { type: 'success' });
      await load();
    } catch (error) {
      if (!isHandled(error)) notify(failureKey(error), { type: 'error', messageArgs: messageParams(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      data-testid="sign-in-paused"
      action={
        <Button
          color="inherit"
          size="small"
          startIcon={<LockOpenIcon />}
          disabled={busy}
          onClick={() => void lift()}
          data-testid="lift-sign-in-pause"
        >
          {translate('app.staff.login.lift_pause')}
        </Button>
      }
    >
      {pauses.map((p) => (
        <Box key={p.id}>
          {translate('app.staff.login.paused', {
            ip: `\u2066${shownIp(p.ip)}\u2069`,
            until: dateTime(p.blocked_until),
          })}
        </Box>
      ))}
    </Alert>
  );
};

const ChangeRole = () => {
  const translate = useTranslate();
  const record = useRecordContext<Employee>();
  const roles = useRoleChoices();
  const validate = useMemo(() => schemaValidator(employeeRoleInput, R, translate), [translate]);
  const submit = useSubmit(
    (e) => `employees/${encodeURIComponent(e.id)}/role`,
    'PUT',
    'app.staff.login.role_changed',
  );
  if (!record) return null;
  return (
    <>
      {/* outside the form: the form's record is its own values, not the employee */}
      <SignInPauses />
      <Form onSubmit={submit} validate={validate} noValidate record={{ role_id: record.role_id }}>
        <Typography sx={{ mb: 2 }} data-testid="login-current">
          {translate('app.staff.login.current', {
            username: record.username ?? '',
            role: record.role ? translate(`app.roles.${record.role}`, { _: record.role }) : '',
          })}
        </Typography>
        {record.is_owner && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('app.staff.employees.owner_locked')}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <SelectInput
            source="role_id"
            resource={R}
            choices={roles}
            translateChoice={false}
            sx={{ minWidth: 260, maxWidth: 420 }}
          />
          <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid="change-role">
            {translate('app.staff.login.change_role')}
          </Button>
        </Box>
        {!record.is_owner && <RemoveLogin />}
      </Form>
    </>
  );
};

/** Login access (docs/api.md `POST employees/<id>/login`, `PUT employees/<id>/role`); permission 42. */
export const LoginPanel = () => {
  const translate = useTranslate();
  const record = useRecordContext<Employee>();
  const { canAccess, isPending } = useCanAccess({ resource: R, action: 'login' });
  if (!record || isPending) return null;
  if (!canAccess) return <Alert severity="info">{translate('app.staff.login.not_allowed')}</Alert>;
  return record.login_access ? <ChangeRole /> : <GiveLogin />;
};
