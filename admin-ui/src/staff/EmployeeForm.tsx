import { PhoneNumberInput } from '../forms/PhoneNumberInput';
import { useMemo, useState } from 'react';
import {
  AutocompleteArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  type SimpleFormProps,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useGetList, useRecordContext, useTranslate } from 'ra-core';
import {
  CURRENCY_INFO,
  codeLabelKey,
  employeeInput,
  type Currency,
  type GlobalInformation,
} from '@rawnaq/contracts';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { AppDateInput } from '../forms/AppDateInput';
import { FormCell, FormSection } from '../forms/FormSection';
import { schemaValidator } from '../forms/schemaValidator';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';
import { currentPosition, geoMessageKey, GeolocationFailure } from './geolocation';
import { PictureInput } from './PictureInput';
import {
  EMPLOYEE_STATUS,
  MAX_PREFERRED_ARTISTS,
  STAFF_RESOURCES,
  USER_RIGHTS,
  WEEKDAYS,
  employeePayload,
  nameOf,
  type Employee,
} from './types';
import { WeekEditor } from './WeekEditor';
import { NameInputs } from '../forms/NameInputs';
import { useNameSort } from '../shell/names';

const R = STAFF_RESOURCES.employees;

const useAccount = () => useOptionalGlobalInformation<GlobalInformation>()?.global_informations?.account;

/** The contracts' `employeeInput` (what the command API runs), on what the form will send. */
export const useEmployeeValidate = () => {
  const translate = useTranslate();
  const countryId = useAccount()?.country_id ?? 1;
  return useMemo(() => {
    const schema = schemaValidator(employeeInput({ countryId }), R, translate);
    return (values: Record<string, unknown>) => schema(employeePayload(values));
  }, [countryId, translate]);
};

/** Latitude and longitude of the employee's own check-in place, or the phone's position now. */
const LocationInputs = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [state, setState] = useState<{ busy?: boolean; error?: string; found?: string }>({});
  const locate = async () => {
    setState({ busy: true });
    try {
      const point = await currentPosition();
      setValue('check_in_latitude', point.latitude.toFixed(6), { shouldDirty: true, shouldValidate: true });
      setValue('check_in_longitude', point.longitude.toFixed(6), { shouldDirty: true, shouldValidate: true });
      setState({ found: translate('app.staff.employees.location.found', { accuracy: point.accuracy }) });
    } catch (error) {
      setState({
        error: translate(
          error instanceof GeolocationFailure ? geoMessageKey(error.reason) : geoMessageKey('unavailable'),
        ),
      });
    }
  };
  return (
    <>
      <FormCell wide>
        <Typography variant="body2" color="text.secondary">
          {translate('app.staff.employees.location.hint')}
        </Typography>
      </FormCell>
      <FormCell>
        <TextInput
          source="check_in_latitude"
          fullWidth
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'decimal' } }}
        />
      </FormCell>
      <FormCell>
        <TextInput
          source="check_in_longitude"
          fullWidth
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'decimal' } }}
        />
      </FormCell>
      <FormCell wide>
        <Button
          variant="outlined"
          size="small"
          startIcon={<MyLocationIcon />}
          onClick={() => void locate()}
          disabled={state.busy}
          data-testid="use-current-location"
        >
          {translate(
            state.busy ? 'app.staff.employees.location.locating' : 'app.staff.employees.location.use_current',
          )}
        </Button>
        {state.error && (
          <FormHelperText error data-testid="location-error">
            {state.error}
          </FormHelperText>
        )}
        {state.found && <FormHelperText data-testid="location-found">{state.found}</FormHelperText>}
      </FormCell>
    </>
  );
};

/**
 * Up to 4 other active employees (the server checks the same: doc2 §5.5). One disabled since it was
 * chosen stays visible, marked, so it can be taken out (the server refuses to keep it).
 */
const PreferredArtists = () => {
  const translate = useTranslate();
  const record = useRecordContext<Employee>();
  const chosen = (useWatch({ name: 'preferred_artist_ids' }) ?? []) as string[];
  const { language } = useArea();
  const byName = useNameSort();
  const { data = [] } = useGetList<Employee>(R, {
    pagination: { page: 1, perPage: 200 },
    sort: byName,
  });
  const choices = data
    .filter((e) => e.id !== record?.id && (e.status === EMPLOYEE_STATUS.active || chosen.includes(e.id)))
    .map((e) => ({
      id: e.id,
      name:
        e.status === EMPLOYEE_STATUS.active
          ? nameOf(e, language)
          : `${nameOf(e, language)} (${translate('app.staff.status.disabled')})`,
    }));
  return (
    <FormCell wide>
      <AutocompleteArrayInput
        source="preferred_artist_ids"
        choices={choices}
        translateChoice={false}
        fullWidth
        helperText={translate('app.staff.employees.preferred.hint', { max: MAX_PREFERRED_ARTISTS })}
      />
    </FormCell>
  );
};

/**
 * The services she does, from the menu; an employee with no skills recorded does every one (all
 * ticked), and stays so until the list is changed.
 */
const ServiceSkills = () => {
  const { language } = useArea();
  const record = useRecordContext<Employee & { service_ids?: string[] }>();
  const { data = [] } = useGetList<{ id: string; name_en: string; name_ar: string }>('services', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'order', order: 'ASC' },
  });
  const all = data.map((s) => s.id);
  const unlimited = !Array.isArray(record?.service_ids);
  return (
    <FormCell wide>
      <CheckboxGroupInput
        source="service_ids"
        label={false}
        choices={data.map((s) => ({ id: s.id, name: nameOf(s, language) }))}
        translateChoice={false}
        format={(v: unknown) => (Array.isArray(v) ? v : all)}
        // every service ticked on one who was not limited: still not limited (new services included)
        parse={(v: string[]) => (unlimited && all.every((id) => v.includes(id)) ? undefined : v)}
        helperText="app.staff.employees.services_hint"
        data-testid="employee-services"
      />
    </FormCell>
  );
};

const weekdayChoices = WEEKDAYS.map((d) => ({ id: d, name: codeLabelKey('weekday', d) }));
const rightChoices = USER_RIGHTS.map((r) => ({ id: r, name: `app.staff.employees.rights.${r}` }));

/** Every employee field of spec doc1 §3 and docs/api.md, checked by the contracts' `employeeInput`. */
export const EmployeeForm = (props: Omit<SimpleFormProps, 'children'>) => {
  const validate = useEmployeeValidate();
  const account = useAccount();
  const { language } = useArea();
  const currency = (account?.currency ?? 'SAR') as Currency;
  // as the menu's prices show it: the ISO code in English, the Arabic symbol in Arabic
  const currencyLabel = language === 'ar' ? (CURRENCY_INFO[currency]?.arabicSymbol ?? currency) : currency;
  return (
    <SimpleForm
      validate={validate}
      noValidate
      sx={{ maxWidth: 980 }}
      // employees are disabled, never deleted (their history stays)
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
      {...props}
    >
      <FormSection title="app.staff.employees.sections.names">
        <FormCell wide>
          <PictureInput />
        </FormCell>
        <NameInputs />
      </FormSection>
      <FormSection title="app.staff.employees.sections.job">
        <FormCell>
          <TextInput source="job_title" fullWidth />
        </FormCell>
        <FormCell>
          <TextInput
            source="experience_years"
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </FormCell>
        <FormCell>
          <PhoneNumberInput source="mobile" fullWidth />
        </FormCell>
      </FormSection>
      <FormSection title="app.staff.employees.sections.documents">
        <FormCell>
          <AppDateInput source="passport_expiry" fullWidth />
        </FormCell>
        <FormCell>
          <AppDateInput source="residency_expiry" fullWidth />
        </FormCell>
        <FormCell>
          <AppDateInput source="joining_date" fullWidth />
        </FormCell>
        <FormCell>
          <AppDateInput source="leaving_date" fullWidth />
        </FormCell>
      </FormSection>
      <FormSection title="app.staff.employees.sections.pay">
        <FormCell>
          <TextInput
            source="salary"
            fullWidth
            slotProps={{
              htmlInput: { dir: 'ltr', inputMode: 'decimal' },
              input: {
                endAdornment: <InputAdornment position="end">{currencyLabel}</InputAdornment>,
              },
            }}
          />
        </FormCell>
        <FormCell>
          <TextInput
            source="commission_percentage"
            fullWidth
            slotProps={{
              htmlInput: { dir: 'ltr', inputMode: 'decimal' },
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            }}
          />
        </FormCell>
      </FormSection>
      <FormSection title="app.staff.employees.sections.visibility">
        <FormCell>
          <BooleanInput source="show_in_appointments" />
        </FormCell>
        <FormCell>
          <BooleanInput source="show_in_billing" />
        </FormCell>
      </FormSection>
      <FormSection title="app.staff.employees.sections.services">
        <ServiceSkills />
      </FormSection>
      <FormSection title="app.staff.employees.sections.week">
        <FormCell wide>
          <WeekEditor />
        </FormCell>
        <FormCell wide>
          <CheckboxGroupInput source="holidays" choices={weekdayChoices} row />
        </FormCell>
      </FormSection>
      <FormSection title="app.staff.employees.sections.rights">
        <FormCell wide>
          <CheckboxGroupInput source="rights" label={false} choices={rightChoices} row={false} />
        </FormCell>
      </FormSection>
      <FormSection title="app.staff.employees.sections.location">
        <LocationInputs />
      </FormSection>
      <FormSection title="app.staff.employees.sections.preferred" last>
        <PreferredArtists />
      </FormSection>
    </SimpleForm>
  );
};
