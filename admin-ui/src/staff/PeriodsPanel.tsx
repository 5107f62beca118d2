import { TimeOfDayInput } from '../forms/TimeOfDayInput';
import { useEffect, useMemo, useState } from 'react';
import { Confirm, SelectInput, TextInput } from 'react-admin';
import { Form, useCanAccess, useGetList, useNotify, useRecordContext, useTranslate } from 'ra-core';
import { useFormContext, useWatch } from 'react-hook-form';
import { employeePeriodInput } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { AppDateInput } from '../forms/AppDateInput';
import { schemaValidator } from '../forms/schemaValidator';
import { useFormat } from '../format/useFormat';
import { failureKey, isHandled, isHttpError, messageParams } from '../http/errors';
import { STAFF_RESOURCES, type Employee, type EmployeePeriod } from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';

const R = STAFF_RESOURCES.periods;
const kindChoices = [
  { id: 'custom_hours', name: 'app.staff.periods.kind.custom_hours' },
  { id: 'block', name: 'app.staff.periods.kind.block' },
];

const empty = (v: unknown) => v === undefined || v === null || v === '';
const periodPayload = (values: Record<string, unknown>) =>
  Object.fromEntries(
    ['kind', 'reason', 'from_date', 'to_date', 'from', 'to'].map((k) => [
      k,
      empty(values[k]) ? null : values[k],
    ]),
  );

/** Clears a form that was saved (its values stay otherwise, ready for the next period). */
const ResetOnSaved = ({ saved }: { saved: number }) => {
  const { reset } = useFormContext();
  useEffect(() => {
    if (saved) reset({ kind: 'custom_hours' });
  }, [saved, reset]);
  return null;
};

const TimeInputs = () => {
  const kind = useWatch({ name: 'kind' }) as string | undefined;
  return (
    <>
      <Grid size={{ xs: 6, md: 3 }}>
        <TimeOfDayInput source="from" resource={R} fullWidth />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <TimeOfDayInput
          source="to"
          resource={R}
          fullWidth
          helperText={kind === 'block' ? 'app.staff.periods.all_day' : undefined}
        />
      </Grid>
    </>
  );
};

const AddPeriod = ({ employee, onAdded }: { employee: Employee; onAdded: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const [saved, setSaved] = useState(0);
  const validate = useMemo(() => schemaValidator(employeePeriodInput, R, translate), [translate]);
  const submit = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.command(
        R,
        'POST',
        `employees/${encodeURIComponent(employee.id)}/periods`,
        periodPayload(values),
      );
      notify('app.staff.periods.added', { type: 'success' });
      setSaved((n) => n + 1);
      onAdded();
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
  return (
    <Form
      onSubmit={submit}
      validate={(values) => validate(periodPayload(values))}
      noValidate
      record={{ kind: 'custom_hours' }}
    >
      <ResetOnSaved saved={saved} />
      <Grid container columnSpacing={2} sx={{ maxWidth: 980 }} data-testid="period-form">
        <Grid size={{ xs: 12, md: 6 }}>
          <SelectInput source="kind" resource={R} choices={kindChoices} fullWidth isRequired />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextInput source="reason" resource={R} fullWidth />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <AppDateInput source="from_date" resource={R} fullWidth isRequired />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <AppDateInput source="to_date" resource={R} fullWidth isRequired />
        </Grid>
        <TimeInputs />
      </Grid>
      <Button type="submit" variant="outlined" startIcon={<AddIcon />} data-testid="add-period">
        {translate('app.staff.periods.add')}
      </Button>
    </Form>
  );
};

/** Custom working hours and blocked periods of one employee: at most 30 days, never overlapping. */
export const PeriodsPanel = () => {
  const translate = useTranslate();
  const record = useRecordContext<Employee>();
  const { date } = useFormat();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: STAFF_RESOURCES.employees, action: 'periods' });
  const [removing, setRemoving] = useState<EmployeePeriod | null>(null);
  const [busy, setBusy] = useState(false);
  const {
    data = [],
    refetch,
    isPending,
  } = useGetList<EmployeePeriod>(
    R,
    {
      filter: { employee_id: record?.id },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'from_date', order: 'ASC' },
    },
    { enabled: Boolean(record?.id) },
  );
  if (!record) return null;

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await dataProvider.send(
        'DELETE',
        `employees/${encodeURIComponent(record.id)}/periods/${encodeURIComponent(removing.id)}`,
      );
      notify('app.staff.periods.removed', { type: 'success' });
      await refetch();
    } catch (error) {
      if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <Box>
      <Typography variant="subtitle1" component="h2" color="primary" sx={{ fontWeight: 600 }}>
        {translate('app.staff.periods.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.staff.periods.hint')}
      </Typography>
      {canAccess && <AddPeriod employee={record} onAdded={() => void refetch()} />}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ mt: 3 }} data-testid="periods-table">
          <TableHead>
            <TableRow>
              <TableCell>{translate(`resources.${R}.fields.kind`)}</TableCell>
              <TableCell>{translate(`resources.${R}.fields.from_date`)}</TableCell>
              <TableCell>{translate(`resources.${R}.fields.to_date`)}</TableCell>
              <TableCell>{translate(`resources.${R}.fields.from`)}</TableCell>
              <TableCell>{translate(`resources.${R}.fields.to`)}</TableCell>
              <TableCell>{translate(`resources.${R}.fields.reason`)}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {!isPending && data.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography color="text.secondary" variant="body2" data-testid="periods-empty">
                    {translate('app.staff.periods.empty')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {data.map((p) => (
              <TableRow key={p.id} data-testid="period-row">
                <TableCell>{translate(`app.staff.periods.kind.${p.kind}`)}</TableCell>
                <TableCell>{date(p.from_date)}</TableCell>
                <TableCell>{date(p.to_date)}</TableCell>
                <TableCell dir="ltr">{p.from ?? translate('app.staff.periods.all_day')}</TableCell>
                <TableCell dir="ltr">{p.to ?? ''}</TableCell>
                <TableCell>{p.reason ?? ''}</TableCell>
                <TableCell sx={{ textAlign: 'end' }}>
                  {canAccess && (
                    <Tooltip title={translate('app.staff.periods.delete')}>
                      <IconButton
                        size="small"
                        color="error"
                        onClick={() => setRemoving(p)}
                        aria-label={translate('app.staff.periods.delete')}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Confirm
        isOpen={removing !== null}
        loading={busy}
        title="app.staff.periods.delete_title"
        content="app.staff.periods.delete_content"
        translateOptions={{
          from: removing ? date(removing.from_date) : '',
          to: removing ? date(removing.to_date) : '',
        }}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
};
