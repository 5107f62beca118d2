import { Link } from 'react-router-dom';
import {
  BooleanInput,
  CreateButton,
  DataTable,
  List,
  SelectInput,
  TextInput,
  TopToolbar,
  Button,
} from 'react-admin';
import { useCanAccess, useRecordContext, useTranslate } from 'ra-core';
import { codeOptions } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import AddBoxIcon from '@mui/icons-material/AddBoxOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import SearchIcon from '@mui/icons-material/Search';
import ToggleOnIcon from '@mui/icons-material/ToggleOnOutlined';
import { ImportButton } from '../imports';
import { useArea } from '../shell/area';
import { CodeText, MoneyText, ProductName, ProductStatusChip, QuantityField } from './fields';
import { PRODUCT_RESOURCES, statusChoices, type Product } from './types';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useNameSort } from '../shell/names';

const PRODUCTS = PRODUCT_RESOURCES.products;

const ListActions = () => {
  const { basename } = useArea();
  const { canAccess: canActivate } = useCanAccess({ resource: PRODUCT_RESOURCES.active, action: 'show' });
  const { canAccess: canAdd } = useCanAccess({ resource: 'products/add-quantity', action: 'show' });
  return (
    <TopToolbar>
      {canAdd && (
        <Button
          component={Link}
          to={`${basename}/products/add-quantity`}
          label="app.stock.add-quantity.title"
        >
          <AddBoxIcon />
        </Button>
      )}
      {canActivate && (
        <Button
          component={Link}
          to={`${basename}/${PRODUCT_RESOURCES.active}`}
          label="app.products.activate"
          data-testid="activate-products-button"
        >
          <ToggleOnIcon />
        </Button>
      )}
      <ImportButton entity="products" />
      <CreateButton />
    </TopToolbar>
  );
};

const useFilters = () => {
  const translate = useTranslate();
  return [
    <TextInput
      key="q"
      source="q"
      alwaysOn
      resettable
      hiddenLabel
      label={false}
      placeholder={translate('app.products.search')}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SearchIcon color="disabled" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 260 }}
    />,
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
    <SelectInput key="usage_type" source="usage_type" choices={codeOptions('productUsageType')} alwaysOn />,
    <SelectInput key="vat_type" source="vat_type" choices={codeOptions('vatType')} alwaysOn />,
    <BooleanInput key="low_stock" source="low_stock" alwaysOn sx={{ alignSelf: 'center' }} />,
  ];
};

const Empty = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, width: '100%' }} data-testid="products-empty">
      <InventoryIcon sx={{ fontSize: 72, color: 'primary.light' }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate('app.products.empty')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.products.empty_hint')}
      </Typography>
      <CreateButton variant="contained" />
    </Box>
  );
};

const Barcode = (_: { label?: string; source?: string }) => {
  const record = useRecordContext<Product>();
  if (!record?.barcode) return null;
  return (
    <Box component="span" dir="ltr" sx={{ fontFamily: 'monospace' }}>
      {record.barcode}
    </Box>
  );
};

export const ProductList = () => {
  const translate = useTranslate();
  const filters = useFilters();
  const { canAccess: canEdit } = useCanAccess({ resource: PRODUCTS, action: 'edit' });
  const byName = useNameSort();
  const money = { align: 'right' as const, cellSx: () => ({ whiteSpace: 'nowrap' as const }) };
  return (
    <List
      title={translate('app.products.title')}
      filters={filters}
      filterDefaultValues={{ status: 1 }}
      sort={byName}
      perPage={25}
      actions={<ListActions />}
      exporter={false}
      empty={<Empty />}
    >
      <ResponsiveDataTable<Product>
        primaryText={() => <ProductName />}
        secondaryText={(p) => <MoneyText minor={p.price_with_vat_minor} />}
        tertiaryText={() => <ProductStatusChip />}

        rowClick={canEdit ? 'edit' : false}
        bulkActionButtons={false}
        data-testid="products-table"
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary">
            {translate('app.products.no_results')}
          </Typography>
        }
      >
        <DataTable.Col
          source={byName.field}
          label={`resources.${PRODUCTS}.fields.name`}
          field={ProductName}
          cellSx={() => ({ minWidth: 180 })}
        />
        <DataTable.Col source="barcode" disableSort field={Barcode} />
        <DataTable.Col
          source="price"
          {...money}
          render={(p: Product) => <MoneyText minor={p.price_minor} testId="price" />}
        />
        <DataTable.Col
          source="price_with_vat"
          disableSort
          {...money}
          render={(p: Product) => <MoneyText minor={p.price_with_vat_minor} testId="price-with-vat" />}
        />
        <DataTable.Col source="quantity" align="right" field={QuantityField} />
        <DataTable.Col
          source="average_cost"
          disableSort
          {...money}
          render={(p: Product) => <MoneyText minor={p.average_cost_minor} />}
        />
        <DataTable.Col
          source="usage_type"
          disableSort
          render={(p: Product) => <CodeText code="productUsageType" value={p.usage_type} />}
        />
        <DataTable.Col
          source="vat_type"
          disableSort
          render={(p: Product) => <CodeText code="vatType" value={p.vat_type} />}
        />
        <DataTable.Col source="status" disableSort field={ProductStatusChip} />
      </ResponsiveDataTable>
    </List>
  );
};
