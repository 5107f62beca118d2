import CardGiftcardIcon from '@mui/icons-material/CardGiftcardOutlined';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import { lazyPage } from '../shell/chunks';
import { BUNDLE_RESOURCES, type BundleResource } from './types';

export { BUNDLE_API_PATHS, BUNDLE_RESOURCES } from './types';

/** Each screen is its own chunk, fetched when first opened. */
const BundleList = lazyPage(() => import('./BundleList').then((m) => m.BundleList));
const BundleCreate = lazyPage(() => import('./BundlePages').then((m) => m.BundleCreate));
const BundleEdit = lazyPage(() => import('./BundlePages').then((m) => m.BundleEdit));

const screens = (resource: BundleResource) => ({
  // keyed: going from one tab to the other mounts a fresh list, not the other's rows under new columns
  list: <BundleList key={resource} resource={resource} />,
  create: <BundleCreate key={resource} resource={resource} />,
  edit: <BundleEdit key={resource} resource={resource} />,
});

/** `menu/offers` (spec doc1 §2). */
export const offers = {
  ...screens(BUNDLE_RESOURCES.offers),
  icon: LocalOfferIcon,
  options: { label: 'app.offers.title' },
};

/** `menu/packages`, the second tab of the offers screen. */
export const packages = {
  ...screens(BUNDLE_RESOURCES.packages),
  icon: CardGiftcardIcon,
  options: { label: 'app.packages.title' },
};
