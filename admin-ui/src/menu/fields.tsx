import { useGetList, useRecordContext, useTranslate } from 'ra-core';
import type { GlobalInformation } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';
import { asCurrency } from './pricing';
import { MENU_STATUS, namesOf, type NamedItem, type NamedResource } from './types';

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'created_at', order: 'ASC' as const } };

/** Every group (or category) of the salon, oldest first: menus are short, one request serves every screen. */
export const useMenuItems = (resource: NamedResource) => {
  const { data, isPending } = useGetList<NamedItem>(resource, ALL);
  return { items: data ?? [], isPending };
};

/** The name to show in the page's language. */
export const useNameOf = () => {
  const { language } = useArea();
  return (item: Pick<NamedItem, 'name_en' | 'name_ar'>) => namesOf(item, language).main;
};

/** The salon's VAT and currency as the global information has them (refreshed after a VAT change). */
export const useSalonVat = () => {
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const account = information?.global_informations?.account;
  return {
    percentage: account?.vat_percentage ?? 0,
    currency: asCurrency(account?.currency),
    countryId: account?.country_id ?? 1,
  };
};

/**
 * The name in the page's language, the other one smaller under it. Each is isolated (`bdi`) so an
 * English name keeps its order inside a right-to-left page and the other way round.
 */
export const BilingualName = ({ item }: { item?: Pick<NamedItem, 'name_en' | 'name_ar'> }) => {
  const record = useRecordContext<NamedItem>();
  const { language } = useArea();
  const shown = item ?? record;
  if (!shown) return null;
  const { main, other } = namesOf(shown, language);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="name-main">
        <bdi lang={language}>{main}</bdi>
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" data-testid="name-other">
        <bdi lang={language === 'ar' ? 'en' : 'ar'}>{other}</bdi>
      </Typography>
    </Box>
  );
};

export const MenuStatusChip = ({ status }: { status?: number; label?: string; source?: string }) => {
  const record = useRecordContext<NamedItem>();
  const translate = useTranslate();
  const value = status ?? record?.status;
  if (value === undefined) return null;
  const active = value === MENU_STATUS.active;
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={translate(active ? 'app.menu_items.status.active' : 'app.menu_items.status.disabled')}
    />
  );
};
