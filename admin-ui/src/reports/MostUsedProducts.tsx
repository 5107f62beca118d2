import { useState } from 'react';
import { useTranslate } from 'ra-core';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useFormat } from '../format/useFormat';
import { Amount } from '../sales/InvoiceParts';
import { useArea } from '../shell/area';
import { MoneyReport, type ReportAnswer, type ReportColumn } from './MoneyReport';

/** A product the salon used itself (`reports/most-used-products`), money in minor units. */
export type UsedProductRow = {
  id: string;
  rank: number;
  name_en: string;
  name_ar: string;
  barcode: string | null;
  times: number;
  quantity: number;
  cost: number;
};
type Totals = { products: number; times: number; quantity: number; cost: number };

/**
 * `reports/most-used-products`: the products consumed by the salon (stock operation 3, internal use)
 * in a period, most used first by quantity or by cost, with the period's totals.
 */
export const MostUsedProducts = () => {
  const translate = useTranslate();
  const { money } = useFormat();
  const { language } = useArea();
  const [sort, setSort] = useState<'quantity' | 'cost'>('quantity');
  return (
    <MoneyReport<UsedProductRow, ReportAnswer<UsedProductRow, Totals>>
      path="reports/most-used-products"
      kind="daily"
      initialPreset="this_month"
      query={`&sort=${sort}`}
      title="app.management.titles.most_used_products"
      file="app.management.files.most_used_products"
      testId="most-used-products"
      empty="app.management.no_internal_use"
      minWidth={520}
      rowKey={(r) => r.id}
      filters={
        <TextField
          select
          size="small"
          label={translate('app.management.rank_by')}
          value={sort}
          onChange={(e) => setSort(e.target.value as 'quantity' | 'cost')}
          sx={{ width: 190 }}
          slotProps={{ htmlInput: { 'data-testid': 'rank-by' } }}
        >
          <MenuItem value="quantity">{translate('app.management.columns.quantity_used')}</MenuItem>
          <MenuItem value="cost">{translate('app.management.columns.cost')}</MenuItem>
        </TextField>
      }
      toTotals={(a) => ({ ...a.totals, id: 'totals', rank: 0, name_en: '', name_ar: '', barcode: null })}
      columns={() =>
        [
          { key: 'rank', label: '#', value: (r) => (r.rank ? String(r.rank) : ''), align: 'start' },
          {
            key: 'product',
            label: translate('app.reports.columns.product'),
            value: (r) => (language === 'ar' ? r.name_ar : r.name_en),
            align: 'start',
          },
          { key: 'times', label: translate('app.management.columns.times'), value: (r) => String(r.times) },
          {
            key: 'quantity',
            label: translate('app.management.columns.quantity_used'),
            value: (r) => String(r.quantity),
          },
          { key: 'cost', label: translate('app.management.columns.cost'), value: (r) => money(r.cost) },
        ] satisfies ReportColumn<UsedProductRow>[]
      }
      cards={(a) => [
        { key: 'products', label: translate('app.management.columns.products'), value: a.totals.products },
        {
          key: 'quantity',
          label: translate('app.management.columns.quantity_used'),
          value: a.totals.quantity,
        },
        {
          key: 'cost',
          label: translate('app.management.columns.cost'),
          value: <Amount>{money(a.totals.cost)}</Amount>,
        },
      ]}
    />
  );
};
