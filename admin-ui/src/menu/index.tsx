import { Route } from 'react-router-dom';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import WorkspacesIcon from '@mui/icons-material/WorkspacesOutlined';
import { lazyPage } from '../shell/chunks';
import { MENU_RESOURCES } from './types';

/** Each screen is its own chunk, fetched when first opened. */
const ActivationPage = lazyPage(() => import('./ActivationPage').then((m) => m.ActivationPage));
const NamedList = lazyPage(() => import('./named/NamedList').then((m) => m.NamedList));
const NamedCreate = lazyPage(() => import('./named/NamedForm').then((m) => m.NamedCreate));
const NamedEdit = lazyPage(() => import('./named/NamedForm').then((m) => m.NamedEdit));

/** `menu/services`, with `menu/services/activate-services` (spec doc1 §2). */
export const services = {
  list: lazyPage(() => import('./services/ServiceList').then((m) => m.ServiceList)),
  create: lazyPage(() => import('./services/ServiceCreate').then((m) => m.ServiceCreate)),
  edit: lazyPage(() => import('./services/ServiceEdit').then((m) => m.ServiceEdit)),
  icon: ContentCutIcon,
  options: { label: 'app.services.title' },
  children: (
    <Route path="activate-services" element={<ActivationPage resource={MENU_RESOURCES.services} />} />
  ),
};

const named = (resource: typeof MENU_RESOURCES.groups | typeof MENU_RESOURCES.categories) => ({
  list: <NamedList resource={resource} />,
  create: <NamedCreate resource={resource} />,
  edit: <NamedEdit resource={resource} />,
  children: <Route path="activate" element={<ActivationPage resource={resource} />} />,
});

/** `menu/groups` (where a salon expects its service groups), with `menu/groups/activate`. */
export const groups = {
  ...named(MENU_RESOURCES.groups),
  icon: WorkspacesIcon,
  options: { label: 'app.groups.title' },
};

/** `menu/categories`, with `menu/categories/activate` (spec doc1 §2). */
export const categories = {
  ...named(MENU_RESOURCES.categories),
  icon: CategoryIcon,
  options: { label: 'app.categories.title' },
};
