import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import { lazyPage } from '../shell/chunks';

/** `setting/whatsapp-simulator`: the local WhatsApp simulator's phones. */
export const whatsappSimulator = {
  list: lazyPage(() => import('./WhatsAppSimulatorList').then((m) => m.WhatsAppSimulatorList)),
  icon: PhoneIphoneIcon,
  options: { label: 'app.messaging.simulator.menu' },
};

export { MESSAGING_API_PATHS, WHATSAPP_SIMULATOR, reminderNotice } from './types';
export { MessagesPanel } from './MessagesPanel';
