import type { ReactNode } from 'react';
import { DataTable, SimpleList, type DataTableProps, type SimpleListProps } from 'react-admin';
import type { RaRecord } from 'ra-core';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

type Text<R> = (record: R) => ReactNode;

export type ResponsiveDataTableProps<R extends RaRecord> = DataTableProps<R> & {
  /** What a phone shows of each row, in place of the table's columns. */
  primaryText: Text<R>;
  secondaryText?: Text<R>;
  /** Shown at the row's end: a short value (an amount, a status) or the row's buttons. */
  tertiaryText?: Text<R>;
  /** Below which width the rows read as a list: phones (`sm`, the default), or tablets too (`md`). */
  listBelow?: 'sm' | 'md';
};

/** Below `sm` a list of rows reads on a phone; a table would be wider than the screen. */
export const useIsPhone = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

/**
 * A list's rows: react-admin's `SimpleList` on a phone (the product guide's pattern, one line per
 * record, the page never wider than the screen), the table otherwise, which scrolls inside its own
 * box when a tablet is narrower than its columns.
 */
export const ResponsiveDataTable = <R extends RaRecord>({
  primaryText,
  secondaryText,
  tertiaryText,
  listBelow = 'sm',
  ...table
}: ResponsiveDataTableProps<R>) => {
  const phone = useIsPhone();
  const tablet = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  if (listBelow === 'md' ? tablet : phone)
    return (
      <SimpleList<R>
        primaryText={primaryText}
        secondaryText={secondaryText}
        tertiaryText={tertiaryText}
        rowClick={(table.rowClick as SimpleListProps['rowClick']) ?? false}
        empty={table.empty}
        sx={{
          '& .MuiListItemText-root': { minWidth: 0 },
          // the end of a row (an amount, a status, buttons) keeps its size at the line's end (both
          // directions: no float); the texts wrap
          '& .MuiListItemText-primary > div': { display: 'flex', gap: 1, alignItems: 'flex-start' },
          '& .RaSimpleList-tertiary': {
            float: 'none',
            flexShrink: 0,
            marginInlineStart: 'auto',
            opacity: 1,
          },
          '& .MuiListItemText-primary, & .MuiListItemText-secondary': { overflowWrap: 'anywhere' },
        }}
      />
    );
  return (
    <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <DataTable<R> {...table} />
    </Box>
  );
};
