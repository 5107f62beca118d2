import ContentCutIcon from '@mui/icons-material/ContentCut';
import { ImageFileInput } from '../../forms/ImageFileInput';
import { MENU_RESOURCES } from '../types';

/** The service's picture (shown to customers online). */
export const ServiceImageInput = () => (
  <ImageFileInput
    resource={MENU_RESOURCES.services}
    placeholder={<ContentCutIcon color="action" />}
    texts="app.services"
    testId="service-image"
    showLabel
  />
);
