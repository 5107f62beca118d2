import { useCallback, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import { useAppDataProvider, useBackgroundDataProvider } from '../http/useAppDataProvider';
import { useArea } from '../shell/area';

export type SystemUpdate = {
  id: string;
  english_title: string;
  arabic_title: string;
  english_description: string;
  arabic_description: string;
  shown_as_popup: boolean;
  published_at: string;
  seen: boolean;
};
type Answer = { system_updates: SystemUpdate[]; popup: SystemUpdate | null };

export const SYSTEM_UPDATES = 'pos/system-updates';

/** An update's words in the page's language. */
export const useUpdateText = () => {
  const { language } = useArea();
  return (u: SystemUpdate) =>
    language === 'ar'
      ? { title: u.arabic_title, description: u.arabic_description }
      : { title: u.english_title, description: u.english_description };
};

/**
 * The platform's newest update marked as a popup, shown once to each user after she signs in (doc1
 * §3 Notification `shown_as_popup`); "Got it" records that she saw it, so it is not shown again.
 */
export const SystemUpdatePopup = () => {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const background = useBackgroundDataProvider();
  const text = useUpdateText();
  const [popup, setPopup] = useState<SystemUpdate | null>(null);
  useEffect(() => {
    background
      .send<Answer>('GET', 'notifications/get_records?type=systemUpdates')
      .then((a) => setPopup(a.popup ?? null))
      .catch(() => undefined);
  }, [background]);
  if (!popup) return null;
  const close = () => {
    const seen = popup;
    setPopup(null);
    void dataProvider.send('POST', `platform-updates/${seen.id}/seen`).catch(() => undefined);
  };
  const { title, description } = text(popup);
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" data-testid="system-update-popup">
      <DialogTitle>
        <bdi>{title}</bdi>
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>
          <bdi>{description}</bdi>
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close} data-testid="system-update-seen">
          {translate('app.notifications.got_it')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** `pos/system-updates`: what the platform told the salon, newest first; opening the page marks them seen. */
export const SystemUpdatesPage = () => {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { dateTime } = useFormat();
  const text = useUpdateText();
  const [updates, setUpdates] = useState<SystemUpdate[] | null>(null);
  const load = useCallback(
    () =>
      dataProvider
        .send<Answer>('GET', 'notifications/get_records?type=systemUpdates')
        .then((a) => {
          setUpdates(a.system_updates ?? []);
          for (const u of a.system_updates ?? [])
            if (!u.seen)
              void dataProvider.send('POST', `platform-updates/${u.id}/seen`).catch(() => undefined);
        })
        .catch(() => setUpdates([])),
    [dataProvider],
  );
  useEffect(() => void load(), [load]);
  return (
    <Box sx={{ py: 2, maxWidth: 760 }} data-testid="system-updates">
      <Title title={translate('app.notifications.updates_title')} />
      {updates === null && <Typography color="text.secondary">{translate('ra.page.loading')}</Typography>}
      {updates?.length === 0 && (
        <Typography color="text.secondary" data-testid="system-updates-empty">
          {translate('app.notifications.no_updates')}
        </Typography>
      )}
      <Stack sx={{ gap: 1.5 }}>
        {updates?.map((u) => {
          const { title, description } = text(u);
          return (
            <Card key={u.id} variant="outlined" data-testid="system-update">
              <CardContent>
                <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                    <bdi>{title}</bdi>
                  </Typography>
                  {!u.seen && (
                    <Chip size="small" color="primary" label={translate('app.notifications.new')} />
                  )}
                </Stack>
                <Typography variant="caption" color="text.secondary">
                  <bdi>{dateTime(u.published_at)}</bdi>
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap', mt: 1, overflowWrap: 'anywhere' }}>
                  <bdi>{description}</bdi>
                </Typography>
              </CardContent>
            </Card>
          );
        })}
      </Stack>
    </Box>
  );
};
