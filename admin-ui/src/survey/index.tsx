import ReportIcon from '@mui/icons-material/ReportProblemOutlined';
import ReviewsIcon from '@mui/icons-material/ReviewsOutlined';
import { lazyPage } from '../shell/chunks';

const complaints = () => import('./Complaints');

/** `reports/surveys-report` (page 6, 38): the customers' ratings by employee and service. */
export const surveysReport = {
  list: lazyPage(() => import('./SurveysReport').then((m) => m.SurveysReport)),
  icon: ReviewsIcon,
  options: { label: 'app.feedback.menu.surveys' },
};

/** `reports/complaints` (page 6, 39): opened by low ratings and by the front desk, dealt with, resolved. */
export const complaintsResource = {
  list: lazyPage(() => complaints().then((m) => m.ComplaintList)),
  show: lazyPage(() => complaints().then((m) => m.ComplaintShow)),
  create: lazyPage(() => complaints().then((m) => m.ComplaintCreate)),
  icon: ReportIcon,
  options: { label: 'app.feedback.menu.complaints' },
};
