import { useEffect, useRef, useState } from 'react';
import { useInput, useTranslate } from 'ra-core';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import ImageIcon from '@mui/icons-material/Image';
import UploadIcon from '@mui/icons-material/Upload';
import { fieldLabel } from '../forms/fieldErrors';
import { isHttpError } from '../http/errors';
import { useArea } from '../shell/area';
import { SETTINGS } from './payloads';

type Uploaded = { id: string; name: string; width?: number; height?: number };

/** The logo's bytes, read with the session's token (an <img> cannot send it), as an object URL. */
const useFileUrl = (fileId: unknown) => {
  const { apiBase, session } = useArea();
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (typeof fileId !== 'string' || !fileId) return setUrl(undefined);
    let made: string | undefined;
    let gone = false;
    void fetch(`${apiBase}/files/${encodeURIComponent(fileId)}`, {
      headers: { Authorization: `Bearer ${session.token() ?? ''}` },
    })
      .then((r) => (r.ok ? r.blob() : undefined))
      .then((blob) => {
        if (!blob || gone) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [apiBase, session, fileId]);
  return url;
};

/**
 * The salon's logo (printed on invoices): a square image uploaded with `POST files?purpose=logo`;
 * the form keeps its file id. The server judges the bytes; its message shows under the input.
 */
export const LogoInput = ({ readOnly }: { readOnly: boolean }) => {
  const translate = useTranslate();
  const { apiBase, http } = useArea();
  const { field } = useInput({ source: 'logo_file_id' });
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();
  const [uploaded, setUploaded] = useState<Uploaded>();
  const url = useFileUrl(field.value);

  const upload = async (file: File) => {
    setUploading(true);
    setError(undefined);
    try {
      const { json } = await http(`${apiBase}/files?purpose=logo&name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        body: file,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      });
      const answer = json as Uploaded;
      setUploaded(answer);
      field.onChange(answer.id);
    } catch (e) {
      const key = isHttpError(e) ? (e.body?.errors?.file ?? e.message) : 'app.errors.unknown';
      const params = (isHttpError(e) && e.body?.params) || {};
      setError(
        translate(String(key), {
          ...(params as Record<string, unknown>),
          field: fieldLabel(translate, SETTINGS, 'logo_file_id'),
        }),
      );
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
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
