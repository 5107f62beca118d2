import type { ReactElement } from 'react';
import Box from '@mui/material/Box';

/** Directional icons (arrows, chevrons) point the other way in right-to-left pages. */
export const Mirrored = ({ children }: { children: ReactElement }) => (
  <Box component="span" sx={{ display: 'inline-flex', '[dir="rtl"] &': { transform: 'scaleX(-1)' } }}>
    {children}
  </Box>
);
