import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import { lazyPage } from '../shell/chunks';

/** `pos/system-updates`: what the platform told the salon (every signed-in user). */
export const systemUpdates = {
  list: lazyPage(() => import('./SystemUpdates').then((m) => m.SystemUpdatesPage)),
  icon: CampaignIcon,
  options: { label: 'app.notifications.updates_title' },
};
