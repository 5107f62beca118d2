import { Menu, useSidebarState } from 'react-admin';
import { useCanAccess, useTranslate } from 'ra-core';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import AddBoxIcon from '@mui/icons-material/AddBoxOutlined';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import OutboxIcon from '@mui/icons-material/OutboxOutlined';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import ToggleOnIcon from '@mui/icons-material/ToggleOnOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import { useArea } from '../shell/area';
import { PRODUCT_RESOURCES } from './types';

/** A heading over related entries; a line when the sidebar shows icons only (as the layout's own). */
const Section = ({ title }: { title: string }) => {
  const [open] = useSidebarState();
  const translate = useTranslate();
  if (!open) return <Divider sx={{ my: 1 }} />;
  return (
    <ListSubheader
      component="div"
      disableSticky
      sx={{ lineHeight: 2.5, mt: 1, bgcolor: 'transparent', fontWeight: 600, textTransform: 'uppercase' }}
    >
      {translate(title)}
    </ListSubheader>
  );
};

const PageItem = ({ path, label, icon }: { path: string; label: string; icon: React.ReactElement }) => {
  const { basename } = useArea();
  const { canAccess } = useCanAccess({ resource: path, action: 'show' });
  if (!canAccess) return null;
  return <Menu.Item to={`${basename}/${path}`} primaryText={label} leftIcon={icon} />;
};

/**
 * The side menu's "Products" and "Inventory reports" sections: only the entries the user's
 * permissions open (doc2 §6, page 5), and a heading only over a section with entries.
 */
export const ProductsMenu = () => {
  const list = useCanAccess({ resource: PRODUCT_RESOURCES.products, action: 'list' }).canAccess;
  const activate = useCanAccess({ resource: PRODUCT_RESOURCES.active, action: 'show' }).canAccess;
  const stock = useCanAccess({ resource: 'products/add-quantity', action: 'show' }).canAccess;
  const status = useCanAccess({ resource: PRODUCT_RESOURCES.status, action: 'show' }).canAccess;
  const movements = useCanAccess({ resource: PRODUCT_RESOURCES.movements, action: 'list' }).canAccess;
  const internalUse = useCanAccess({ resource: PRODUCT_RESOURCES.internalUse, action: 'show' }).canAccess;
  const products = Boolean(list || activate || stock);
  const reports = Boolean(status || movements || internalUse);
  return (
    <>
      {products && <Section title="app.products.menu_section" />}
      <Menu.ResourceItem name={PRODUCT_RESOURCES.products} />
      <PageItem path={PRODUCT_RESOURCES.active} label="app.products.activate" icon={<ToggleOnIcon />} />
      <PageItem path="products/add-quantity" label="app.stock.add-quantity.title" icon={<AddBoxIcon />} />
      <PageItem path="products/adjust-quantity" label="app.stock.adjust-quantity.title" icon={<TuneIcon />} />
      <PageItem path="products/internal-use" label="app.stock.internal-use.title" icon={<OutboxIcon />} />
      <Menu.ResourceItem name={PRODUCT_RESOURCES.operations} />
      {reports && <Section title="app.inventory.menu_section" />}
      <PageItem
        path={PRODUCT_RESOURCES.status}
        label="app.inventory.status_title"
        icon={<AssessmentIcon />}
      />
      <Menu.ResourceItem name={PRODUCT_RESOURCES.movements} />
      <PageItem
        path={PRODUCT_RESOURCES.internalUse}
        label="app.inventory.internal_use_title"
        icon={<FactCheckIcon />}
      />
    </>
  );
};
