import ContentCutIcon from '@mui/icons-material/ContentCut';
import { ImageFileInput } from '../../forms/ImageFileInput';
import { MENU_RESOURCES } from '../types';

/** The service's picture (shown to customers online). */
export const ServiceImageInput = () => (
  <ImageFileInput
    resource={MENU_RESOURCES.services}
    placeholder={<ContentCutIcon color="action" />}
    texts={{
      upload: 'app.services.image_upload',
      replace: 'app.services.image_replace',
      remove: 'app.services.image_remove',
      hint: 'app.services.image_hint',
    }}
    testId="service-image"
    showLabel
  />
);
