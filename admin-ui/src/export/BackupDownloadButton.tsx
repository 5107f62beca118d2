import { useState } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadWithToken } from '../imports/download';
import { failureKey } from '../http/errors';
import { useArea } from '../shell/area';

/**
 * Downloads a salon's backup (its whole history and files, one `.jsonl.gz` archive) with the session's
 * token: the salon's owner from the settings, the platform's manager from the salon accounts.
 */
export const BackupDownloadButton = ({
  path,
  label,
  testId,
  size = 'medium',
}: {
  /** under the area's API, e.g. `backups/download` */
  path: string;
  label: string;
  testId: string;
  size?: 'small' | 'medium';
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { apiBase, session } = useArea();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadWithToken({ url: `${apiBase}/${path}`, token: session.token(), fallbackName: '' });
      notify('app.backup.downloaded', { type: 'success' });
    } catch (error) {
      notify(failureKey(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size={size}
      onClick={(e) => {
        e.stopPropagation();
        void download();
      }}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />}
      data-testid={testId}
      sx={{ whiteSpace: 'normal', textAlign: 'start' }}
    >
      {translate(label)}
    </Button>
  );
};
