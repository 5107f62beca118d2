import { useRef, useState } from 'react';
import { useInput, useTranslate } from 'ra-core';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import ImageIcon from '@mui/icons-material/Image';
import UploadIcon from '@mui/icons-material/Upload';
import { fieldLabel } from '../forms/fieldErrors';
import { useFileUrl, useUploadFile, type UploadedFile } from '../forms/files';
import { SETTINGS } from './payloads';

/**
 * The salon's logo (printed on invoices): a square image uploaded with `POST files?purpose=logo`;
 * the form keeps its file id. The server judges the bytes; its message shows under the input.
 */
export const LogoInput = ({ readOnly }: { readOnly: boolean }) => {
  const translate = useTranslate();
  const { field } = useInput({ source: 'logo_file_id' });
  const input = useRef<HTMLInputElement>(null);
  const { upload: send, uploading, refused: error } = useUploadFile('logo', SETTINGS, 'logo_file_id');
  const [uploaded, setUploaded] = useState<UploadedFile>();
  const url = useFileUrl(field.value);

  const upload = async (file: File) => {
    const answer = await send(file);
    if (input.current) input.current.value = '';
    if (!answer) return;
    setUploaded(answer);
    field.onChange(answer.id);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1 }} data-testid="logo-input">
      <Avatar variant="rounded" src={url} sx={{ width: 72, height: 72, bgcolor: 'grey.200' }}>
        <ImageIcon color="disabled" />
      </Avatar>
      <Box sx={{ flex: 1 }}>
        <Typography variant="subtitle2">{fieldLabel(translate, SETTINGS, 'logo_file_id')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {uploaded
            ? translate('app.settings.logo.uploaded', { name: uploaded.name })
            : field.value
              ? translate('app.settings.logo.set')
              : translate('app.settings.logo.none')}
        </Typography>
        {error && (
          <FormHelperText error data-testid="logo-error">
            {error}
          </FormHelperText>
        )}
        <FormHelperText>{translate('app.settings.logo.hint')}</FormHelperText>
      </Box>
      {!readOnly && (
        <>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            hidden
            data-testid="logo-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          <Button
            variant="outlined"
            startIcon={<UploadIcon />}
            disabled={uploading}
            onClick={() => input.current?.click()}
          >
            {translate(uploading ? 'app.settings.logo.uploading' : 'app.settings.logo.choose')}
          </Button>
        </>
      )}
    </Box>
  );
};
