import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { useInput, useTranslate, ValidationError } from 'ra-core';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { fieldLabel } from './fieldErrors';
import { useFileUrl, useUploadFile } from './files';

/**
 * A record's picture (a service's, a product's): the file goes up at once (`POST files?purpose=image`)
 * and the form keeps its id in `source`. The server judges the bytes; its refusal (doc2 §5.3: the
 * allowed types, or too large) shows under the picture. `texts` are the message keys of its buttons
 * and hint; test ids come from `testId` (`-file`, `-message`).
 */
export const ImageFileInput = ({
  resource,
  source = 'image_file_id',
  placeholder,
  texts,
  testId,
  showLabel = false,
}: {
  resource: string;
  source?: string;
  /** shown while there is no picture */
  placeholder: ReactNode;
  texts: { upload: string; replace: string; remove: string; hint: string };
  testId: string;
  showLabel?: boolean;
}) => {
  const translate = useTranslate();
  const picker = useRef<HTMLInputElement>(null);
  const { field, fieldState } = useInput({ source });
  const { upload: send, uploading, refused, clearRefused } = useUploadFile('image', resource, source);
  const url = useFileUrl(field.value);
  const label = fieldLabel(translate, resource, source);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const uploaded = await send(file);
    if (uploaded) field.onChange(uploaded.id);
  };

  const error = fieldState.error?.message;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }} data-testid={testId}>
      <Avatar variant="rounded" src={url} alt={label} sx={{ width: 72, height: 72, bgcolor: 'action.hover' }}>
        {placeholder}
      </Avatar>
      <Box>
        {showLabel && (
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {label}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={uploading ? <CircularProgress size={16} /> : <UploadIcon />}
            disabled={uploading}
            onClick={() => picker.current?.click()}
          >
            {translate(field.value ? texts.replace : texts.upload)}
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
              {translate(texts.remove)}
            </Button>
          )}
        </Box>
        <input
          ref={picker}
          type="file"
          accept="image/*"
          hidden
          onChange={(event) => void upload(event)}
          data-testid={`${testId}-file`}
        />
        <FormHelperText error={Boolean(refused || error)} data-testid={`${testId}-message`}>
          {refused ?? (error ? <ValidationError error={error} /> : translate(texts.hint))}
        </FormHelperText>
      </Box>
    </Box>
  );
};
