import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useListContext, useTranslate, type Validator } from 'ra-core';
import type { DateInputProps } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { BusinessDate, GlobalInformation } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AppDateInput } from '../forms/AppDateInput';
import { useFormat } from '../format/useFormat';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { DAY_PRESETS, beforeEarliest, dayPeriod, dayPresetOf, earliestDay, type DayPreset } from './period';

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

/** The archive toggle of the date range pickers, one for the tab: older dates than the earliest day. */
const ARCHIVE_KEY = 'rawnaq.period-archive';
const archiveListeners = new Set<() => void>();
const readArchive = () => window.sessionStorage.getItem(ARCHIVE_KEY) === 'on';
const setArchive = (on: boolean) => {
  if (on) window.sessionStorage.setItem(ARCHIVE_KEY, 'on');
  else window.sessionStorage.removeItem(ARCHIVE_KEY);
  archiveListeners.forEach((l) => l());
};
const subscribeArchive = (listener: () => void) => {
  archiveListeners.add(listener);
  return () => archiveListeners.delete(listener);
};

/**
 * The earliest day of a date range picker (400 days back, spec doc 2 section 9) unless the archive
 * is open: `tooEarly` judges a typed date, `message` says why it is refused, `openArchive` lifts it.
 */
export const useEarliestDay = () => {
  const translate = useTranslate();
  const today = useSalonToday();
  const format = useFormat();
  const archive = useSyncExternalStore(subscribeArchive, readArchive);
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const archived = information?.global_informations?.account?.last_archive_date ?? null;
  const earliest = today && !archive ? earliestDay(today, archived) : undefined;
  const tooEarly = useCallback(
    (date: unknown) => earliest !== undefined && beforeEarliest(date, today, archived),
    [earliest, today, archived],
  );
  const message = earliest
    ? { message: 'app.sales.earliest_date', args: { date: format.date(earliest) } }
    : undefined;
  return {
    earliest,
    tooEarly,
    message,
    openArchive: () => setArchive(true),
    /** A date field's error and its reason while it holds a date earlier than the earliest day. */
    fieldProps: (value: unknown) =>
      tooEarly(value) && message ? { error: true, helperText: translate(message.message, message.args) } : {},
  };
};

/** The button that opens the archive, shown with a date refused as too early. */
export const OpenArchiveButton = ({ onOpen }: { onOpen: () => void }) => {
  const translate = useTranslate();
  return (
    <Button size="small" onClick={onOpen} data-testid="open-archive" sx={{ alignSelf: 'flex-start' }}>
      {translate('app.sales.open_archive')}
    </Button>
  );
};

/**
 * A list's from or to date filter: nothing earlier than the earliest day (the browser's calendar
 * stops there, a typed earlier date is refused with the reason and the list keeps its period) until
 * the archive is opened, which applies the typed date at once.
 */
export const PeriodDateInput = (props: DateInputProps) => {
  const translate = useTranslate();
  const limit = useEarliestDay();
  const { getValues, trigger } = useFormContext();
  const list = useListContext();
  const value = useWatch({ name: props.source }) as unknown;
  const { tooEarly, message } = limit;
  const validate: Validator = useCallback(
    (v: unknown) => (tooEarly(v) ? message : undefined),
    [tooEarly, message],
  );
  // the archive opened (here or in another picker): the refusal goes with it
  useEffect(() => {
    if (!limit.earliest) void trigger(props.source);
  }, [limit.earliest, trigger, props.source]);
  // a list's filters hide helper texts and line up at the bottom: the reason goes above the field
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      {tooEarly(value) && message && (
        <Box role="alert" data-testid="earliest-reason" sx={{ maxWidth: 260, mt: 1 }}>
          <Typography variant="caption" color="error" component="p">
            {translate(message.message, message.args)}
          </Typography>
          <OpenArchiveButton
            onOpen={() => {
              limit.openArchive();
              // the refused date was never applied: apply the form's dates now that they are allowed
              list.setFilters({ ...list.filterValues, ...getValues() }, list.displayedFilters);
            }}
          />
        </Box>
      )}
      <AppDateInput
        {...props}
        validate={validate}
        slotProps={{ htmlInput: limit.earliest ? { min: limit.earliest } : {} }}
      />
    </Box>
  );
};
