import { PhoneNumberInput } from '../forms/PhoneNumberInput';
import { useMemo, useState } from 'react';
import { SaveButton, SimpleForm, TextInput } from 'react-admin';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'ra-core';
import { failureKey, messageParams } from '../http/errors';
import { employeeInput, type GlobalInformation } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import BadgeIcon from '@mui/icons-material/Badge';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { FormCell, FormSection } from '../forms/FormSection';
import { schemaValidator } from '../forms/schemaValidator';
import { useGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';
import { NameInputs } from '../forms/NameInputs';
import { Loading, combine, useRequired, useServerErrors, type AfterSave } from '../settings/SettingsSection';
import { InlineToolbar } from '../layout/phone';
import { employeePayload } from '../staff/types';

/** The wizard's own name for `employees` (docs/api.md), so its labels are its own. */
export const WIZARD_EMPLOYEES = 'wizard/employees';

type Employee = {
  id: string;
  name_en: string;
  name_ar: string;
  job_title?: string;
  is_owner?: boolean;
  username?: string;
  status?: number;
  /** takes appointments: a column in the book, a choice in online booking */
  show_in_appointments?: boolean;
} & Record<string, unknown>;

const clean = (v: unknown) => (typeof v === 'string' ? v.trim() || null : (v ?? null));

/** Employees: who works in the salon (the owner already does); the owner adds people with the essentials. */
export const EmployeesStep = ({ onSaved, submitLabel }: AfterSave) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { language } = useArea();
  const dataProvider = useDataProvider();
  const serverErrors = useServerErrors();
  const information = useGlobalInformation<GlobalInformation>();
  const countryId = information?.global_informations.account.country_id ?? 1;
  const { data, isPending, refetch } = useGetList<Employee>(WIZARD_EMPLOYEES, {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'created_at', order: 'ASC' },
  });
  const [formKey, setFormKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const required = useRequired(WIZARD_EMPLOYEES, ['name_en', 'name_ar']);
  const validate = useMemo(
    () => combine(schemaValidator(employeeInput({ countryId }), WIZARD_EMPLOYEES, translate), required),
    [countryId, translate, required],
  );
  const employees = data ?? [];
  // a salon with nobody who takes appointments has an empty book: someone must (the owner may be one)
  const bookable = employees.some((e) => e.show_in_appointments === true && e.status !== 0);
  const [switching, setSwitching] = useState<string | null>(null);

  const takesAppointments = async (employee: Employee, on: boolean) => {
    setSwitching(employee.id);
    try {
      await dataProvider.update(WIZARD_EMPLOYEES, {
        id: employee.id,
        data: employeePayload({ ...employee, show_in_appointments: on }),
        previousData: employee,
      });
      await refetch();
    } catch (error) {
      notify(failureKey(error), { type: 'error', messageArgs: messageParams(error) });
    } finally {
      setSwitching(null);
    }
  };

  const add = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.create(WIZARD_EMPLOYEES, {
        data: {
          name_en: clean(values.name_en),
          name_ar: clean(values.name_ar),
          job_title: clean(values.job_title),
          mobile: clean(values.mobile),
        },
      });
      notify('app.wizard.employees.added', { type: 'success' });
      setFormKey((k) => k + 1);
      await refetch();
      return undefined;
    } catch (error) {
      return serverErrors(error);
    }
  };

  const next = async () => {
    setBusy(true);
    try {
      await onSaved?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card data-testid="wizard-employees">
      <CardHeader
        avatar={<BadgeIcon color="primary" />}
        title={translate('app.wizard.employees.title')}
        subheader={translate('app.wizard.employees.hint')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      {isPending ? (
        <Loading />
      ) : employees.length === 0 ? (
        <Typography sx={{ px: 2 }} color="text.secondary">
          {translate('app.wizard.employees.empty')}
        </Typography>
      ) : (
        <List dense sx={{ px: 1 }}>
          {employees.map((e) => (
            <ListItem key={e.id} divider data-testid="wizard-employee">
              <ListItemText
                primary={<bdi>{language === 'ar' ? e.name_ar : e.name_en}</bdi>}
                secondary={
                  <>
                    <bdi>{language === 'ar' ? e.name_en : e.name_ar}</bdi>
                    {e.job_title ? (
                      <>
                        {' '}
                        · <bdi>{e.job_title}</bdi>
                      </>
                    ) : null}
                  </>
                }
              />
              {e.is_owner && (
                <Chip size="small" color="primary" label={translate('app.wizard.employees.owner')} />
              )}
              <FormControlLabel
                sx={{ marginInlineStart: 1, marginInlineEnd: 0 }}
                control={
                  <Switch
                    checked={e.show_in_appointments === true}
                    disabled={switching !== null}
                    onChange={(event) => void takesAppointments(e, event.target.checked)}
                    slotProps={{ input: { 'data-testid': 'wizard-takes-appointments' } as object }}
                  />
                }
                label={translate('app.wizard.employees.takes_appointments')}
                labelPlacement="start"
              />
            </ListItem>
          ))}
        </List>
      )}
      <Divider />
      <SimpleForm
        key={formKey}
        resource={WIZARD_EMPLOYEES}
        onSubmit={add}
        validate={validate}
        noValidate
        toolbar={
          <InlineToolbar>
            <SaveButton
              label="app.wizard.employees.add"
              icon={<PersonAddIcon />}
              variant="outlined"
              data-testid="wizard-add-employee"
            />
          </InlineToolbar>
        }
      >
        <FormSection title="app.wizard.employees.new" last>
          <NameInputs />
          <FormCell>
            <TextInput source="job_title" fullWidth />
          </FormCell>
          <FormCell>
            <PhoneNumberInput source="mobile" fullWidth />
          </FormCell>
        </FormSection>
      </SimpleForm>
      <Divider />
      <Box
        sx={{
          p: 2,
          display: 'flex',
          justifyContent: 'flex-end',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        {!isPending && !bookable && (
          <Typography variant="body2" color="warning.main" data-testid="wizard-nobody-bookable">
            {translate('app.wizard.employees.need_bookable')}
          </Typography>
        )}
        <Button
          variant="contained"
          onClick={next}
          disabled={busy || !bookable}
          data-testid="wizard-employees-next"
        >
          {translate(submitLabel ?? 'app.wizard.save_and_continue')}
        </Button>
      </Box>
    </Card>
  );
};
