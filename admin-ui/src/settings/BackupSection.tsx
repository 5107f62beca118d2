import { useTranslate } from 'ra-core';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { BackupDownloadButton } from '../export/BackupDownloadButton';

/** "Download my salon's backup": the salon's whole history and its files, for its owner (admin roles). */
export const BackupSection = () => {
  const translate = useTranslate();
  return (
    <Card data-testid="salon-backup" sx={{ mt: 2 }}>
      <CardHeader title={translate('app.backup.title')} />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.backup.hint')}
        </Typography>
        <BackupDownloadButton path="backups/download" label="app.backup.download" testId="download-backup" />
      </CardContent>
    </Card>
  );
};
