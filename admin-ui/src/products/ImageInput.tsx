import { useRef, type ChangeEvent } from 'react';
import { useInput, useTranslate, ValidationError } from 'ra-core';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { fieldLabel } from '../forms/fieldErrors';
import { useFileUrl, useUploadFile } from '../forms/files';
import { PRODUCT_RESOURCES } from './types';

/**
 * The product's picture: the file goes up at once (`POST files?purpose=image`), the form keeps its id.
 * The server judges the bytes; its refusal (not an image, too large) shows under the picture.
 */
export const ImageInput = () => {
  const translate = useTranslate();
  const picker = useRef<HTMLInputElement>(null);
  const { field, fieldState } = useInput({ source: 'image_file_id' });
  const {
    upload: send,
    uploading,
    refused,
    clearRefused,
  } = useUploadFile('image', PRODUCT_RESOURCES.products, 'image_file_id');
  const url = useFileUrl(field.value as string | undefined);
  const label = fieldLabel(translate, PRODUCT_RESOURCES.products, 'image_file_id');

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const uploaded = await send(file);
    if (uploaded) field.onChange(uploaded.id);
  };

  const error = fieldState.error?.message;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }} data-testid="product-image">
      <Avatar variant="rounded" src={url} alt={label} sx={{ width: 72, height: 72, bgcolor: 'action.hover' }}>
        <InventoryIcon color="action" />
      </Avatar>
      <Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={uploading ? <CircularProgress size={16} /> : <UploadIcon />}
            disabled={uploading}
            onClick={() => picker.current?.click()}
          >
            {translate(field.value ? 'app.products.image_replace' : 'app.products.image_upload')}
          </Button>
          {field.value && (
            <Button
              size="small"
              color="inherit"
              startIcon={<DeleteOutlineIcon />}
              onClick={() => {
                clearRefused();
                field.onChange(null);
              }}
            >
              {translate('app.products.image_remove')}
            </Button>
          )}
        </Box>
        <input
          ref={picker}
          type="file"
          accept="image/*"
          hidden
          onChange={(event) => void upload(event)}
          data-testid="image-file"
        />
        <FormHelperText error={Boolean(refused || error)} data-testid="image-message">
          {refused ?? (error ? <ValidationError error={error} /> : translate('app.products.image_hint'))}
        </FormHelperText>
      </Box>
    </Box>
  );
};
