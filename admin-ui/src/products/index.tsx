import { Route } from 'react-router-dom';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import TimelineIcon from '@mui/icons-material/Timeline';
import { lazyPage } from '../shell/chunks';
import { PRODUCT_RESOURCES } from './types';

export { PRODUCT_RESOURCES, PRODUCTS_API_PATHS } from './types';

/** Each screen is its own chunk, fetched when first opened. */
const ActiveProductsPage = lazyPage(() => import('./ActiveProductsPage').then((m) => m.ActiveProductsPage));
const StockOperationPage = lazyPage(() => import('./StockOperationPage').then((m) => m.StockOperationPage));
const InventoryStatusPage = lazyPage(() =>
  import('./InventoryStatusPage').then((m) => m.InventoryStatusPage),
);
const InternalUseReportPage = lazyPage(() =>
  import('./InternalUseReportPage').then((m) => m.InternalUseReportPage),
);
const MovementsList = lazyPage(() => import('./MovementsList').then((m) => m.MovementsList));

/** `products/define-product`: the products list, with create and edit. */
export const products = {
  list: lazyPage(() => import('./ProductList').then((m) => m.ProductList)),
  create: lazyPage(() => import('./ProductForm').then((m) => m.ProductCreate)),
  edit: lazyPage(() => import('./ProductForm').then((m) => m.ProductEdit)),
  icon: InventoryIcon,
  options: { label: 'app.products.title' },
};

/** `products/stock-operations`: every stock movement. */
export const stockOperations = {
  list: <MovementsList resource={PRODUCT_RESOURCES.operations} title="app.stock.operations_title" />,
  icon: SwapVertIcon,
  options: { label: 'app.stock.operations_title' },
};

/** `reports/inventory-movements`: the same movements, as the inventory report. */
export const inventoryMovements = {
  list: <MovementsList resource={PRODUCT_RESOURCES.movements} title="app.inventory.movements_title" />,
  icon: TimelineIcon,
  options: { label: 'app.inventory.movements_title' },
};

/** The screens that are pages rather than lists, with their layout (for `<CustomRoutes>`). */
export const productRoutes = [
  <Route key="active" path={`/${PRODUCT_RESOURCES.active}`} element={<ActiveProductsPage />} />,
  <Route key="add" path="/products/add-quantity" element={<StockOperationPage screen="add-quantity" />} />,
  <Route
    key="adjust"
    path="/products/adjust-quantity"
    element={<StockOperationPage screen="adjust-quantity" />}
  />,
  <Route
    key="internal"
    path="/products/internal-use"
    element={<StockOperationPage screen="internal-use" />}
  />,
  <Route key="status" path={`/${PRODUCT_RESOURCES.status}`} element={<InventoryStatusPage />} />,
  <Route
    key="internal-report"
    path={`/${PRODUCT_RESOURCES.internalUse}`}
    element={<InternalUseReportPage />}
  />,
];
