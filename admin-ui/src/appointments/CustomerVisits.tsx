import { useState } from 'react';
import { useGetList, useRecordContext, useTranslate } from 'ra-core';
import { formatViewDateTime, type GlobalInformation, type TenantTimeZone } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';
import { StateChip } from './VisitLists';
import type { Visit } from './types';

type Which = 'upcoming' | 'past' | 'no_shows';

/** A customer's appointments tab: what is to come, what was, and the visits she did not come to. */
export const CustomerVisits = () => {
  const record = useRecordContext<{ id: string; no_shows?: number }>();
  const translate = useTranslate();
  const { language } = useArea();
  const { money } = useFormat();
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const tz = (information?.global_informations?.account.time_zone ?? 'Asia/Riyadh') as TenantTimeZone;
  const [which, setWhich] = useState<Which>('upcoming');
  const { data = [], isPending } = useGetList<Visit>(
    'appointments',
    {
      pagination: { page: 1, perPage: 200 },
      sort: { field: 'start', order: which === 'upcoming' ? 'ASC' : 'DESC' },
      filter: { customer_id: record?.id, ...(which === 'no_shows' && { no_show: true }) },
    },
    { enabled: Boolean(record) },
  );
  if (!record) return null;
  const now = new Date().toISOString();
  const shown = data.filter((v) =>
    which === 'upcoming' ? v.end >= now && v.state !== 'cancelled' : which === 'past' ? v.end < now : true,
  );
  return (
    <Box data-testid="customer-visits">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={which}
          onChange={(_, v: Which | null) => v && setWhich(v)}
        >
          {(['upcoming', 'past', 'no_shows'] as const).map((w) => (
            <ToggleButton key={w} value={w} data-testid={`visits-${w}`}>
              {translate(`app.appointments.customer.${w}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography variant="body2" color={record.no_shows ? 'error' : 'text.secondary'}>
          {translate('app.appointments.drawer.no_shows', { smart_count: record.no_shows ?? 0 })}
        </Typography>
      </Stack>
      {!isPending && shown.length === 0 && (
        <Typography color="text.secondary">{translate('app.appointments.lists.empty')}</Typography>
      )}
      <Stack spacing={1}>
        {shown.map((v) => (
          <Stack
            key={v.id}
            direction="row"
            sx={{
              gap: 1,
              alignItems: 'center',
              flexWrap: 'wrap',
              borderBottom: 1,
              borderColor: 'divider',
              pb: 1,
            }}
            data-testid="customer-visit"
          >
            <Typography variant="body2" sx={{ minWidth: 150 }}>
              <bdi>{formatViewDateTime(v.start, { locale: language, tz })}</bdi>
            </Typography>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 140 }}>
              {v.lines
                .map((l) => (language === 'ar' ? l.service_name_ar : l.service_name_en))
                .join(language === 'ar' ? '، ' : ', ')}
            </Typography>
            <Typography variant="body2">{money(v.total)}</Typography>
            <StateChip visit={v} />
          </Stack>
        ))}
      </Stack>
    </Box>
  );
};
