import { useEffect, useState } from 'react';
import { useCanAccess, useNotify, useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useFormat } from '../format/useFormat';
import { failureKey, messageParams } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import type { MessageStatus, SentMessage } from './types';

const COLOURS: Record<MessageStatus, 'default' | 'success' | 'info' | 'error' | 'warning'> = {
  queued: 'default',
  sending: 'default',
  sent: 'info',
  delivered: 'success',
  read: 'success',
  failed: 'error',
  withheld: 'warning',
  received: 'info',
};

/** A message's status chip: sent, delivered, read... and why it was not sent. */
export const MessageStatusChip = ({ m }: { m: SentMessage }) => {
  const translate = useTranslate();
  const label =
    m.direction === 'in'
      ? translate('app.messaging.replied')
      : m.status === 'queued' && m.deferred
        ? translate(`messaging.deferred.${m.deferred}`)
        : translate(`messaging.statuses.${m.status}`);
  return (
    <Chip
      size="small"
      color={COLOURS[m.status]}
      variant="outlined"
      label={label}
      data-testid="message-status"
    />
  );
};

/**
 * The WhatsApp messages of a customer (`customers/:id/messages`) or of a visit
 * (`appointments/:id/messages`), newest first, each with how far it got.
 */
export const MessagesPanel = ({ path, title = true }: { path: string; title?: boolean }) => {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const { canAccess: canRetry } = useCanAccess({ resource: 'appointments', action: 'edit' });
  const [messages, setMessages] = useState<SentMessage[] | undefined>();
  const [round, setRound] = useState(0);
  const retry = async (id: string) => {
    try {
      await dataProvider.send('POST', `messages/${id}/retry`);
      notify('messaging.retried', { type: 'success' });
      setRound((r) => r + 1);
    } catch (error) {
      notify(failureKey(error), { type: 'error', messageArgs: messageParams(error) });
    }
  };
  useEffect(() => {
    let live = true;
    dataProvider
      .send<SentMessage[]>('GET', `${path}?range=${encodeURIComponent('[0,49]')}`)
      .then((m) => live && setMessages(m))
      .catch(() => live && setMessages([]));
    return () => {
      live = false;
    };
  }, [path, round]);
  if (!messages) return null;
  return (
    <Box data-testid="messages-panel" sx={{ my: 1 }}>
      {title && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <WhatsAppIcon color="success" fontSize="small" />
          <Typography variant="subtitle2">{translate('app.messaging.title')}</Typography>
        </Stack>
      )}
      {messages.length === 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="messages-empty">
          {translate('app.messaging.none')}
        </Typography>
      )}
      <Stack spacing={1}>
        {messages.map((m) => (
          <Box
            key={m.id}
            data-testid="message"
            sx={{
              p: 1,
              borderRadius: 1,
              bgcolor: m.direction === 'in' ? 'action.hover' : 'background.default',
              border: 1,
              borderColor: 'divider',
            }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
              <MessageStatusChip m={m} />
              {m.kind && (
                <Typography variant="caption" color="text.secondary">
                  {translate(`messaging.kinds.${m.kind}`)}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary" sx={{ marginInlineStart: 'auto' }}>
                <bdi>{dateTime(m.at)}</bdi>
              </Typography>
            </Stack>
            <Typography
              variant="body2"
              dir={m.language === 'ar' ? 'rtl' : m.language === 'en' ? 'ltr' : 'auto'}
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {m.text}
            </Typography>
            {m.reason && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="caption" color="error.main">
                  {translate(`messaging.reasons.${m.reason}`)}
                </Typography>
                {m.status === 'failed' && m.reason !== 'outcome_unknown' && canRetry && (
                  <Button size="small" onClick={() => void retry(m.id)} data-testid="message-retry">
                    {translate('app.messaging.send_again')}
                  </Button>
                )}
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
};
