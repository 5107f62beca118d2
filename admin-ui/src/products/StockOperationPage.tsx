import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  AutocompleteInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Title,
  Toolbar,
} from 'react-admin';
import { useGetOne, useNotify, useRefresh, useRequireAccess, useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { codeLabelKey, CURRENCY_INFO, StockOperationType } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { failureKey, isHandled, isHttpError } from '../http/errors';
import { parseTypedNumber } from '../menu/pricing';
import { useArea } from '../shell/area';
import { LowStockChip, MoneyText, ProductName, useProductNameOf, useProductVat } from './fields';
import { stockChanged } from './stockEvents';
import { PRODUCT_RESOURCES, PRODUCT_STATUS, STOCK_SCREENS, type Product, type StockScreen } from './types';
import { useStockValidate } from './validation';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useNameSort } from '../shell/names';

const RESOURCE = PRODUCT_RESOURCES.operations;

/** The chosen product: what is on the shelf now, so the person knows what they can take. */
const CurrentStock = () => {
  const translate = useTranslate();
  const productId = useWatch({ name: 'product_id' }) as string | undefined;
  const { data: product } = useGetOne<Product>(
    PRODUCT_RESOURCES.products,
    { id: productId ?? '' },
    { enabled: Boolean(productId) },
  );
  if (!productId || !product) return null;
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'center',
        flexWrap: 'wrap',
        p: 1.5,
        mb: 2,
        borderRadius: 1,
        bgcolor: 'action.hover',
        width: '100%',
      }}
      data-testid="current-stock"
    >
      <ProductName product={product} />
      <Box sx={{ flex: 1 }} />
      <Typography variant="body2">
        {translate('app.stock.current_quantity')}:{' '}
        <Box component="strong" data-testid="current-quantity">
          {product.quantity}
        </Box>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.stock.average_cost')}: <MoneyText minor={product.average_cost_minor} />
      </Typography>
      {product.low_stock && <LowStockChip />}
    </Box>
  );
};

const useProductChoice = () => {
  const nameOf = useProductNameOf();
  return (p: Product) => (p?.barcode ? `${nameOf(p)} · ${p.barcode}` : nameOf(p ?? {}));
};

/**
 * The add-quantity, adjust-quantity and internal-use screens (spec doc1 §2): pick a product by name or
 * barcode, see what is on the shelf, and move it (`POST products/<id>/stock`). The server refuses going
 * below zero; its message shows on the quantity.
 */
export const StockOperationPage = ({ screen }: { screen: StockScreen }) => {
  const byName = useNameSort();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { basename, language } = useArea();
  const { currency } = useProductVat();
  const dataProvider = useAppDataProvider();
  const validate = useStockValidate(RESOURCE);
  const choiceText = useProductChoice();
  const nameOf = useProductNameOf();
  const { isPending } = useRequireAccess({ resource: `products/${screen}`, action: 'show' });
  const operations = STOCK_SCREENS[screen].operations as readonly string[];
  const [done, setDone] = useState<{ name: string; quantity: number } | null>(null);
  const [form, setForm] = useState({ key: 0, product_id: '' });
  if (isPending) return null;

  const save = async (values: Record<string, unknown>) => {
    const productId = String(values.product_id);
    try {
      const saved = await dataProvider.command<Product>(
        RESOURCE,
        'POST',
        `products/${encodeURIComponent(productId)}/stock`,
        {
          operation: values.operation,
          quantity: values.quantity,
          unit_cost: values.unit_cost || null,
          notes: values.notes || null,
        },
      );
      const product = await dataProvider.getOne<Product>(PRODUCT_RESOURCES.products, { id: productId });
      setDone({ name: nameOf(product.data), quantity: saved.quantity });
      notify('app.stock.saved', { type: 'success' });
      stockChanged();
      // the shelf shown above the form, the lists and the reports read the new quantity
      refresh();
      // a fresh form for the next movement of the same product
      setForm(({ key }) => ({ key: key + 1, product_id: productId }));
      return undefined;
    } catch (error) {
      if (isHandled(error)) return undefined;
      if (isHttpError(error) && error.body?.errors) return error.body.errors;
      notify(failureKey(error), { type: 'error' });
      return undefined;
    }
  };

  return (
    <Box sx={{ py: 2, maxWidth: 760 }}>
      <Title title={`app.stock.${screen}.title`} />
      <Card>
        <Box sx={{ px: 2, pt: 2 }}>
          <Typography color="text.secondary">{translate(`app.stock.${screen}.hint`)}</Typography>
          {done && (
            <Alert severity="success" sx={{ mt: 2 }} data-testid="stock-saved">
              {translate('app.stock.now_on_shelf', { name: done.name, quantity: done.quantity })}
            </Alert>
          )}
        </Box>
        <SimpleForm
          key={form.key}
          resource={RESOURCE}
          defaultValues={{ product_id: form.product_id || undefined, operation: operations[0] }}
          onSubmit={save}
          validate={validate}
          noValidate
          toolbar={
            <Toolbar sx={{ gap: 1 }}>
              <SaveButton label={`app.stock.${screen}.save`} alwaysEnable />
              <Button component={Link} to={`${basename}/${RESOURCE}`}>
                {translate('app.stock.see_operations')}
              </Button>
            </Toolbar>
          }
        >
          <ReferenceInput
            source="product_id"
            reference={PRODUCT_RESOURCES.products}
            filter={{ status: PRODUCT_STATUS.active }}
            sort={byName}
          >
            <AutocompleteInput
              optionText={choiceText}
              isRequired
              fullWidth
              filterToQuery={(q: string) => ({ q })}
              helperText="app.stock.product_hint"
            />
          </ReferenceInput>
          <CurrentStock />
          {operations.length > 1 && (
            <RadioButtonGroupInput
              source="operation"
              choices={operations.map((name) => ({
                id: name,
                name: codeLabelKey(
                  'stockOperationType',
                  StockOperationType[name as keyof typeof StockOperationType],
                ),
              }))}
            />
          )}
          <TextInput
            source="quantity"
            label={screen === 'adjust-quantity' ? `resources.${RESOURCE}.fields.counted_quantity` : undefined}
            helperText={screen === 'adjust-quantity' ? 'app.stock.counted_hint' : false}
            parse={parseTypedNumber}
            isRequired
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          />
          {screen === 'add-quantity' && (
            <TextInput
              source="unit_cost"
              parse={parseTypedNumber}
              fullWidth
              helperText="app.stock.unit_cost_hint"
              slotProps={{
                htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      {language === 'ar' ? CURRENCY_INFO[currency].arabicSymbol : currency}
                    </InputAdornment>
                  ),
                },
              }}
            />
          )}
          <TextInput source="notes" multiline minRows={2} fullWidth />
        </SimpleForm>
      </Card>
    </Box>
  );
};
