import PeopleIcon from '@mui/icons-material/People';
import { lazyPage } from '../shell/chunks';
import type { Customer } from './types';

/** Each screen is its own chunk, fetched when first opened. */
export default {
  list: lazyPage(() => import('./CustomerList').then((m) => m.CustomerList)),
  create: lazyPage(() => import('./CustomerCreate').then((m) => m.CustomerCreate)),
  edit: lazyPage(() => import('./CustomerEdit').then((m) => m.CustomerEdit)),
  show: lazyPage(() => import('./CustomerShow').then((m) => m.CustomerShow)),
  icon: PeopleIcon,
  recordRepresentation: (customer: Customer) => customer.name,
  options: { label: 'app.customers.title' },
};
