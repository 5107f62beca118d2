import { useRef, useState } from 'react';
import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { MAX_EXPENSE_ATTACHMENTS } from '@rawnaq/contracts';
import { useFileUrl, useUploadFile, type UploadedFile } from '../forms/files';
import { useArea } from '../shell/area';

/** A file attached to an expense, as its read model lists it. */
export type Attachment = { file_id: string; name: string; content_type: string; size: number };

/** A size a person reads: bytes, KB or MB (digits stay Latin: sizes, like amounts, are read left to right). */
const sizeText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * The supplier's invoice as images or PDFs: each uploaded as soon as it is chosen
 * (`POST files?purpose=attachment`, judged by its bytes on the server); the form keeps their ids. The
 * server's refusal (type, size) shows under the button; at most MAX_EXPENSE_ATTACHMENTS files.
 */
export const AttachmentsInput = ({
  value,
  onChange,
  error,
}: {
  value: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  error?: string;
}) => {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const { upload, uploading, refused } = useUploadFile('attachment', 'accounting/expenses', 'attachments');
  const full = value.length >= MAX_EXPENSE_ATTACHMENTS;
  const add = async (files: FileList | null) => {
    const added: UploadedFile[] = [];
    for (const file of Array.from(files ?? []).slice(0, MAX_EXPENSE_ATTACHMENTS - value.length)) {
      const uploaded = await upload(file);
      if (uploaded) added.push({ ...uploaded, size: uploaded.size ?? file.size });
    }
    if (input.current) input.current.value = '';
    if (added.length) onChange([...value, ...added]);
  };
  return (
    <Box sx={{ mb: 2 }} data-testid="expense-attachments-input">
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {translate('app.books.attachments.title')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {value.map((file) => (
          <Chip
            key={file.id}
            icon={file.content_type === 'application/pdf' ? <PictureAsPdfIcon /> : <AttachFileIcon />}
            label={<bdi>{file.name}</bdi>}
            onDelete={() => onChange(value.filter((f) => f.id !== file.id))}
            sx={{ maxWidth: '100%' }}
            data-testid="expense-attachment-chip"
          />
        ))}
        <Button
          variant="outlined"
          size="small"
          startIcon={<AttachFileIcon />}
          disabled={uploading || full}
          onClick={() => input.current?.click()}
          data-testid="expense-attach"
        >
          {translate(uploading ? 'app.books.attachments.uploading' : 'app.books.attachments.add')}
        </Button>
      </Stack>
      <FormHelperText error={Boolean(refused || error)} data-testid="expense-attachments-hint">
        {refused ?? error ?? translate('app.books.attachments.hint', { max: MAX_EXPENSE_ATTACHMENTS })}
      </FormHelperText>
      <input
        ref={input}
        type="file"
        accept="image/*,application/pdf"
        multiple
        hidden
        data-testid="expense-attachment-file"
        onChange={(event) => void add(event.target.files)}
      />
    </Box>
  );
};

/** An image attached: its picture, fetched with the user's token (files are the salon's own). */
const Thumbnail = ({ fileId, name }: { fileId: string; name: string }) => {
  const url = useFileUrl(fileId);
  return url ? (
    <Box
      component="img"
      src={url}
      alt={name}
      sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, display: 'block' }}
    />
  ) : (
    <Box sx={{ width: 96, height: 96, bgcolor: 'action.hover', borderRadius: 1 }} />
  );
};

/**
 * The expense's attachments: each with its name, type and size; images shown small; each opened (or
 * saved, on a phone) through `GET files/{id}`, which serves a salon's files to its own users only.
 */
export const AttachmentsList = ({ attachments }: { attachments: readonly Attachment[] }) => {
  const translate = useTranslate();
  const { apiBase, session } = useArea();
  const [failed, setFailed] = useState<string>();
  if (!attachments.length) return null;
  const open = async (file: Attachment) => {
    setFailed(undefined);
    // opened before the file arrives, so the browser lets it open (a window opened later is blocked)
    const opened = window.open('', '_blank');
    try {
      const token = session.token();
      const response = await window.fetch(`${apiBase}/files/${encodeURIComponent(file.file_id)}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw new Error(String(response.status));
      const url = URL.createObjectURL(await response.blob());
      if (opened) opened.location.href = url;
      else {
        const link = document.createElement('a');
        link.href = url;
        link.download = file.name;
        link.click();
      }
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      opened?.close();
      setFailed(file.file_id);
    }
  };
  return (
    <Box data-testid="expense-attachments">
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {translate('app.books.attachments.title')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {attachments.map((file) => {
          const pdf = file.content_type === 'application/pdf';
          return (
            <Card
              key={file.file_id}
              variant="outlined"
              sx={{ p: 1, width: { xs: '100%', sm: 240 }, display: 'flex', gap: 1, alignItems: 'center' }}
              data-testid="expense-attachment"
            >
              {file.content_type.startsWith('image/') ? (
                <Thumbnail fileId={file.file_id} name={file.name} />
              ) : (
                <PictureAsPdfIcon color="error" sx={{ fontSize: 48 }} />
              )}
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  <bdi>{file.name}</bdi>
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {translate(pdf ? 'app.books.attachments.pdf' : 'app.books.attachments.image')} ·{' '}
                  <bdi dir="ltr">{sizeText(file.size)}</bdi>
                </Typography>
                {failed === file.file_id && (
                  <Typography variant="caption" color="error">
                    {translate('app.books.attachments.unavailable')}
                  </Typography>
                )}
              </Box>
              <IconButton
                aria-label={translate('app.books.attachments.open', { name: file.name })}
                onClick={() => void open(file)}
                data-testid="expense-attachment-open"
              >
                <DownloadIcon />
              </IconButton>
            </Card>
          );
        })}
      </Stack>
    </Box>
  );
};
