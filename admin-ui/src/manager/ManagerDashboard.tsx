import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
import { useGetList, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import BugReportIcon from '@mui/icons-material/BugReport';
import MailIcon from '@mui/icons-material/Mail';
import StorefrontIcon from '@mui/icons-material/Storefront';
import WarningIcon from '@mui/icons-material/Warning';
import { useArea } from '../shell/area';

/** One count per list, read from the list's own total (Content-Range); nothing made up. */
const CountCard = ({ resource, sortBy, icon }: { resource: string; sortBy: string; icon: ReactNode }) => {
  const translate = useTranslate();
  const { basename } = useArea();
  // Sorted by a field each list accepts (docs/api.md lists only some fields as sortable).
  const { total, isPending, error } = useGetList(resource, {
    pagination: { page: 1, perPage: 1 },
    sort: { field: sortBy, order: 'DESC' },
  });
  return (
    <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardActionArea component={Link} to={`${basename}/${resource}`} sx={{ height: '100%' }}>
          <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
            <Box>
              <Typography
                variant="h4"
                component="p"
                sx={{ fontWeight: 700 }}
                data-testid={`count-${resource}`}
              >
                {isPending ? (
                  <CircularProgress size={24} />
                ) : error ? (
                  translate('app.common.none')
                ) : (
                  (total ?? 0)
                )}
              </Typography>
              <Typography color="text.secondary">
                {translate(`resources.${resource}.name`, { smart_count: 2 })}
              </Typography>
            </Box>
          </CardContent>
        </CardActionArea>
      </Card>
    </Grid>
  );
};

export const ManagerDashboard = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 3, px: { xs: 1, md: 2 } }}>
      <Title title="app.manager.dashboard_title" />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {translate('app.manager.dashboard_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.manager.dashboard_hint')}
      </Typography>
      <Grid container spacing={2}>
        <CountCard
          resource="merchants/active-merchants"
          sortBy="created_at"
          icon={<StorefrontIcon fontSize="large" />}
        />
        <CountCard
          resource="trackers/failed-login-attempts"
          sortBy="at"
          icon={<WarningIcon fontSize="large" />}
        />
        <CountCard
          resource="trackers/blocked-ips"
          sortBy="blocked_at"
          icon={<BlockIcon fontSize="large" />}
        />
        <CountCard resource="trackers/mail-tracker" sortBy="queued_at" icon={<MailIcon fontSize="large" />} />
        <CountCard resource="technical/js-errors" sortBy="at" icon={<BugReportIcon fontSize="large" />} />
      </Grid>
    </Box>
  );
};
