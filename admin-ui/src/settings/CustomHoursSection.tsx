import { TimeOfDayInput } from '../forms/TimeOfDayInput';
import { useMemo, useState } from 'react';
import { BooleanInput, Confirm, SaveButton, SimpleForm, TextInput } from 'react-admin';
import { useCanAccess, useDataProvider, useGetList, useNotify, useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { closesNextDay, customBusinessHoursInput } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EventIcon from '@mui/icons-material/Event';
import { AppDateInput } from '../forms/AppDateInput';
import { FormCell, FormSection } from '../forms/FormSection';
import { schemaValidator } from '../forms/schemaValidator';
import { useClosesNextDay } from '../forms/useClosesNextDay';
import { useFormat } from '../format/useFormat';
import { CUSTOM_HOURS, SETTINGS, customHoursPayload } from './payloads';
import { Loading, SectionCard, useServerErrors } from './SettingsSection';
import { InlineToolbar } from '../layout/phone';

type Period = {
  id: string;
  name?: string;
  from_date: string;
  to_date: string;
  is_open: boolean;
  from?: string;
  to?: string;
};

const Times = () => {
  const open = useWatch({ name: 'is_open' }) !== false;
  const nextDay = useClosesNextDay('from', 'to');
  const time = { disabled: !open, fullWidth: true };
  return (
    <>
      <FormCell>
        <TimeOfDayInput source="from" {...time} />
      </FormCell>
      <FormCell>
        <TimeOfDayInput
          source="to"
          {...time}
          helperText={open && nextDay ? 'app.settings.hours.next_day' : undefined}
        />
      </FormCell>
    </>
  );
};

/** Hours for a period (Ramadan, Eid...): at most 30 days, never overlapping another one (doc2 §5.5). */
export const CustomHoursSection = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { date } = useFormat();
  const dataProvider = useDataProvider();
  const serverErrors = useServerErrors();
  const { canAccess: canEdit } = useCanAccess({ resource: SETTINGS, action: 'edit' });
  const { data, isPending, refetch } = useGetList<Period>(CUSTOM_HOURS, {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'from_date', order: 'ASC' },
  });
  const [formKey, setFormKey] = useState(0);
  const [removing, setRemoving] = useState<Period | null>(null);
  const [busy, setBusy] = useState(false);
  const validate = useMemo(
    () => schemaValidator(customBusinessHoursInput, CUSTOM_HOURS, translate),
    [translate],
  );

  const add = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.create(CUSTOM_HOURS, { data: customHoursPayload(values) });
      notify('app.settings.custom_hours.added', { type: 'success' });
      setFormKey((k) => k + 1);
      await refetch();
      return undefined;
    } catch (error) {
      return serverErrors(error);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await dataProvider.delete(CUSTOM_HOURS, { id: removing.id, previousData: removing });
      notify('app.settings.custom_hours.removed', { type: 'success' });
      await refetch();
    } catch (error) {
      serverErrors(error);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  const periods = data ?? [];
  return (
    <SectionCard
      icon={<EventIcon color="primary" />}
      title="app.settings.custom_hours.title"
      hint="app.settings.custom_hours.hint"
      testId="custom-hours"
    >
      {isPending ? (
        <Loading />
      ) : periods.length === 0 ? (
        <Typography sx={{ px: 2, pb: 2 }} color="text.secondary" data-testid="custom-hours-empty">
          {translate('app.settings.custom_hours.empty')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="custom-hours-table">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.custom-business-hours.fields.name')}</TableCell>
                <TableCell>{translate('resources.custom-business-hours.fields.from_date')}</TableCell>
                <TableCell>{translate('resources.custom-business-hours.fields.to_date')}</TableCell>
                <TableCell>{translate('app.settings.custom_hours.hours')}</TableCell>
                {canEdit && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {periods.map((p) => (
                <TableRow key={p.id} data-testid="custom-hours-row">
                  <TableCell>
                    <bdi>{p.name || translate('app.common.none')}</bdi>
                  </TableCell>
                  <TableCell>{date(p.from_date)}</TableCell>
                  <TableCell>{date(p.to_date)}</TableCell>
                  <TableCell>
                    {p.is_open ? (
                      <>
                        <bdi dir="ltr">{`${p.from ?? ''} – ${p.to ?? ''}`}</bdi>
                        {p.from && p.to && closesNextDay(p.from, p.to) && (
                          <Typography component="span" variant="body2" color="text.secondary">
                            {` ${translate('app.settings.hours.next_day_short')}`}
                          </Typography>
                        )}
                      </>
                    ) : (
                      translate('app.settings.custom_hours.closed')
                    )}
                  </TableCell>
                  {canEdit && (
                    <TableCell align="right" padding="checkbox">
                      <IconButton
                        aria-label={translate('ra.action.delete')}
                        onClick={() => setRemoving(p)}
                        data-testid="custom-hours-delete"
                      >
                        <DeleteIcon />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {canEdit && (
        <>
          <Divider />
          <SimpleForm
            key={formKey}
            resource={CUSTOM_HOURS}
            record={{ is_open: true }}
            onSubmit={add}
            validate={validate}
            noValidate
            toolbar={
              <InlineToolbar>
                <SaveButton
                  label="app.settings.custom_hours.add"
                  icon={<AddIcon />}
                  data-testid="custom-hours-add"
                />
              </InlineToolbar>
            }
          >
            <FormSection title="app.settings.custom_hours.new" last>
              <FormCell>
                <TextInput source="name" fullWidth />
              </FormCell>
              <FormCell>
                <Box sx={{ pt: 1 }}>
                  <BooleanInput source="is_open" />
                </Box>
              </FormCell>
              <FormCell>
                <AppDateInput source="from_date" isRequired fullWidth />
              </FormCell>
              <FormCell>
                <AppDateInput source="to_date" isRequired fullWidth />
              </FormCell>
              <Times />
            </FormSection>
          </SimpleForm>
        </>
      )}
      <Confirm
        isOpen={removing !== null}
        loading={busy}
        title="app.settings.custom_hours.remove_title"
        content="app.settings.custom_hours.remove_content"
        translateOptions={{ name: removing?.name || '' }}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </SectionCard>
  );
};
