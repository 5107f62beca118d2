import EventIcon from '@mui/icons-material/EventOutlined';
import { lazyPage } from '../shell/chunks';

/** `appointments` (doc1 §2): the appointment book, a calendar rather than a list. */
export const appointments = {
  list: lazyPage(() => import('./AppointmentCalendar').then((m) => m.AppointmentCalendar)),
  icon: EventIcon,
  options: { label: 'app.appointments.menu' },
};
