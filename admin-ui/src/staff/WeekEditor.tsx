import { TimeOfDayInput } from '../forms/TimeOfDayInput';
import { BooleanInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from 'ra-core';
import { codeLabelKey, type BusinessDay } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useClosesNextDay } from '../forms/useClosesNextDay';
import { useHoursOnReopen } from '../forms/useHoursOnReopen';
import { WEEKDAYS } from './types';

const Day = ({ day }: { day: number }) => {
  const translate = useTranslate();
  const open = useWatch({ name: `working_hours.${day}.is_open` }) as boolean | undefined;
  const nextDay = useClosesNextDay(`working_hours.${day}.from`, `working_hours.${day}.to`);
  useHoursOnReopen(`working_hours.${day}`, day);
  return (
    <Grid
      container
      columnSpacing={2}
      sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider', py: 0.5 }}
      data-testid={`week-day-${day}`}
    >
      <Grid size={{ xs: 12, sm: 4 }}>
        <BooleanInput
          source={`working_hours.${day}.is_open`}
          label={codeLabelKey('weekday', day)}
          helperText={false}
        />
      </Grid>
      {open ? (
        <>
          <Grid size={{ xs: 6, sm: 4 }}>
            <TimeOfDayInput
              source={`working_hours.${day}.from`}
              label="resources.employees/employees.fields.from"
              fullWidth
              helperText={false}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <TimeOfDayInput
              source={`working_hours.${day}.to`}
              label="resources.employees/employees.fields.to"
              fullWidth
              helperText={nextDay ? 'app.staff.employees.week.next_day' : false}
            />
          </Grid>
        </>
      ) : (
        <Grid size={{ xs: 12, sm: 8 }}>
          <Typography color="text.secondary" variant="body2">
            {translate('app.staff.employees.week.closed')}
          </Typography>
        </Grid>
      )}
    </Grid>
  );
};

/** The employee's week, Sunday first (spec doc1 §3 weekdays 0-6): open or not, and from/to. */
export const WeekEditor = () => {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const copyFirstOpenDay = () => {
    const week = (getValues('working_hours') ?? []) as Partial<BusinessDay>[];
    const model = week.find((d) => d?.is_open && d.from && d.to);
    if (!model) return;
    WEEKDAYS.forEach((d) => {
      if (week[d]?.is_open) {
        setValue(`working_hours.${d}.from`, model.from, { shouldDirty: true });
        setValue(`working_hours.${d}.to`, model.to, { shouldDirty: true });
      }
    });
  };
  return (
    <Box sx={{ width: '100%' }}>
      {WEEKDAYS.map((d) => (
        <Day key={d} day={d} />
      ))}
      <Button size="small" startIcon={<ContentCopyIcon />} onClick={copyFirstOpenDay} sx={{ mt: 1 }}>
        {translate('app.staff.employees.week.copy_first')}
      </Button>
    </Box>
  );
};
