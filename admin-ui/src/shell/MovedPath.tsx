import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useArea } from './area';

/**
 * A screen's old address, kept so a bookmark or a link in an old message still opens it: it leads to
 * the address the spec writes (issue 24), with what followed the old path and its query, and replaces
 * the old one in the history (the back button does not bounce on it).
 */
export const MovedPath = ({ to }: { to: string }) => {
  const { basename } = useArea();
  const { search, hash } = useLocation();
  const rest = useParams()['*'];
  return <Navigate to={`${basename}/${to}${rest ? `/${rest}` : ''}${search}${hash}`} replace />;
};

/** The old addresses of the merchant's screens and where each one is now. */
export const MOVED_PATHS: Record<string, string> = {
  payments: 'accounting/payments',
  'total-sales/credit-note': 'accounting/total-sales/credit-note',
  'total-sales/debit-note': 'accounting/total-sales/debit-note',
};
