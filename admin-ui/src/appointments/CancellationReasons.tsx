import { useState } from 'react';
import { DataTable, List, SimpleList, TopToolbar } from 'react-admin';
import { useCanAccess, useNotify, useRefresh, useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { failureKey, isHttpError, messageParams } from '../http/errors';
import { useArea } from '../shell/area';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useNameSort } from '../shell/names';

type Reason = { id: string; name_en: string; name_ar: string };
type Editing = { id?: string; name_en: string; name_ar: string };

/**
 * The salon's cancellation reasons (`setting/cancellation-reasons`): the list the front desk picks from
 * when a visit is cancelled; added, renamed and removed with the right to change settings.
 */
export const CancellationReasonsList = () => {
  const translate = useTranslate();
  const { language } = useArea();
  const byName = useNameSort();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { canAccess: canChange } = useCanAccess({ resource: 'cancellation-reasons', action: 'edit' });
  const [editing, setEditing] = useState<Editing | null>(null);
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const name = (r: Reason) => (language === 'ar' ? r.name_ar : r.name_en);
  const save = async () => {
    if (!editing) return;
    setErrors({});
    try {
      const body = { name_en: editing.name_en, name_ar: editing.name_ar };
      if (editing.id) await dataProvider.send('PUT', `cancellation-reasons/${editing.id}`, body);
      else await dataProvider.send('POST', 'cancellation-reasons', body);
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
      setEditing(null);
      refresh();
    } catch (error) {
      const found = isHttpError(error)
        ? (error.body as { errors?: Record<string, string> })?.errors
        : undefined;
      if (found) setErrors(found);
      else
        notify(failureKey(error), {
          type: 'error',
          messageArgs: messageParams(error),
        });
    }
  };
  const remove = async (r: Reason) => {
    try {
      await dataProvider.send('DELETE', `cancellation-reasons/${r.id}`);
      notify('ra.notification.deleted', { type: 'success', messageArgs: { smart_count: 1 } });
      refresh();
    } catch (error) {
      notify(failureKey(error), {
        type: 'error',
        messageArgs: messageParams(error),
      });
    }
  };
  const actions = (r: Reason) =>
    canChange ? (
      <Stack direction="row">
        <IconButton aria-label={translate('ra.action.edit')} onClick={() => setEditing({ ...r })}>
          <EditIcon />
        </IconButton>
        <IconButton
          aria-label={translate('ra.action.delete')}
          onClick={() => remove(r)}
          data-testid="reason-remove"
        >
          <DeleteIcon />
        </IconButton>
      </Stack>
    ) : null;
  const field = (key: 'name_en' | 'name_ar') => (
    <TextField
      fullWidth
      margin="dense"
      label={translate(`app.appointments.reasons.${key}`)}
      value={editing?.[key] ?? ''}
      onChange={(e) => setEditing((x) => (x ? { ...x, [key]: e.target.value } : x))}
      error={Boolean(errors[key])}
      helperText={
        errors[key] ? translate(errors[key], { field: translate(`app.appointments.reasons.${key}`) }) : ' '
      }
      slotProps={{ htmlInput: { dir: key === 'name_ar' ? 'rtl' : 'ltr', 'data-testid': `reason-${key}` } }}
    />
  );
  return (
    <>
      <List
        resource="cancellation-reasons"
        title={translate('app.appointments.reasons.title')}
        sort={byName}
        perPage={100}
        pagination={false}
        actions={
          <TopToolbar>
            {canChange && (
              <Button
                startIcon={<AddIcon />}
                variant="contained"
                size="small"
                onClick={() => setEditing({ name_en: '', name_ar: '' })}
                data-testid="reason-add"
              >
                {translate('app.appointments.reasons.add')}
              </Button>
            )}
          </TopToolbar>
        }
        empty={false}
      >
        {small ? (
          <SimpleList<Reason> primaryText={name} rowClick={false} rightIcon={actions} />
        ) : (
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="name_en" />
            <DataTable.Col source="name_ar" />
            <DataTable.Col label={false} disableSort render={(r: Reason) => actions(r)} />
          </DataTable>
        )}
      </List>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, px: 1 }}>
        {translate('app.appointments.reasons.hint')}
      </Typography>
      {editing && (
        <Dialog open onClose={() => setEditing(null)} fullWidth maxWidth="xs">
          <DialogTitle>
            {translate(editing.id ? 'app.appointments.reasons.edit' : 'app.appointments.reasons.add')}
          </DialogTitle>
          <DialogContent>
            {field('name_en')}
            {field('name_ar')}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setEditing(null)}>{translate('ra.action.cancel')}</Button>
            <Button variant="contained" onClick={save} data-testid="reason-save">
              {translate('ra.action.save')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
};
