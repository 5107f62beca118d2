import HistoryIcon from '@mui/icons-material/History';
import { lazyPage } from '../shell/chunks';

export default {
  list: lazyPage(() => import('./AuditLogList').then((m) => m.AuditLogList)),
  icon: HistoryIcon,
  options: { label: 'app.audit.title' },
};
