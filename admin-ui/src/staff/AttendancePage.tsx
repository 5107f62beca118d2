import { useCallback, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { useTranslate } from 'ra-core';
import { formatViewTime, type GlobalInformation, type TenantTimeZone } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import { useFormat } from '../format/useFormat';
import { isHttpError, messageParams } from '../http/errors';
import { useGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';
import { currentPosition, geoMessageKey, GeolocationFailure } from './geolocation';
import { useAppDataProvider } from '../http/useAppDataProvider';

/** `GET attendance/today`: the server's word on the signed-in user's own attendance. */
type Today = {
  employee_id: string | null;
  checked_in: boolean;
  check_in_at: string | null;
  shifts: Array<{ business_date: string; check_in_at: string; check_out_at: string | null }>;
};

/** A date or time inside a sentence keeps its own order in right-to-left text (first-strong isolate). */
const isolated = (text: string) => `\u2068${text}\u2069`;

type Outcome = { severity: 'success' | 'error'; text: string };

/** `employees/attendence-system`: any signed-in employee checks in and out where the phone is (doc2 §9: 50 m). */
export const AttendancePage = () => {
  const translate = useTranslate();
  const { language } = useArea();
  const { date } = useFormat();
  const information = useGlobalInformation<GlobalInformation>();
  const dataProvider = useAppDataProvider();
  const userId = String(information?.auth.id ?? '');
  const businessDate = information?.global_informations.today ?? '';
  const tz = (information?.global_informations.account.time_zone ?? 'Asia/Riyadh') as TenantTimeZone;
  const [today, setToday] = useState<Today | undefined>();
  const [busy, setBusy] = useState<'check-in' | 'check-out' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const refresh = useCallback(
    () =>
      dataProvider
        .send<Today>('GET', 'attendance/today')
        .then(setToday)
        .catch(() => undefined),
    [dataProvider],
  );
  useEffect(() => {
    void refresh();
  }, [refresh, userId]);
  const time = (iso: string) => formatViewTime(iso, { locale: language, tz });

  const record = async (action: 'check-in' | 'check-out') => {
    setBusy(action);
    setOutcome(null);
    try {
      const point = await currentPosition();
      const answer = await dataProvider.send<{ checked_in: boolean; distance_m: number | null }>(
        'POST',
        `attendance/${action}`,
        point,
      );
      setOutcome({
        severity: 'success',
        text: translate(`app.staff.attendance.${action === 'check-in' ? 'checked_in' : 'checked_out'}`, {
          distance: answer.distance_m ?? 0,
        }),
      });
    } catch (error) {
      if (error instanceof GeolocationFailure) {
        setOutcome({ severity: 'error', text: translate(geoMessageKey(error.reason)) });
      } else if (isHttpError(error)) {
        setOutcome({ severity: 'error', text: translate(error.message, messageParams(error)) });
      } else {
        setOutcome({ severity: 'error', text: translate('app.errors.unknown') });
      }
    } finally {
      setBusy(null);
      void refresh();
    }
  };

  const lastToday = today?.shifts.find((shift) => shift.business_date === businessDate && shift.check_out_at);
  const state =
    today?.checked_in && today.check_in_at
      ? translate('app.staff.attendance.checked_in_since', { time: isolated(time(today.check_in_at)) })
      : lastToday?.check_out_at
        ? translate('app.staff.attendance.checked_out_at', { time: isolated(time(lastToday.check_out_at)) })
        : translate('app.staff.attendance.not_yet');

  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', mt: 2 }}>
      <Title title={translate('app.staff.attendance.title')} />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {translate('app.staff.attendance.title')}
            </Typography>
            <Typography color="text.secondary">
              {translate('app.staff.attendance.today', { date: isolated(date(businessDate)) })}
            </Typography>
            {today && !today.employee_id ? (
              <Alert severity="info" data-testid="attendance-not-employee">
                {translate('attendance.not_an_employee')}
              </Alert>
            ) : (
              <Typography variant="h6" component="p" data-testid="attendance-state">
                {state}
              </Typography>
            )}
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
              <Button
                variant={today?.checked_in ? 'outlined' : 'contained'}
                size="large"
                startIcon={busy === 'check-in' ? <CircularProgress size={18} /> : <LoginIcon />}
                disabled={busy !== null}
                onClick={() => void record('check-in')}
                data-testid="check-in"
              >
                {translate('app.staff.attendance.check_in')}
              </Button>
              <Button
                variant={today?.checked_in ? 'contained' : 'outlined'}
                size="large"
                color="secondary"
                startIcon={busy === 'check-out' ? <CircularProgress size={18} /> : <LogoutIcon />}
                disabled={busy !== null}
                onClick={() => void record('check-out')}
                data-testid="check-out"
              >
                {translate('app.staff.attendance.check_out')}
              </Button>
            </Stack>
            {busy && (
              <Typography color="text.secondary">{translate('app.staff.attendance.locating')}</Typography>
            )}
            {outcome && (
              <Alert severity={outcome.severity} data-testid={`attendance-${outcome.severity}`}>
                {outcome.text}
              </Alert>
            )}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <PlaceIcon fontSize="small" />
              <Typography variant="body2">{translate('app.staff.attendance.hint')}</Typography>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};
