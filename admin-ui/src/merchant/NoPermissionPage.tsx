import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LockPersonIcon from '@mui/icons-material/LockPerson';
import { useArea } from '../shell/area';

/** Where a screen the user's permissions do not open sends them (spec doc2 §6). */
export const NoPermissionPage = () => {
  const translate = useTranslate();
  const { basename } = useArea();
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }} data-testid="no-permission">
      <Title title="app.no_permission.title" />
      <LockPersonIcon sx={{ fontSize: 80, color: 'warning.main' }} />
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 1 }}>
        {translate('app.no_permission.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 520, mx: 'auto' }}>
        {translate('app.no_permission.message')}
      </Typography>
      <Button component={Link} to={`${basename}/`} variant="contained">
        {translate('app.no_permission.home')}
      </Button>
    </Box>
  );
};
