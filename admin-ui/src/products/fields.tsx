import { useRecordContext, useTranslate } from 'ra-core';
import { codeLabelKey, type GlobalInformation } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useFormat } from '../format/useFormat';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { asCurrency } from '../menu/pricing';
import { useArea } from '../shell/area';
import { carriesVat, PRODUCT_STATUS, type Product } from './types';

/** The salon's VAT and currency, and the VAT a product of this VAT type carries (none for types 2-4). */
export const useProductVat = (vatType?: unknown) => {
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const account = information?.global_informations?.account;
  const salon = account?.vat_percentage ?? 0;
  return {
    salon,
    percentage: carriesVat(vatType) ? salon : 0,
    currency: asCurrency(account?.currency),
    countryId: account?.country_id ?? 1,
  };
};

/** The name in the page's language, the other one smaller under it, each isolated for its direction. */
export const ProductName = ({ product }: { product?: Pick<Product, 'name_en' | 'name_ar'> | null }) => {
  const record = useRecordContext<Product>();
  const { language } = useArea();
  const shown = product ?? record;
  if (!shown) return null;
  const [main, other] = language === 'ar' ? [shown.name_ar, shown.name_en] : [shown.name_en, shown.name_ar];
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="name-main">
        <bdi lang={language}>{main}</bdi>
      </Typography>
      {other && (
        <Typography variant="caption" color="text.secondary" component="div" data-testid="name-other">
          <bdi lang={language === 'ar' ? 'en' : 'ar'}>{other}</bdi>
        </Typography>
      )}
    </Box>
  );
};

/** The name of a product in the page's language (the other when that one is missing). */
export const useProductNameOf = () => {
  const { language } = useArea();
  return (p: { name_en?: string | null; name_ar?: string | null }) =>
    (language === 'ar' ? p.name_ar || p.name_en : p.name_en || p.name_ar) ?? '';
};

export const ProductStatusChip = (_: { label?: string; source?: string }) => {
  const record = useRecordContext<Product>();
  const translate = useTranslate();
  if (!record) return null;
  const active = record.status === PRODUCT_STATUS.active;
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={translate(active ? 'app.products.status.active' : 'app.products.status.disabled')}
    />
  );
};

export const LowStockChip = () => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color="warning"
      icon={<WarningAmberIcon />}
      label={translate('app.products.low_stock')}
      data-testid="low-stock"
    />
  );
};

/** What is on the shelf, with the low-stock badge when it reached the warning level. */
export const QuantityField = (_: { label?: string; source?: string }) => {
  const record = useRecordContext<Product>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {record.low_stock && <LowStockChip />}
        <Box
          component="span"
          sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}
          data-testid="quantity"
        >
          {record.quantity}
        </Box>
      </Box>
      {typeof record.warning_level === 'number' && (
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {translate('app.products.warning_at', { level: record.warning_level })}
        </Typography>
      )}
    </Box>
  );
};

/** An amount in minor units, in the account's currency; never computed here, only shown. */
export const MoneyText = ({ minor, testId }: { minor?: number | null; testId?: string }) => {
  const { money } = useFormat();
  return (
    <Box
      component="span"
      sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      data-testid={testId}
    >
      {typeof minor === 'number' ? money(minor) : ''}
    </Box>
  );
};

/** A coded value's label (`codes.<enumeration>.<name>`). */
export const CodeText = ({ code, value }: { code: Parameters<typeof codeLabelKey>[0]; value: unknown }) => {
  const translate = useTranslate();
  if (typeof value !== 'number') return null;
  return <>{translate(codeLabelKey(code, value))}</>;
};
