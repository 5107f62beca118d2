import type { ReactNode } from 'react';
import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LanguageSwitch } from './LanguageSwitch';

/**
 * A customer's public document page (e-gift, e-deposit, e-offer): the language switch, a spinner while
 * it loads, the document itself, or what went wrong (no such link; a failure to retry).
 */
export const PublicDocumentFrame = ({
  state,
  retry,
  maxWidth,
  testId,
  missing,
  failed,
  children,
}: {
  state: { kind: string };
  retry: () => void;
  maxWidth: number;
  /** the document's test id: `{testId}-not-found` / `{testId}-failed` name the other two */
  testId: string;
  missing: string;
  failed: string;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', bgcolor: 'background.default', px: { xs: 1.5, sm: 2 }, py: 2 }}
    >
      <Stack direction="row" sx={{ mb: 2, mx: 'auto', maxWidth }}>
        <LanguageSwitch color="primary" />
      </Stack>
      {state.kind === 'loading' && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress />
        </Box>
      )}
      {children}
      {(state.kind === 'not-found' || state.kind === 'failed') && (
        <Paper
          variant="outlined"
          sx={{ mx: 'auto', maxWidth, p: 3, textAlign: 'center' }}
          data-testid={`${testId}-${state.kind}`}
        >
          <Typography sx={{ mb: state.kind === 'failed' ? 2 : 0 }}>
            {translate(state.kind === 'not-found' ? missing : failed)}
          </Typography>
          {state.kind === 'failed' && (
            <Button variant="contained" onClick={retry}>
              {translate('app.common.retry')}
            </Button>
          )}
        </Paper>
      )}
    </Box>
  );
};
