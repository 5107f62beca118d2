import SpaIcon from '@mui/icons-material/SpaOutlined';
import { lazyPage } from '../shell/chunks';

/** `reports/unused-customers-offers-report`: what customers have left of the offers and packages they bought. */
export const unusedOffersReport = {
  list: lazyPage(() => import('./UnusedOffersReport').then((m) => m.UnusedOffersReport)),
  icon: SpaIcon,
  options: { label: 'app.customer_offers.report.menu' },
};

export { UNUSED_OFFERS_REPORT, eOfferPath } from './types';
