import { useRef, type ChangeEvent } from 'react';
import { useInput, useTranslate, ValidationError } from 'ra-core';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { fieldLabel } from '../../forms/fieldErrors';
import { useFileUrl, useUploadFile } from '../../forms/files';
import { MENU_RESOURCES } from '../types';

/**
 * The service's picture: the file goes up at once (`POST files?purpose=image`) and the form keeps its id.
 * The server judges the bytes; its refusal (doc2 §5.3: the allowed types, or too large) shows here.
 */
export const ServiceImageInput = () => {
  const translate = useTranslate();
  const picker = useRef<HTMLInputElement>(null);
  const { field, fieldState } = useInput({ source: 'image_file_id' });
  const {
    upload: send,
    uploading,
    refused,
    clearRefused,
  } = useUploadFile('image', MENU_RESOURCES.services, 'image_file_id');
  const url = useFileUrl(field.value);
  const label = fieldLabel(translate, MENU_RESOURCES.services, 'image_file_id');

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const uploaded = await send(file);
    if (uploaded) field.onChange(uploaded.id);
  };

  const error = fieldState.error?.message;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }} data-testid="service-image">
      <Avatar variant="rounded" src={url} alt={label} sx={{ width: 72, height: 72, bgcolor: 'action.hover' }}>
        <ContentCutIcon color="action" />
      </Avatar>
      <Box>
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          {label}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={uploading ? <CircularProgress size={16} /> : <UploadIcon />}
            disabled={uploading}
            onClick={() => picker.current?.click()}
          >
            {translate(field.value ? 'app.services.image_replace' : 'app.services.image_upload')}
          </Button>
          {field.value && (
            <Button
              size="small"
              color="inherit"
              startIcon={<DeleteIcon />}
              onClick={() => {
                clearRefused();
                field.onChange(null);
              }}
            >
              {translate('app.services.image_remove')}
            </Button>
          )}
        </Box>
        <input
          ref={picker}
          type="file"
          accept="image/*"
          hidden
          onChange={(event) => void upload(event)}
          data-testid="service-image-file"
        />
        <FormHelperText error={Boolean(refused || error)} data-testid="service-image-message">
          {refused ?? (error ? <ValidationError error={error} /> : translate('app.services.image_hint'))}
        </FormHelperText>
      </Box>
    </Box>
  );
};
