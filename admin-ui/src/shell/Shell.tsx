import { useMemo, type ReactNode } from 'react';
import { I18nContext } from 'ra-core';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { createEmotionCache } from '../theme/emotionCache';
import { themeOptions } from '../theme/theme';
import { AppDialogs } from './AppDialogs';
import { DocumentTitle } from './DocumentTitle';
import { AreaProvider, type AreaConfig } from './area';

/**
 * What every screen stands on, inside or outside react-admin: the direction-aware emotion cache and
 * theme, the translations and the global dialogs. The sign-in pages use only this, so they load
 * without react-admin.
 */
export const Shell = ({ area, children }: { area: AreaConfig; children: ReactNode }) => {
  const cache = useMemo(() => createEmotionCache(area.language), [area.language]);
  const theme = useMemo(() => createTheme(themeOptions(area.language)), [area.language]);
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <I18nContext.Provider value={area.i18nProvider}>
          <AreaProvider value={area}>
            {children}
            <AppDialogs />
            <DocumentTitle />
          </AreaProvider>
        </I18nContext.Provider>
      </ThemeProvider>
    </CacheProvider>
  );
};
