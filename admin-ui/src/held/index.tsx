import PauseCircleIcon from '@mui/icons-material/PauseCircleOutlined';
import { lazyPage } from '../shell/chunks';

export { HELD_API_PATHS, ON_HOLD_REPORT } from './types';

/** `on-hold-report`: the invoices held at the till (API `held-invoices`). */
export const onHoldReport = {
  list: lazyPage(() => import('./HeldInvoiceList').then((m) => m.HeldInvoiceList)),
  icon: PauseCircleIcon,
  options: { label: 'app.held.menu' },
};
