import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/chunks';

const campaigns = () => import('./Campaigns');
const Report = lazyPage(() => campaigns().then((m) => m.CampaignCustomersReport));

export { CAMPAIGNS } from './constants';

/** `ads-campaigns` (doc1 §2 marketing-tools): campaigns over WhatsApp, their progress and customers report. */
export const campaignsResource = {
  list: lazyPage(() => campaigns().then((m) => m.CampaignList)),
  create: lazyPage(() => campaigns().then((m) => m.CampaignCreate)),
  edit: lazyPage(() => campaigns().then((m) => m.CampaignEdit)),
  show: lazyPage(() => campaigns().then((m) => m.CampaignShow)),
  icon: CampaignIcon,
  options: { label: 'app.campaigns.menu' },
  // `ads-campaign/{id}/customers-report`
  children: <Route path=":id/customers-report" element={<Report />} />,
};
