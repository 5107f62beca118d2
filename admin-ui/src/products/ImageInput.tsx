import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import { ImageFileInput } from '../forms/ImageFileInput';
import { PRODUCT_RESOURCES } from './types';

/** The product's picture. */
export const ImageInput = () => (
  <ImageFileInput
    resource={PRODUCT_RESOURCES.products}
    placeholder={<InventoryIcon color="action" />}
    texts="app.products"
    testId="product-image"
  />
);
