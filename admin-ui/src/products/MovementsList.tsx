import { AutocompleteInput, DataTable, List, ReferenceInput, SelectInput } from 'react-admin';
import { useTranslate } from 'ra-core';
import { codeOptions } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import { priceMinor } from '../menu/pricing';
import { useActorName } from '../users/useUsers';
import { CodeText, MoneyText, ProductName, useProductNameOf, useProductVat } from './fields';
import { PRODUCT_RESOURCES, type Product, type StockMovement } from './types';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { PeriodDateInput } from '../sales/PeriodFilter';
import { useNameSort } from '../shell/names';

const useFilters = () => {
  const byName = useNameSort();
  const nameOf = useProductNameOf();
  return [
    <ReferenceInput
      key="product_id"
      source="product_id"
      reference={PRODUCT_RESOURCES.products}
      sort={byName}
      alwaysOn
    >
      <AutocompleteInput
        optionText={(p: Product) => nameOf(p ?? {})}
        filterToQuery={(q: string) => ({ q })}
        sx={{ minWidth: 240 }}
      />
    </ReferenceInput>,
    <SelectInput key="operation" source="operation" choices={codeOptions('stockOperationType')} alwaysOn />,
    <PeriodDateInput key="from" source="from" alwaysOn />,
    <PeriodDateInput key="to" source="to" alwaysOn />,
  ];
};

/** The signed movement: green when stock came in, red when it went out. */
const Moved = ({ quantity }: { quantity: number }) => (
  <Box
    component="span"
    dir="ltr"
    sx={{
      color: quantity < 0 ? 'error.main' : 'success.main',
      fontWeight: 600,
      fontVariantNumeric: 'tabular-nums',
    }}
    data-testid="moved"
  >
    {quantity > 0 ? `+${quantity}` : quantity}
  </Box>
);

/**
 * Every stock movement, newest first (`GET stock-operations`): the `products/stock-operations` screen
 * and the inventory-movements report (spec doc1 §2) read the same list.
 */
export const MovementsList = ({ resource, title }: { resource: string; title: string }) => {
  const translate = useTranslate();
  const filters = useFilters();
  const { dateTime } = useFormat();
  const { currency } = useProductVat();
  const actorName = useActorName();
  return (
    <List
      resource={resource}
      title={translate(title)}
      filters={filters}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={false}
      empty={
        <Box sx={{ textAlign: 'center', py: 8, px: 2, width: '100%' }} data-testid="movements-empty">
          <Typography variant="h6" component="p">
            {translate('app.stock.no_movements')}
          </Typography>
          <Typography color="text.secondary">{translate('app.stock.no_movements_hint')}</Typography>
        </Box>
      }
    >
      <ResponsiveDataTable<StockMovement>
        primaryText={(m) => (
          <ProductName product={{ name_en: m.product_name_en ?? '', name_ar: m.product_name_ar ?? '' }} />
        )}
        secondaryText={(m) => (
          <>
            {dateTime(m.at)} · <CodeText code="stockOperationType" value={m.operation} />
          </>
        )}
        tertiaryText={(m) => <Moved quantity={m.quantity} />}

        bulkActionButtons={false}
        rowClick={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary">
            {translate('app.stock.no_results')}
          </Typography>
        }
      >
        <DataTable.Col
          source="at"
          render={(m: StockMovement) => <Box sx={{ whiteSpace: 'nowrap' }}>{dateTime(m.at)}</Box>}
        />
        <DataTable.Col
          source="product_id"
          disableSort
          cellSx={() => ({ minWidth: 160 })}
          render={(m: StockMovement) => (
            <ProductName product={{ name_en: m.product_name_en ?? '', name_ar: m.product_name_ar ?? '' }} />
          )}
        />
        <DataTable.Col
          source="operation"
          disableSort
          cellSx={() => ({ whiteSpace: 'nowrap' })}
          render={(m: StockMovement) => <CodeText code="stockOperationType" value={m.operation} />}
        />
        <DataTable.Col
          source="quantity"
          disableSort
          align="right"
          render={(m: StockMovement) => <Moved quantity={m.quantity} />}
        />
        <DataTable.Col source="balance" disableSort align="right" />
        <DataTable.Col
          source="unit_cost"
          disableSort
          align="right"
          render={(m: StockMovement) => <MoneyText minor={priceMinor(m.unit_cost, currency)} />}
        />
        <DataTable.Col
          source="average_cost"
          disableSort
          align="right"
          render={(m: StockMovement) => <MoneyText minor={priceMinor(m.average_cost, currency)} />}
        />
        <DataTable.Col source="notes" disableSort />
        <DataTable.Col
          source="by"
          disableSort
          cellSx={() => ({ whiteSpace: 'nowrap' })}
          render={(m: StockMovement) => actorName({ kind: 'user', id: m.by })}
        />
      </ResponsiveDataTable>
    </List>
  );
};
