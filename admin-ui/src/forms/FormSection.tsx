import type { ReactNode } from 'react';
import { useTranslate } from 'ra-core';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';

/** A titled part of a long form, its inputs on a two-column grid. */
export const FormSection = ({
  title,
  children,
  last,
}: {
  title: string;
  children: ReactNode;
  last?: boolean;
}) => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle1" component="h2" color="primary" sx={{ fontWeight: 600, mt: 1 }}>
        {translate(title)}
      </Typography>
      <Grid container columnSpacing={2} sx={{ width: '100%' }}>
        {children}
      </Grid>
      {!last && <Divider flexItem sx={{ my: 1 }} />}
    </>
  );
};

/** Half the form's width from medium screens up (or all of it when `wide`). */
export const FormCell = ({ children, wide }: { children: ReactNode; wide?: boolean }) => (
  <Grid size={{ xs: 12, md: wide ? 12 : 6 }}>{children}</Grid>
);
