import { useState } from 'react';
import { useTranslate } from 'ra-core';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import type { Service } from '../menu/types';
import type { Product } from '../products/types';
import { useArea } from '../shell/area';

/**
 * What the till sells: a service of the menu, a product of the shelf, or an offer or a package a
 * customer buys to use later, at its list price (minor units).
 */
export type Item =
  | { kind: 'service'; id: string; name_en: string; name_ar: string; price: number; service: Service }
  | { kind: 'product'; id: string; name_en: string; name_ar: string; price: number; product: Product }
  | {
      kind: 'offer' | 'package';
      id: string;
      name_en: string;
      name_ar: string;
      price: number;
      /** an offer's last day */
      expiry_date?: string;
    };

/** One search over the menu's services and the shelf's products: pick one, it is a new line. */
export const ItemSearch = ({ items, onPick }: { items: Item[]; onPick: (item: Item) => void }) => {
  const translate = useTranslate();
  const { language } = useArea();
  const { money, date } = useFormat();
  const [text, setText] = useState('');
  const name = (i: Item) => (language === 'ar' ? i.name_ar : i.name_en);
  return (
    <Autocomplete<Item>
      options={items}
      // Enter takes the first match: typing part of a name and Enter adds it, no mouse needed
      autoHighlight
      groupBy={(i) =>
        translate(
          i.kind === 'offer' || i.kind === 'package'
            ? `app.customer_offers.kinds.${i.kind}`
            : `app.billing.${i.kind}`,
        )
      }
      getOptionLabel={name}
      filterOptions={(options, { inputValue }) => {
        const q = inputValue.trim().toLowerCase();
        return q
          ? options.filter(
              (i) =>
                i.name_en.toLowerCase().includes(q) ||
                i.name_ar.includes(q) ||
                (i.kind === 'product' && i.product.barcode?.startsWith(q)),
            )
          : options;
      }}
      value={null}
      inputValue={text}
      onInputChange={(_, value, reason) => setText(reason === 'reset' ? '' : value)}
      onChange={(_, item) => {
        if (item) onPick(item);
        setText('');
      }}
      renderOption={({ key, ...props }, i) => (
        <li key={key} {...props} data-testid="billing-item-option">
          <Stack direction="row" sx={{ width: '100%', gap: 1, justifyContent: 'space-between' }}>
            <span>{name(i)}</span>
            <Typography component="span" variant="body2" color="text.secondary">
              {i.kind === 'product' &&
                `${translate('app.billing.in_stock', { quantity: i.product.quantity })} · `}
              {i.kind === 'offer' &&
                i.expiry_date &&
                `${translate('app.customer_offers.valid_until', { date: date(i.expiry_date) })} · `}
              <bdi>{money(i.price)}</bdi>
            </Typography>
          </Stack>
        </li>
      )}
      sx={{ flex: 1, minWidth: 0 }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={translate('app.billing.add_item')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'billing-item-search' },
          }}
        />
      )}
    />
  );
};
