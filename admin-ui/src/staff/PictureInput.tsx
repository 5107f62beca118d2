import { useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useUploadFile } from '../forms/files';
import { useArea } from '../shell/area';
import { EmployeeAvatar } from './EmployeeAvatar';
import { nameOf } from './types';

/**
 * The employee's picture: uploaded at once (`POST files?purpose=image`, judged by its bytes on the
 * server), the form keeps the file's id. The server's refusal (type, size) shows under the picture.
 */
export const PictureInput = () => {
  const translate = useTranslate();
  const { language } = useArea();
  const { setValue } = useFormContext();
  const fileId = useWatch({ name: 'picture_file_id' }) as string | null | undefined;
  const nameEn = useWatch({ name: 'name_en' }) as string | undefined;
  const nameAr = useWatch({ name: 'name_ar' }) as string | undefined;
  const input = useRef<HTMLInputElement>(null);
  const {
    upload: send,
    uploading: busy,
    refused: error,
  } = useUploadFile('image', 'employees/employees', 'picture_file_id');

  const upload = async (file: File) => {
    const uploaded = await send(file);
    if (input.current) input.current.value = '';
    if (uploaded) setValue('picture_file_id', uploaded.id, { shouldDirty: true });
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 1 }}>
      <EmployeeAvatar
        fileId={fileId}
        name={nameOf({ name_en: nameEn, name_ar: nameAr }, language) || '?'}
        size={72}
      />
      <Stack spacing={0.5}>
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            size="small"
            startIcon={<PhotoCameraIcon />}
            disabled={busy}
            onClick={() => input.current?.click()}
            data-testid="picture-upload"
          >
            {translate(
              busy
                ? 'app.staff.employees.picture.uploading'
                : fileId
                  ? 'app.staff.employees.picture.change'
                  : 'app.staff.employees.picture.upload',
            )}
          </Button>
          {fileId && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => setValue('picture_file_id', null, { shouldDirty: true })}
            >
              {translate('app.staff.employees.picture.remove')}
            </Button>
          )}
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {translate('app.staff.employees.picture.hint')}
        </Typography>
        {error && (
          <FormHelperText error data-testid="picture-error">
            {error}
          </FormHelperText>
        )}
      </Stack>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid="picture-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
        }}
      />
    </Stack>
  );
};
