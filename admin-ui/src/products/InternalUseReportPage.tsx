import { useState } from 'react';
import { Title } from 'react-admin';
import { useRequireAccess, useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OpenArchiveButton, useEarliestDay } from '../sales/PeriodFilter';
import { ProductName } from './fields';
import { useReport } from './InventoryStatusPage';
import { PRODUCT_RESOURCES } from './types';

type InternalUse = {
  rows: { product_id: string; name_en: string; name_ar: string; times: number; quantity: number }[];
};

/** `reports/internal-use-report`: what the salon took from its shelves for its own work, per product. */
export const InternalUseReportPage = () => {
  const translate = useTranslate();
  const { isPending } = useRequireAccess({ resource: PRODUCT_RESOURCES.internalUse, action: 'show' });
  const [range, setRange] = useState({ from: '', to: '' });
  const filter = Object.fromEntries(Object.entries(range).filter(([, v]) => v !== ''));
  // a date earlier than the earliest day waits for the archive
  const limit = useEarliestDay();
  const refused = limit.tooEarly(range.from) || limit.tooEarly(range.to);
  const report = useReport<InternalUse>(
    isPending || refused ? null : `reports/internal-use?filter=${encodeURIComponent(JSON.stringify(filter))}`,
  );
  if (isPending) return null;
  const dateInput = (field: 'from' | 'to') => (
    <TextField
      type="date"
      size="small"
      label={translate(`app.inventory.${field}`)}
      value={range[field]}
      onChange={(event) => setRange((r) => ({ ...r, [field]: event.target.value }))}
      sx={{ width: 200 }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          'data-testid': `range-${field}`,
          'data-empty': range[field] ? 'false' : 'true',
          ...(limit.earliest && { min: limit.earliest }),
        },
      }}
      {...limit.fieldProps(range[field])}
    />
  );
  return (
    <Box sx={{ py: 2, maxWidth: 880 }}>
      <Title title="app.inventory.internal_use_title" />
      <Card sx={{ p: 2 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.inventory.internal_use_hint')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          {dateInput('from')}
          {dateInput('to')}
          {refused && <OpenArchiveButton onOpen={limit.openArchive} />}
        </Box>
        {report === false && <Alert severity="error">{translate('app.errors.unknown')}</Alert>}
        {report === null && <Skeleton variant="rounded" height={96} />}
        {report &&
          (report.rows.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }} data-testid="internal-use-empty">
              {translate('app.inventory.internal_use_empty')}
            </Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" data-testid="internal-use-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate(`resources.${PRODUCT_RESOURCES.products}.fields.name`)}</TableCell>
                    <TableCell align="right">{translate('app.inventory.times')}</TableCell>
                    <TableCell align="right">{translate('app.inventory.used_quantity')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.rows.map((row) => (
                    <TableRow key={row.product_id}>
                      <TableCell>
                        <ProductName product={row} />
                      </TableCell>
                      <TableCell align="right">{row.times}</TableCell>
                      <TableCell align="right" data-testid="used-quantity">
                        {row.quantity}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          ))}
      </Card>
    </Box>
  );
};
