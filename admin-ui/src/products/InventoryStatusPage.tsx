import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
import { useCanAccess, useRequireAccess, useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { isHandled } from '../http/errors';
import { priceMinor } from '../menu/pricing';
import { useArea } from '../shell/area';
import { LowStockChip, MoneyText, ProductName, useProductVat } from './fields';
import { PRODUCT_RESOURCES, type Product } from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';

type InventoryStatus = {
  products: Product[];
  total_quantity: number;
  total_value: string;
  low_stock: number;
};

const Figure = ({ label, children, testId }: { label: string; children: ReactNode; testId: string }) => {
  const translate = useTranslate();
  return (
    <Card sx={{ p: 2, flex: '1 1 180px' }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Typography>
    </Card>
  );
};

/** Reads a report once its access is known; `null` while loading, `false` when it failed. */
export const useReport = <T,>(path: string | null) => {
  const dataProvider = useAppDataProvider();
  const [report, setReport] = useState<T | null | false>(null);
  useEffect(() => {
    if (!path) return undefined;
    let live = true;
    setReport(null);
    dataProvider
      .send<T>('GET', path)
      .then((data) => live && setReport(data))
      .catch((error: unknown) => {
        if (live) setReport(false);
        if (!isHandled(error)) console.warn(error);
      });
    return () => {
      live = false;
    };
  }, [dataProvider, path]);
  return report;
};

const cell = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** `reports/inventory-status`: what is on the shelf, its value at average cost, and what runs low. */
export const InventoryStatusPage = () => {
  const translate = useTranslate();
  const { basename } = useArea();
  const { currency } = useProductVat();
  const { isPending } = useRequireAccess({ resource: PRODUCT_RESOURCES.status, action: 'show' });
  const { canAccess: canEdit } = useCanAccess({ resource: PRODUCT_RESOURCES.products, action: 'edit' });
  const report = useReport<InventoryStatus>(isPending ? null : 'reports/inventory-status');
  if (isPending) return null;
  const label = (field: string) => translate(`resources.${PRODUCT_RESOURCES.products}.fields.${field}`);
  const low = report ? report.products.filter((p) => p.low_stock) : [];
  return (
    <Box sx={{ py: 2 }}>
      <Title title="app.inventory.status_title" />
      {report === false && <Alert severity="error">{translate('app.errors.unknown')}</Alert>}
      {report === null && <Skeleton variant="rounded" height={120} />}
      {report && (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
            <Figure label="app.inventory.products" testId="figure-products">
              {report.products.length}
            </Figure>
            <Figure label="app.inventory.total_quantity" testId="figure-quantity">
              {report.total_quantity}
            </Figure>
            <Figure label="app.inventory.total_value" testId="figure-value">
              <MoneyText minor={priceMinor(report.total_value, currency)} />
            </Figure>
            <Figure label="app.inventory.low_stock" testId="figure-low">
              {report.low_stock}
            </Figure>
          </Box>
          {low.length > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="low-stock-list">
              <Typography variant="subtitle2" component="h2">
                {translate('app.inventory.low_stock_title')}
              </Typography>
              {low.map((p) => (
                <Box key={p.id} sx={{ display: 'flex', gap: 1 }}>
                  <ProductName product={p} />
                  <Typography variant="body2">
                    {translate('app.inventory.left', { quantity: p.quantity, level: p.warning_level ?? 0 })}
                  </Typography>
                </Box>
              ))}
            </Alert>
          )}
          <Card>
            {report.products.length === 0 ? (
              <Typography sx={{ p: 3 }} color="text.secondary">
                {translate('app.products.empty')}
              </Typography>
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" data-testid="inventory-table">
                  <TableHead>
                    <TableRow>
                      <TableCell>{label('name')}</TableCell>
                      <TableCell align="right">{label('quantity')}</TableCell>
                      <TableCell align="right">{label('warning_level')}</TableCell>
                      <TableCell align="right">{label('average_cost')}</TableCell>
                      <TableCell align="right">{label('stock_value')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {report.products.map((p) => (
                      <TableRow key={p.id} hover>
                        <TableCell>
                          {canEdit ? (
                            <Box
                              component={Link}
                              to={`${basename}/${PRODUCT_RESOURCES.products}/${encodeURIComponent(p.id)}`}
                              sx={{ color: 'inherit', textDecoration: 'none' }}
                            >
                              <ProductName product={p} />
                            </Box>
                          ) : (
                            <ProductName product={p} />
                          )}
                        </TableCell>
                        <TableCell align="right" sx={cell}>
                          <Box sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                            {p.low_stock && <LowStockChip />}
                            {p.quantity}
                          </Box>
                        </TableCell>
                        <TableCell align="right" sx={cell}>
                          {p.warning_level ?? translate('app.common.none')}
                        </TableCell>
                        <TableCell align="right" sx={cell}>
                          <MoneyText minor={p.average_cost_minor} />
                        </TableCell>
                        <TableCell align="right" sx={cell}>
                          <MoneyText minor={p.stock_value_minor} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </Card>
        </>
      )}
    </Box>
  );
};
