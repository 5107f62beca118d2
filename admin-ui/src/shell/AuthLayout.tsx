import type { ReactNode } from 'react';
import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import SpaIcon from '@mui/icons-material/Spa';
import { LanguageSwitch } from './LanguageSwitch';

/** The frame of the pages used before signing in (and of the lock screen and 404). */
export const AuthLayout = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 6,
        background: (theme) =>
          `linear-gradient(160deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 45%, ${theme.palette.background.default} 45%)`,
      }}
    >
      <Box sx={{ position: 'absolute', top: 12, insetInlineEnd: 12, color: 'common.white' }}>
        <LanguageSwitch />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'common.white', mb: 3 }}>
        <SpaIcon sx={{ fontSize: 40 }} />
        <Box>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
            {translate('app.name')}
          </Typography>
          <Typography variant="body2" sx={{ opacity: 0.85 }}>
            {translate('app.tagline')}
          </Typography>
        </Box>
      </Box>
      <Card sx={{ width: '100%', maxWidth: 440, boxShadow: 6 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ mb: 3, fontWeight: 600 }} data-page-title>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
};
