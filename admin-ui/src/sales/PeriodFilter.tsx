import { useState } from 'react';
import { useListContext, useTranslate } from 'ra-core';
import type { BusinessDate, GlobalInformation } from '@rawnaq/contracts';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { DAY_PRESETS, dayPeriod, dayPresetOf, type DayPreset } from './period';

/** Today in the salon's calendar (the server's answer, not the browser's clock). */
export const useSalonToday = (): BusinessDate => {
  const information = useOptionalGlobalInformation<GlobalInformation>();
  return (information?.global_informations?.today ?? '') as BusinessDate;
};

/** A list's period: today, yesterday, this month, last month, or the dates typed in its filters. */
export const PeriodPresets = () => {
  const translate = useTranslate();
  const today = useSalonToday();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const [chosen, setChosen] = useState<DayPreset | null>(null);
  const preset = chosen ?? (today ? dayPresetOf(filterValues, today) : 'custom');
  return (
    <TextField
      select
      size="small"
      label={translate('app.sales.period')}
      value={preset}
      onChange={(e) => {
        const p = e.target.value as DayPreset;
        setChosen(p);
        const range = dayPeriod(p, today);
        if (range) setFilters({ ...filterValues, ...range }, displayedFilters);
      }}
      sx={{ width: 160, mt: 1 }}
      slotProps={{ htmlInput: { 'data-testid': 'period-preset' } }}
    >
      {DAY_PRESETS.map((p) => (
        <MenuItem key={p} value={p}>
          {translate(`app.sales.presets.${p}`)}
        </MenuItem>
      ))}
    </TextField>
  );
};
