import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
import { useCanAccess, useTranslate } from 'ra-core';
import { codeLabelKey, type GlobalInformation } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { TodayVisits } from '../appointments/TodayVisits';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import HistoryIcon from '@mui/icons-material/History';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonIcon from '@mui/icons-material/Person';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import SettingsIcon from '@mui/icons-material/Settings';
import { useFormat } from '../format/useFormat';
import { useGlobalInformation } from '../layout/globalInformationContext';
import { Mirrored } from '../layout/Mirrored';
import { useArea } from '../shell/area';
import { displayNameOf } from '../auth/authProvider';
import { WizardCall } from '../wizard/WizardCall';

const Shortcut = ({
  to,
  icon,
  title,
  text,
  testId,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
  testId: string;
}) => (
  <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={to} sx={{ height: '100%' }} data-testid={testId}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ color: 'primary.main', display: 'flex', mt: 0.5 }}>{icon}</Box>
          <Box sx={{ flex: 1 }}>
            <Typography variant="h6" component="h3" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {title}
              <Mirrored>
                <ArrowForwardIcon fontSize="small" />
              </Mirrored>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {text}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  </Grid>
);

/** The merchant's first page: who is signed in, which salon, and the screens their role opens. */
export const WelcomePage = () => {
  const translate = useTranslate();
  const { basename, language } = useArea();
  const { date } = useFormat();
  const information = useGlobalInformation<GlobalInformation>();
  const customers = useCanAccess({ resource: 'customers', action: 'list' });
  const appointments = useCanAccess({ resource: 'appointments', action: 'list' });
  const addCustomer = useCanAccess({ resource: 'customers', action: 'create' });
  const auditLog = useCanAccess({ resource: 'advanced-accounting/audit-log', action: 'list' });
  const services = useCanAccess({ resource: 'menu/services', action: 'list' });
  const settings = useCanAccess({ resource: 'settings', action: 'show' });
  if (!information) return null;
  const { auth: user, global_informations: global } = information;
  const salon = language === 'ar' ? global.account.name_ar : global.account.name_en;
  const weekday = new Date(`${global.today}T12:00:00Z`).getUTCDay();
  const nothing = ![customers, auditLog, services, settings].some((screen) => screen.canAccess);
  return (
    <Box sx={{ py: 3, px: { xs: 1, md: 2 }, maxWidth: 1100 }}>
      <Title title="app.menu.welcome" />
      <Typography variant="overline" color="primary" sx={{ fontSize: '0.9rem' }} data-testid="welcome-salon">
        {salon}
      </Typography>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }} data-testid="welcome-greeting">
        {translate('app.welcome.greeting', { name: displayNameOf(user, language) })}
      </Typography>
      <Typography color="text.secondary">
        {translate('app.welcome.signed_in_as', {
          username: user.username,
          role: translate(`app.roles.${user.role}`, { _: translate('app.roles.unknown') }),
        })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {translate('app.welcome.today', {
          date: `${translate(codeLabelKey('weekday', weekday))} \u2068${date(global.today)}\u2069`,
        })}
      </Typography>

      <WizardCall />
      {appointments.canAccess && <TodayVisits />}
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {translate('app.welcome.shortcuts')}
      </Typography>
      <Grid container spacing={2}>
        {customers.canAccess && (
          <Shortcut
            to={`${basename}/customers`}
            icon={<PeopleIcon fontSize="large" />}
            title={translate('app.customers.title')}
            text={translate('app.welcome.customers')}
            testId="shortcut-customers"
          />
        )}
        {services.canAccess && (
          <Shortcut
            to={`${basename}/menu/services`}
            icon={<ContentCutIcon fontSize="large" />}
            title={translate('app.services.title')}
            text={translate('app.welcome.services')}
            testId="shortcut-services"
          />
        )}
        {settings.canAccess && (
          <Shortcut
            to={`${basename}/setting/general-setting`}
            icon={<SettingsIcon fontSize="large" />}
            title={translate('app.menu.general_settings')}
            text={translate('app.welcome.settings')}
            testId="shortcut-settings"
          />
        )}
        {auditLog.canAccess && (
          <Shortcut
            to={`${basename}/advanced-accounting/audit-log`}
            icon={<HistoryIcon fontSize="large" />}
            title={translate('app.audit.title')}
            text={translate('app.welcome.audit_log')}
            testId="shortcut-audit-log"
          />
        )}
        <Shortcut
          to={`${basename}/profile`}
          icon={<PersonIcon fontSize="large" />}
          title={translate('app.menu.profile')}
          text={translate('app.welcome.profile')}
          testId="shortcut-profile"
        />
      </Grid>
      {addCustomer.canAccess && (
        <Button
          component={Link}
          to={`${basename}/customers/create`}
          variant="contained"
          startIcon={<PersonAddIcon />}
          sx={{ mt: 3 }}
        >
          {translate('app.welcome.add_customer')}
        </Button>
      )}
      {nothing && !customers.isPending && (
        <Typography color="text.secondary" sx={{ mt: 3 }}>
          {translate('app.welcome.nothing')}
        </Typography>
      )}
    </Box>
  );
};
