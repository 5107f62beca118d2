import EventIcon from '@mui/icons-material/EventOutlined';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActiveOutlined';
import PhoneCallbackIcon from '@mui/icons-material/PhoneCallbackOutlined';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import HowToRegIcon from '@mui/icons-material/HowToRegOutlined';
import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import { lazyPage } from '../shell/chunks';

const lists = () => import('./VisitLists');

/** `appointments` (doc1 §2): the appointment book, a calendar rather than a list. */
export const appointments = {
  list: lazyPage(() => import('./AppointmentCalendar').then((m) => m.AppointmentCalendar)),
  icon: EventIcon,
  options: { label: 'app.appointments.menu' },
};

/** `pos/appointments-reminder`: tomorrow's visits to remind. */
export const reminders = {
  list: lazyPage(() => lists().then((m) => m.RemindersList)),
  icon: NotificationsActiveIcon,
  options: { label: 'app.appointments.menu_items.reminders' },
};

/** `pos/no-show-reschedule`: no-shows to call back and book again. */
export const noShows = {
  list: lazyPage(() => lists().then((m) => m.NoShowList)),
  icon: PhoneCallbackIcon,
  options: { label: 'app.appointments.menu_items.no_shows' },
};

/** The three appointment reports (doc1 §2). */
export const appointmentsReport = {
  list: lazyPage(() => lists().then((m) => m.AppointmentsReport)),
  icon: AssessmentIcon,
  options: { label: 'app.appointments.menu_items.report' },
};
export const checkinReport = {
  list: lazyPage(() => lists().then((m) => m.CheckinReport)),
  icon: HowToRegIcon,
  options: { label: 'app.appointments.menu_items.checkin' },
};
export const cancellationReasonsReport = {
  list: lazyPage(() => lists().then((m) => m.CancellationReasonsReport)),
  icon: EventBusyIcon,
  options: { label: 'app.appointments.menu_items.reasons' },
};

/** `cancellation-reasons`: the salon's reasons, kept in the settings. */
export const cancellationReasons = {
  list: lazyPage(() => import('./CancellationReasons').then((m) => m.CancellationReasonsList)),
  icon: EventBusyIcon,
  options: { label: 'app.appointments.reasons.title' },
};

/** The screens' API paths (docs/api.md). */
export const APPOINTMENTS_API_PATHS: Record<string, string> = {
  'pos/appointments-reminder': 'appointments',
  'pos/no-show-reschedule': 'appointments',
  'reports/appointments-report': 'reports/appointments',
  'reports/checkin-checkout-report': 'reports/checkin-checkout',
};
