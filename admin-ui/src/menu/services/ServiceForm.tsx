import {
  BooleanInput,
  CheckboxGroupInput,
  NumberInput,
  SelectInput,
  SimpleForm,
  type SimpleFormProps,
} from 'react-admin';
import { useGetList, useRecordContext, useTranslate } from 'ra-core';
import { useArea } from '../../shell/area';
import { nameOf } from '../../staff/types';
import InputAdornment from '@mui/material/InputAdornment';
import { AppDateInput } from '../../forms/AppDateInput';
import { FormCell, FormSection } from '../../forms/FormSection';
import { useMenuItems, useNameOf } from '../fields';
import { MENU_RESOURCES, MENU_STATUS, type NamedItem, type Service } from '../types';
import { useServiceValidate } from '../validation';
import { PriceFields } from './PriceFields';
import { ServiceImageInput } from './ServiceImageInput';
import { NameInputs } from '../../forms/NameInputs';
import { useNameSort } from '../../shell/names';

/** Active groups (or categories), and the record's own one even when it was disabled since. */
const useChoices = (items: NamedItem[], current: unknown) => {
  const translate = useTranslate();
  const nameOf = useNameOf();
  return items
    .filter((item) => item.status === MENU_STATUS.active || item.id === current)
    .map((item) => ({
      id: item.id,
      name:
        item.status === MENU_STATUS.active
          ? nameOf(item)
          : `${nameOf(item)} (${translate('app.menu_items.status.disabled')})`,
    }));
};

/**
 * Who does the service: the salon's active employees, ticked for those who do it (an employee with no
 * skills recorded does every service, a new one too); saved on each employee as her skills.
 */
const ServiceEmployees = () => {
  const { language } = useArea();
  const byName = useNameSort();
  const { data = [] } = useGetList<{
    id: string;
    name_en: string;
    name_ar: string;
    status: number;
    service_ids?: string[];
  }>('employees', { pagination: { page: 1, perPage: 200 }, sort: byName });
  const active = data.filter((e) => e.status === 1);
  // a new service: whoever has no skills recorded does it
  const byDefault = active.filter((e) => !Array.isArray(e.service_ids)).map((e) => e.id);
  return (
    <FormCell wide>
      <CheckboxGroupInput
        source="employee_ids"
        label={false}
        choices={active.map((e) => ({ id: e.id, name: nameOf(e, language) }))}
        translateChoice={false}
        format={(v: unknown) => (Array.isArray(v) ? v : byDefault)}
        helperText="app.services.employees_hint"
        data-testid="service-employees"
      />
    </FormCell>
  );
};

/** Every service field of spec doc1 §3, checked by the contracts' `serviceInput` before it is sent. */
export const ServiceForm = (props: Omit<SimpleFormProps, 'children'>) => {
  const translate = useTranslate();
  const record = useRecordContext<Service>();
  const validate = useServiceValidate();
  const { items: groups } = useMenuItems(MENU_RESOURCES.groups);
  const { items: categories } = useMenuItems(MENU_RESOURCES.categories);
  const groupChoices = useChoices(groups, record?.group_id);
  const categoryChoices = useChoices(categories, record?.category_id);
  return (
    // noValidate: the contracts' rules judge the fields, not the browser's own bubbles (English only).
    <SimpleForm validate={validate} noValidate sx={{ maxWidth: 960 }} {...props}>
      <FormSection title="app.services.sections.names">
        <NameInputs />
        <FormCell wide>
          <ServiceImageInput />
        </FormCell>
      </FormSection>
      <FormSection title="app.services.sections.group">
        <FormCell>
          <SelectInput
            source="group_id"
            choices={groupChoices}
            translateChoice={false}
            isRequired
            fullWidth
          />
        </FormCell>
        <FormCell>
          <SelectInput
            source="category_id"
            choices={categoryChoices}
            translateChoice={false}
            emptyText="app.services.no_category"
            fullWidth
          />
        </FormCell>
      </FormSection>
      <FormSection title="app.services.sections.price">
        <PriceFields />
      </FormSection>
      <FormSection title="app.services.sections.booking">
        <FormCell>
          <NumberInput
            source="job_time"
            isRequired
            step={5}
            min={5}
            max={720}
            fullWidth
            helperText="app.services.job_time_hint"
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">{translate('app.services.minutes_unit')}</InputAdornment>
                ),
              },
            }}
          />
        </FormCell>
        <FormCell>
          <AppDateInput source="expiry_date" fullWidth />
        </FormCell>
        <FormCell>
          <BooleanInput source="show_to_customer" />
        </FormCell>
        <FormCell>
          <BooleanInput source="home_service" />
        </FormCell>
      </FormSection>
      <FormSection title="app.services.sections.employees" last>
        <ServiceEmployees />
      </FormSection>
    </SimpleForm>
  );
};
