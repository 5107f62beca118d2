import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
import { useGetList, useNotify, useRefresh, useRequireAccess, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { failureKey, isHandled } from '../http/errors';
import { useArea } from '../shell/area';
import { ProductName, useProductNameOf } from './fields';
import { PRODUCT_RESOURCES, PRODUCT_STATUS, type Product } from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useNameSort } from '../shell/names';

/**
 * `products/active-products`: every product with its switch. A disabled product stays in the records
 * (and its stock history) but cannot be sold or used; each switch is saved at once.
 */
export const ActiveProductsPage = () => {
  const byName = useNameSort();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { basename } = useArea();
  const nameOf = useProductNameOf();
  const dataProvider = useAppDataProvider();
  const { isPending: checking } = useRequireAccess({ resource: PRODUCT_RESOURCES.active, action: 'show' });
  const { data, isPending, refetch } = useGetList<Product>(
    PRODUCT_RESOURCES.products,
    { pagination: { page: 1, perPage: 1000 }, sort: byName },
    { enabled: !checking },
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  if (checking) return null;

  const toggle = async (product: Product) => {
    const action = product.status === PRODUCT_STATUS.active ? 'disable' : 'activate';
    setBusy(product.id);
    try {
      await dataProvider.send('POST', `products/${encodeURIComponent(product.id)}/${action}`);
      notify(action === 'disable' ? 'app.products.disabled_done' : 'app.products.activated_done', {
        type: 'success',
        messageArgs: { name: nameOf(product) },
      });
      await refetch();
      refresh();
    } catch (error) {
      if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const needle = search.trim().toLowerCase();
  const shown = (data ?? []).filter(
    (p) =>
      !needle ||
      p.name_en.toLowerCase().includes(needle) ||
      p.name_ar.includes(search.trim()) ||
      (p.barcode ?? '').startsWith(needle),
  );
  const active = (data ?? []).filter((p) => p.status === PRODUCT_STATUS.active).length;
  return (
    <Box sx={{ py: 2, maxWidth: 760 }}>
      <Title title="app.products.activate" />
      <Card sx={{ p: 2 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.products.activation_hint')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <TextField
            size="small"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={translate('app.products.search')}
            sx={{ minWidth: 260 }}
          />
          {data && (
            <Typography variant="body2" color="text.secondary" data-testid="active-count">
              {translate('app.products.active_count', { active, total: data.length })}
            </Typography>
          )}
          <Box sx={{ flex: 1 }} />
          <Button component={Link} to={`${basename}/${PRODUCT_RESOURCES.products}`}>
            {translate('app.products.back_to_list')}
          </Button>
        </Box>
        {isPending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} height={48} />)
        ) : shown.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3 }}>
            {translate(data?.length ? 'app.products.no_results' : 'app.products.empty')}
          </Typography>
        ) : (
          <List dense>
            {shown.map((product) => (
              <ListItem
                key={product.id}
                divider
                data-testid="activation-row"
                secondaryAction={
                  <Switch
                    edge="end"
                    checked={product.status === PRODUCT_STATUS.active}
                    disabled={busy !== null}
                    onChange={() => void toggle(product)}
                    slotProps={{ input: { 'aria-label': nameOf(product) } }}
                  />
                }
              >
                <ProductName product={product} />
              </ListItem>
            ))}
          </List>
        )}
      </Card>
    </Box>
  );
};
