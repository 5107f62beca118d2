import { useState, type FormEvent } from 'react';
import { RecordContextProvider, useRecordContext, useTranslate } from 'ra-core';
import {
  businessDate,
  businessTime,
  instantAt,
  isBusinessDate,
  type TenantTimeZone,
} from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { failureKey, isHandled, isHttpError } from '../http/errors';
import { useFormat } from '../format/useFormat';
import { CustomerDetails } from './CustomerDetails';
import type { Customer } from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { typedDateText } from '../sales/period';

type Outcome = { at: string; customer?: Customer; missing?: boolean; error?: string };

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** The last millisecond of the picked second: "as it was at 10:00:05" includes what happened during it. */
const endOfSecond = (instant: string) => new Date(Date.parse(instant) + 999).toISOString();

/**
 * The customer as they were at a chosen instant (`GET customers/<id>/as-of?at=`). The picked wall-clock
 * time is read in the salon's time zone, whatever the browser's zone is.
 */
export const CustomerAsOf = () => {
  const record = useRecordContext<Customer>();
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { timeZone, dateTime } = useFormat();
  const tz = timeZone as TenantTimeZone;
  // Today and now on the salon's clock. The time is typed as HH:mm:ss (spec doc2 §9), not picked with a
  // native time input, whose AM/PM would follow the browser's language rather than the page's.
  const [date, setDate] = useState(() => businessDate(new Date(), tz));
  const [time, setTime] = useState(() => businessTime(new Date(), tz));
  const timeValid = TIME_RE.test(time);
  // typed as YYYY-MM-DD like every date of the product, not a native picker in the browser's own format
  const dateValid = isBusinessDate(date);
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (!record) return null;

  const show = async (event: FormEvent) => {
    event.preventDefault();
    if (!dateValid || !timeValid) return;
    const at = endOfSecond(instantAt(date, time, tz));
    setLoading(true);
    try {
      const customer = await dataProvider.getCustomerAsOf<Customer>(record.id, at);
      setOutcome({ at, customer });
    } catch (error) {
      if (isHttpError(error) && error.status === 404) setOutcome({ at, missing: true });
      else if (!isHandled(error)) setOutcome({ at, error: failureKey(error) });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.customers.as_of.hint', {
          tz: translate(`app.time_zones.${tz.replace('/', '_')}`, { _: tz }),
        })}
      </Typography>
      <Box
        component="form"
        onSubmit={show}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 2 }}
      >
        <TextField
          sx={{ width: 170 }}
          label={translate('app.customers.as_of.date')}
          value={date}
          onChange={(event) => setDate(typedDateText(event.target.value, 'day'))}
          required
          size="small"
          error={!dateValid}
          helperText={
            dateValid
              ? translate('app.common.date_format')
              : translate('validation.should_be_a_date', { field: translate('app.customers.as_of.date') })
          }
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': 'as-of-date' } }}
        />
        <TextField
          label={translate('app.customers.as_of.time')}
          value={time}
          onChange={(event) => setTime(typedDateText(event.target.value, 'time'))}
          required
          size="small"
          error={!timeValid}
          helperText={
            timeValid
              ? undefined
              : translate('validation.invalid_value', { field: translate('app.customers.as_of.time') })
          }
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': 'as-of-time' } }}
          sx={{ width: 150 }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={loading || !timeValid || !dateValid}
          startIcon={loading ? <CircularProgress size={16} /> : undefined}
        >
          {translate('app.customers.as_of.show')}
        </Button>
      </Box>
      {outcome?.missing && <Alert severity="info">{translate('app.customers.as_of.not_yet')}</Alert>}
      {outcome?.error && <Alert severity="error">{translate(outcome.error)}</Alert>}
      {outcome?.customer && (
        <Box data-testid="as-of-result">
          <Alert severity="info" icon={false} sx={{ mb: 1 }}>
            {translate('app.customers.as_of.title', { date: dateTime(outcome.at) })}
          </Alert>
          <RecordContextProvider value={outcome.customer}>
            <CustomerDetails />
          </RecordContextProvider>
        </Box>
      )}
    </Box>
  );
};
