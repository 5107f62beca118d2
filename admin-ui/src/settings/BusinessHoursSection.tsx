import { TimeOfDayInput } from '../forms/TimeOfDayInput';
import { useMemo } from 'react';
import { BooleanInput } from 'react-admin';
import { useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { businessHoursInput, codeLabelKey } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { schemaValidator } from '../forms/schemaValidator';
import { useClosesNextDay } from '../forms/useClosesNextDay';
import { useHoursOnReopen } from '../forms/useHoursOnReopen';
import { BUSINESS_HOURS, weekPayload } from './payloads';
import { SectionCard, SectionForm, type AfterSave } from './SettingsSection';

const WEEK = [0, 1, 2, 3, 4, 5, 6] as const;

const Day = ({ day, readOnly }: { day: number; readOnly: boolean }) => {
  const translate = useTranslate();
  const open = useWatch({ name: `days.${day}.is_open` }) !== false;
  const nextDay = useClosesNextDay(`days.${day}.from`, `days.${day}.to`);
  useHoursOnReopen(`days.${day}`, day);
  const time = { readOnly, disabled: !open, sx: { width: 160 } };
  return (
    <Box
      data-testid={`day-${day}`}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 2,
        flexWrap: 'wrap',
        borderBottom: 1,
        borderColor: 'divider',
        py: 0.5,
      }}
    >
      <Typography sx={{ width: 110, pt: 2, fontWeight: 500 }}>
        {translate(codeLabelKey('weekday', day))}
      </Typography>
      <Box sx={{ width: 150, pt: 1 }}>
        <BooleanInput
          source={`days.${day}.is_open`}
          label={open ? 'resources.business-hours.fields.is_open' : 'app.settings.custom_hours.closed'}
          readOnly={readOnly}
          helperText={false}
        />
      </Box>
      <TimeOfDayInput source={`days.${day}.from`} label="resources.business-hours.fields.from" {...time} />
      <TimeOfDayInput
        source={`days.${day}.to`}
        label="resources.business-hours.fields.to"
        {...time}
        helperText={open && nextDay ? 'app.settings.hours.next_day' : undefined}
      />
    </Box>
  );
};

/** The week's opening hours (`business-hours/week`), Sunday first; a closed day needs no times. */
export const BusinessHoursSection = ({ onSaved, submitLabel }: AfterSave) => {
  const translate = useTranslate();
  const validate = useMemo(() => schemaValidator(businessHoursInput, BUSINESS_HOURS, translate), [translate]);
  return (
    <SectionCard
      icon={<ScheduleIcon color="primary" />}
      title="app.settings.hours.title"
      hint="app.settings.hours.hint"
      testId="business-hours"
    >
      <SectionForm
        resource={BUSINESS_HOURS}
        id="week"
        validate={(values) => validate(weekPayload(values.days))}
        payload={(values) => weekPayload(values.days)}
        onSaved={onSaved}
        submitLabel={submitLabel}
      >
        {(readOnly) => (
          <Box sx={{ width: '100%' }}>
            {WEEK.map((day) => (
              <Day key={day} day={day} readOnly={readOnly} />
            ))}
          </Box>
        )}
      </SectionForm>
    </SectionCard>
  );
};
