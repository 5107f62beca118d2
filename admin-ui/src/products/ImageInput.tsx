import { useRef, useState, type ChangeEvent } from 'react';
import { useInput, useTranslate } from 'ra-core';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { fieldLabel } from '../forms/fieldErrors';
import { isHandled, isHttpError, messageParams } from '../http/errors';
import { useArea } from '../shell/area';
import { useFileUrl } from './fields';
import { PRODUCT_RESOURCES } from './types';

/** An error of the form: a message key with its arguments, or react-admin's wrapped translated one. */
const useErrorText = () => {
  const translate = useTranslate();
  return (message: string | undefined) => {
    if (!message) return '';
    const wrapped = /^@@react-admin@@(.*)$/.exec(message);
    if (!wrapped) return translate(message, { _: message });
    const { message: key, args } = JSON.parse(wrapped[1]) as {
      message: string;
      args: Record<string, unknown>;
    };
    return translate(key, args);
  };
};

/**
 * The product's picture: the file goes up at once (`POST files?purpose=image`), the form keeps its id.
 * The server judges the bytes; its refusal (not an image, too large) shows under the picture.
 */
export const ImageInput = () => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const { http, apiBase } = useArea();
  const picker = useRef<HTMLInputElement>(null);
  const { field, fieldState } = useInput({ source: 'image_file_id' });
  const [uploading, setUploading] = useState(false);
  const [refused, setRefused] = useState<string>();
  const url = useFileUrl(field.value as string | undefined);
  const label = fieldLabel(translate, PRODUCT_RESOURCES.products, 'image_file_id');

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    setRefused(undefined);
    try {
      const { json } = await http(`${apiBase}/files?purpose=image&name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        body: file,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      });
      field.onChange((json as { id: string }).id);
    } catch (error) {
      if (isHandled(error)) return;
      const key = isHttpError(error) ? (error.body?.errors?.file ?? error.message) : 'app.errors.unknown';
      setRefused(translate(key, { ...messageParams(error), field: label }));
    } finally {
      setUploading(false);
    }
  };

  const message = refused ?? (fieldState.error ? errorText(fieldState.error.message) : undefined);
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
                setRefused(undefined);
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
        <FormHelperText error={Boolean(message)} data-testid="image-message">
          {message || translate('app.products.image_hint')}
        </FormHelperText>
      </Box>
    </Box>
  );
};
