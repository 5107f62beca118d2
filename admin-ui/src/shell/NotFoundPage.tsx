import { useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { AuthLayout } from './AuthLayout';
import { useArea } from './area';

export const NotFoundPage = () => {
  const translate = useTranslate();
  const { paths } = useArea();
  return (
    <AuthLayout title={translate('not_found.page')}>
      <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 700, mb: 1 }}>
        404
      </Typography>
      <Typography sx={{ mb: 3 }}>{translate('app.not_found.message')}</Typography>
      {/* A full load: the home page may belong to the other area's bundle. */}
      <Button variant="contained" href={paths.home}>
        {translate('app.not_found.home')}
      </Button>
    </AuthLayout>
  );
};
