import { useGetList, useTranslate } from 'ra-core';
import { formatViewTime, type GlobalInformation, type TenantTimeZone } from '@rawnaq/contracts';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';
import { StateChip } from './VisitLists';
import type { Visit } from './types';

/**
 * Today's appointments at a glance on the welcome page: the signed-in user's own, or everyone's when
 * she may see all of them (the list answers with what she may see).
 */
export const TodayVisits = () => {
  const translate = useTranslate();
  const { basename, language } = useArea();
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const tz = (information?.global_informations?.account.time_zone ?? 'Asia/Riyadh') as TenantTimeZone;
  const today = information?.global_informations?.today;
  const { data = [], isPending } = useGetList<Visit>(
    'appointments',
    { pagination: { page: 1, perPage: 20 }, sort: { field: 'start', order: 'ASC' }, filter: { date: today } },
    { enabled: Boolean(today) },
  );
  const visits = data.filter((v) => v.state !== 'cancelled');
  return (
    <Card variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="today-visits">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {translate('app.appointments.today_title', { smart_count: visits.length })}
        </Typography>
        <Button component={Link} to={`${basename}/appointments`} size="small">
          {translate('app.appointments.open_book')}
        </Button>
      </Stack>
      {!isPending && visits.length === 0 && (
        <Typography color="text.secondary">{translate('app.appointments.none_today')}</Typography>
      )}
      <Stack spacing={0.5}>
        {visits.slice(0, 8).map((v) => (
          <Stack key={v.id} direction="row" sx={{ gap: 1, alignItems: 'center' }} data-testid="today-visit">
            <Typography variant="body2" sx={{ width: 80, flexShrink: 0 }}>
              <bdi>{formatViewTime(v.start, { locale: language, tz })}</bdi>
            </Typography>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>
              {v.customer_name} ·{' '}
              {v.lines.map((l) => (language === 'ar' ? l.service_name_ar : l.service_name_en)).join('، ')}
            </Typography>
            <StateChip visit={v} />
          </Stack>
        ))}
      </Stack>
    </Card>
  );
};
