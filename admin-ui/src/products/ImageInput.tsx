import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import { ImageFileInput } from '../forms/ImageFileInput';
import { PRODUCT_RESOURCES } from './types';

/** The product's picture. */
export const ImageInput = () => (
  <ImageFileInput
    resource={PRODUCT_RESOURCES.products}
    placeholder={<InventoryIcon color="action" />}
    texts={{
      upload: 'app.products.image_upload',
      replace: 'app.products.image_replace',
      remove: 'app.products.image_remove',
      hint: 'app.products.image_hint',
    }}
    testId="product-image"
  />
);
