import { Link, useLocation } from 'react-router-dom';
import { CreateButton, DataTable, List, SelectInput, TopToolbar } from 'react-admin';
import { useCanAccess, useCreatePath, useRecordContext, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import { useFormat } from '../format/useFormat';
import { BilingualName } from '../menu/fields';
import { SearchFilter } from '../menu/filters';
import { priceMinor } from '../menu/pricing';
import { BundleStatusChip } from './BundleActions';
import { BUNDLE_RESOURCES, type BundleResource, type Offer, type Package } from './types';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useNameField } from '../shell/names';

// The texts of each kind: `app.offers.*`, `app.packages.*`.
const TEXTS: Record<BundleResource, string> = {
  'menu/offers': 'offers',
  'menu/packages': 'packages',
};

/** Offers and packages are two tabs of one screen: each tab its own address. */
export const BundleTabs = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { pathname } = useLocation();
  const packages = createPath({ resource: BUNDLE_RESOURCES.packages, type: 'list' });
  const value = pathname.startsWith(packages) ? BUNDLE_RESOURCES.packages : BUNDLE_RESOURCES.offers;
  return (
    <Tabs value={value} variant="scrollable" scrollButtons="auto" sx={{ mb: 1 }}>
      {[BUNDLE_RESOURCES.offers, BUNDLE_RESOURCES.packages].map((resource) => (
        <Tab
          key={resource}
          value={resource}
          label={translate(`app.${TEXTS[resource]}.title`)}
          component={Link}
          to={createPath({ resource, type: 'list' })}
          data-testid={`tab-${resource.split('/')[1]}`}
        />
      ))}
    </Tabs>
  );
};

const Empty = ({ resource }: { resource: BundleResource }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%' }}>
      <BundleTabs />
      <Box sx={{ textAlign: 'center', py: 8, px: 2 }} data-testid="list-empty">
        <LocalOfferIcon sx={{ fontSize: 72, color: 'primary.light' }} />
        <Typography variant="h6" component="p" sx={{ mt: 1 }}>
          {translate(`app.${TEXTS[resource]}.empty`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {translate(`app.${TEXTS[resource]}.empty_hint`)}
        </Typography>
        <CreateButton variant="contained" />
      </Box>
    </Box>
  );
};

/** The price before VAT against the services' total, and what the customer saves. */
const PriceVsTotal = () => {
  const record = useRecordContext<Offer | Package>();
  const translate = useTranslate();
  const { money } = useFormat();
  if (!record) return null;
  const total = priceMinor(record.items_total, record.currency);
  return (
    <Box sx={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="bundle-price">
        {money(record.price_minor)}
      </Typography>
      {total !== undefined && (
        <Typography variant="caption" color="text.secondary" component="div">
          <Box component="s" data-testid="bundle-total">
            {money(total)}
          </Box>{' '}
          · {translate('app.offers.saving', { amount: money(total - record.price_minor) })}
        </Typography>
      )}
    </Box>
  );
};

const WithVat = () => {
  const record = useRecordContext<Offer | Package>();
  const { money } = useFormat();
  return record ? (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {money(record.price_with_vat_minor)}
    </Box>
  ) : null;
};

const OfferUse = () => {
  const record = useRecordContext<Offer>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box>
      <Typography variant="body2">{translate(`app.offers.types.${record.type}`)}</Typography>
      <Typography variant="caption" color="text.secondary">
        {record.use_type === 2
          ? translate('app.offers.choose_of', {
              max: record.max_services_to_use ?? 0,
              smart_count: (record.service_ids ?? []).length,
            })
          : translate('app.offers.all_of', { smart_count: (record.service_ids ?? []).length })}
      </Typography>
    </Box>
  );
};

const PackageSessions = () => {
  const record = useRecordContext<Package>();
  const translate = useTranslate();
  if (!record) return null;
  const sessions = (record.items ?? []).reduce((sum, item) => sum + item.sessions, 0);
  return (
    <Box>
      <Typography variant="body2">
        {translate('app.packages.sessions_count', { smart_count: sessions })}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate('app.packages.valid_days', { smart_count: record.validity_days })}
      </Typography>
    </Box>
  );
};

const Expiry = () => {
  const record = useRecordContext<Offer>();
  const { date } = useFormat();
  return record ? <Box sx={{ whiteSpace: 'nowrap' }}>{date(record.expiry_date)}</Box> : null;
};

const statusChoices = ['active', 'paused', 'disabled'].map((id) => ({ id, name: `app.offers.status.${id}` }));

/** Offers (or packages): names, what the customer gets, price against the services' total, status. */
export const BundleList = ({ resource }: { resource: BundleResource }) => {
  const nameField = useNameField();
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const offers = resource === BUNDLE_RESOURCES.offers;
  return (
    <List
      resource={resource}
      title={translate(`app.${TEXTS[resource]}.title`)}
      filters={[
        <SearchFilter key="q" source="q" alwaysOn placeholder="app.offers.search" />,
        <SelectInput key="status" source="status" choices={statusChoices} alwaysOn sx={{ minWidth: 160 }} />,
      ]}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      exporter={false}
      empty={<Empty resource={resource} />}
    >
      <Box sx={{ px: 2, pt: 1 }}>
        <BundleTabs />
      </Box>
      <ResponsiveDataTable<Offer | Package>
        primaryText={() => <BilingualName />}
        secondaryText={() => <WithVat />}
        tertiaryText={() => <BundleStatusChip />}

        rowClick={canEdit ? 'edit' : false}
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary">
            {translate('app.offers.no_results')}
          </Typography>
        }
      >
        <DataTable.Col
          source={nameField}
          label={`resources.${resource}.fields.name`}
          render={() => <BilingualName />}
        />
        {offers ? (
          <DataTable.Col source="use_type" disableSort render={() => <OfferUse />} />
        ) : (
          <DataTable.Col source="items" disableSort render={() => <PackageSessions />} />
        )}
        <DataTable.Col source="price" align="right" render={() => <PriceVsTotal />} />
        <DataTable.Col source="price_with_vat" align="right" disableSort render={() => <WithVat />} />
        {offers && <DataTable.Col source="expiry_date" render={() => <Expiry />} />}
        <DataTable.Col source="status" disableSort render={() => <BundleStatusChip />} />
      </ResponsiveDataTable>
    </List>
  );
};
