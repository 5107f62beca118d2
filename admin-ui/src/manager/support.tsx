import { useState } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { createSession } from '../auth/session';
import { failureKey, isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useArea } from '../shell/area';

type Tool = 'sign-in' | 'reset' | 'owner';

/**
 * The support tools on one salon: sign in as its owner (a support session of its own, which the owner
 * sees in her audit log and may forbid), mail her a password link, or hand the owner account to a new
 * owner when the salon changes hands. Each asks for what the audit log will keep.
 */
export const SupportMenu = ({ accountId, resource }: { accountId: number; resource: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const { language } = useArea();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [tool, setTool] = useState<Tool | null>(null);
  const [values, setValues] = useState({ reason: '', name: '', email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.manager.support.${key}`, options);

  const open = (next: Tool) => {
    setAnchor(null);
    setErrors({});
    setValues({ reason: '', name: '', email: '' });
    if (next === 'reset') void run('reset');
    else setTool(next);
  };

  const run = async (which: Tool) => {
    setBusy(true);
    try {
      if (which === 'sign-in') {
        const reply = await dataProvider.command<{ api_token: string; user: unknown }>(
          resource,
          'POST',
          `accounts/${accountId}/support-session`,
          { reason: values.reason },
        );
        // the back office of this salon, in a new tab, signed in with the support session
        createSession('merchant', window.localStorage).signIn(reply.api_token, reply.user);
        window.open(`/${language}/merchant`, '_blank', 'noopener');
        notify('app.manager.support.signed_in', { type: 'success' });
      } else if (which === 'reset') {
        await dataProvider.command(resource, 'POST', `accounts/${accountId}/owner-password-reset`, {});
        notify('support.reset_link_sent', { type: 'success' });
      } else {
        await dataProvider.command(resource, 'PUT', `accounts/${accountId}/owner`, values);
        notify('app.manager.support.owner_changed', { type: 'success' });
      }
      setTool(null);
    } catch (error) {
      const body = (error as { body?: { errors?: Record<string, string> } }).body;
      if (body?.errors) setErrors(body.errors);
      else if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'reason' | 'name' | 'email', multiline = false) => (
    <TextField
      fullWidth
      margin="dense"
      required
      multiline={multiline}
      label={t(`fields.${name}`)}
      value={values[name]}
      error={!!errors[name]}
      helperText={errors[name] ? translate(errors[name], { field: t(`fields.${name}`) }) : undefined}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      slotProps={{
        htmlInput: { maxLength: name === 'reason' ? 500 : 100, 'data-testid': `support-${name}` },
      }}
    />
  );

  return (
    <>
      <Button
        size="small"
        startIcon={<SupportAgentIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid={`support-${accountId}`}
      >
        {t('menu')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => open('sign-in')} data-testid="support-sign-in">
          {t('sign_in_as_owner')}
        </MenuItem>
        <MenuItem onClick={() => open('reset')} disabled={busy} data-testid="support-reset">
          {t('reset_owner_password')}
        </MenuItem>
        <MenuItem onClick={() => open('owner')} data-testid="support-owner">
          {t('change_owner')}
        </MenuItem>
      </Menu>
      <Dialog
        open={tool !== null}
        onClose={() => setTool(null)}
        fullWidth
        onClick={(e) => e.stopPropagation()}
      >
        <DialogTitle>{tool === 'owner' ? t('change_owner') : t('sign_in_as_owner')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary">
            {tool === 'owner' ? t('change_owner_help') : t('sign_in_help')}
          </Typography>
          {tool === 'owner' && field('name')}
          {tool === 'owner' && field('email')}
          {field('reason', true)}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setTool(null)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            disabled={busy || !values.reason.trim()}
            onClick={() => tool && void run(tool)}
            data-testid="support-confirm"
          >
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
