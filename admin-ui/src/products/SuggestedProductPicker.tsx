import { useEffect, useState } from 'react';
import { useTranslate } from 'ra-core';
import { useFormContext } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { decimalsOf } from '@rawnaq/contracts';
import { withVatText } from '../menu/pricing';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useArea } from '../shell/area';
import { useProductVat } from './fields';

type Suggested = { id: string; name_en: string; name_ar: string; prices?: Record<string, number> };

/**
 * A new product may start from one the platform suggests (the manager's `platform-setting/
 * suggested-products`): its names, and its price in the salon's currency when it has one. Nothing
 * shows when the platform suggests none.
 */
export const SuggestedProductPicker = () => {
  const translate = useTranslate();
  const { language } = useArea();
  const dataProvider = useAppDataProvider();
  const { setValue, getValues } = useFormContext();
  const { currency, percentage } = useProductVat(getValues('vat_type'));
  const [suggested, setSuggested] = useState<Suggested[]>([]);
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    let live = true;
    dataProvider
      .send<Suggested[]>('GET', `platform-lists/suggested-products?range=${encodeURIComponent('[0,199]')}`)
      .then((list) => live && setSuggested(Array.isArray(list) ? list : []))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dataProvider]);
  if (suggested.length === 0) return null;
  const pick = (id: string) => {
    setChosen(id);
    const p = suggested.find((s) => s.id === id);
    if (!p) return;
    const dirty = { shouldDirty: true };
    setValue('name_en', p.name_en, dirty);
    setValue('name_ar', p.name_ar, dirty);
    const minor = p.prices?.[currency];
    if (typeof minor === 'number') {
      const price = (minor / 10 ** decimalsOf(currency)).toFixed(decimalsOf(currency));
      setValue('price', price, dirty);
      setValue('price_with_vat', withVatText(price, percentage, currency), dirty);
    }
  };
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={translate('app.products.suggested')}
      helperText={translate('app.products.suggested_hint')}
      value={chosen}
      onChange={(e) => pick(e.target.value)}
      data-testid="product-suggestion"
      sx={{ mb: 2 }}
    >
      {suggested.map((s) => (
        <MenuItem key={s.id} value={s.id}>
          <bdi>{language === 'ar' ? s.name_ar || s.name_en : s.name_en || s.name_ar}</bdi>
        </MenuItem>
      ))}
    </TextField>
  );
};
