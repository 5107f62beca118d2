import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCanAccess, useTranslate } from 'ra-core';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import ReportIcon from '@mui/icons-material/ReportProblemOutlined';
import ReviewsIcon from '@mui/icons-material/ReviewsOutlined';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBagOutlined';
import { formatMoney, type Currency } from '@rawnaq/contracts';
import { useFormat } from '../format/useFormat';
import { useAppDataProvider, useBackgroundDataProvider } from '../http/useAppDataProvider';
import { onStockChanged } from '../products/stockEvents';
import { PRODUCT_RESOURCES } from '../products/types';
import { useArea } from '../shell/area';
import { SYSTEM_UPDATES, useUpdateText, type SystemUpdate } from './SystemUpdates';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';

type Kind = 'stocks' | 'surveys' | 'complaints' | 'orders' | 'checks';
type Note = {
  id: string;
  kind: Kind;
  read: boolean;
  created_at: string;
  // stocks
  product_id?: string;
  name_en?: string;
  name_ar?: string;
  quantity?: number;
  warning_level?: number;
  // surveys, complaints
  invoice_id?: string;
  invoice_number?: number;
  rating?: number | null;
  comment?: string | null;
  description?: string;
  customer_name?: string | null;
  complaint_id?: string;
  // orders
  order?: 'held' | 'online';
  total?: number;
  currency?: string;
  purchase?: string;
  // checks: what the platform's team rejected, why, and whether it is hidden online until changed
  target_kind?: string;
  target_id?: string;
  aspect?: string;
  reason?: string | null;
  hidden?: boolean;
};
type Answer = {
  records: Note[];
  unread: Partial<Record<Kind | 'systemUpdates', number>>;
  system_updates: SystemUpdate[];
};

/** When the live stream is not there (a proxy that buffers, a network that drops it), how often to look. */
const POLL_MS = 60_000;
/** After a dropped stream, how long before connecting again. */
const RECONNECT_MS = 5_000;
/**
 * A browser driven by automation waits for the network to go idle, which an open stream never does:
 * there the bell looks every few seconds instead (the stream itself is tested over HTTP).
 */
const AUTOMATED_POLL_MS = 3_000;
const automated = () => typeof navigator !== 'undefined' && navigator.webdriver === true;

const ICONS: Record<Kind, typeof InventoryIcon> = {
  stocks: InventoryIcon,
  surveys: ReviewsIcon,
  complaints: ReportIcon,
  orders: ShoppingBagIcon,
  checks: FactCheckIcon,
};

/** Where the salon changes what the platform's team rejected (the change goes back to be checked). */
const checkPlace = (basename: string, n: Note): string => {
  const id = encodeURIComponent(n.target_id ?? '');
  switch (n.target_kind) {
    case 'service':
      return `${basename}/menu/services/${id}`;
    case 'group':
      return `${basename}/menu/groups/${id}`;
    case 'offer':
      return `${basename}/menu/offers/${id}`;
    case 'package':
      return `${basename}/menu/packages/${id}`;
    case 'product':
      return `${basename}/${PRODUCT_RESOURCES.products}/${id}`;
    default:
      return n.aspect === 'terms'
        ? `${basename}/setting/online-setting/terms-and-conditions`
        : n.aspect === 'refund_policy'
          ? `${basename}/setting/online-setting/refund-policy`
          : `${basename}/setting/general-setting`;
  }
};

/**
 * Calls `onChange` whenever the server says the unread counts changed (notifications/live, Server-
 * Sent Events read through fetch so the session's token goes with it), connecting again after a drop.
 */
const useLiveCounts = (onChange: () => void) => {
  const { apiBase, session } = useArea();
  useEffect(() => {
    if (automated()) {
      const timer = window.setInterval(onChange, AUTOMATED_POLL_MS);
      return () => window.clearInterval(timer);
    }
    let stopped = false;
    let controller: AbortController | undefined;
    let retry: number | undefined;
    const connect = async () => {
      const token = session.token();
      if (stopped || !token) return;
      controller = new AbortController();
      try {
        const res = await fetch(`${apiBase}/notifications/live`, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (!res.ok || !res.body) throw new Error(String(res.status));
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (/^event: unread$/m.test(message)) onChange();
          }
        }
      } catch {
        // dropped or refused: looked at again below
      }
      if (!stopped) retry = window.setTimeout(() => void connect(), RECONNECT_MS);
    };
    void connect();
    return () => {
      stopped = true;
      controller?.abort();
      window.clearTimeout(retry);
    };
  }, [apiBase, session, onChange]);
};

/**
 * The notification menu (doc1 §2, doc2 §6): stocks, surveys, complaints and orders, each kind for who
 * may see it (the server answers only those), live as they happen. Opening one marks it read for the
 * salon and goes where it is dealt with; "mark all as read" reads every kind shown.
 */
export const NotificationsBell = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { basename, language } = useArea();
  const { dateTime } = useFormat();
  const dataProvider = useAppDataProvider();
  const background = useBackgroundDataProvider();
  const updateText = useUpdateText();
  const { canAccess: canEditProducts } = useCanAccess({
    resource: PRODUCT_RESOURCES.products,
    action: 'edit',
  });
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const load = useCallback(
    () =>
      background
        .send<Answer>('GET', 'notifications/get_records')
        .then((a) =>
          setAnswer({
            records: a.records ?? [],
            unread: a.unread ?? {},
            system_updates: a.system_updates ?? [],
          }),
        )
        .catch(() => undefined),
    [background],
  );
  useLiveCounts(load);
  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), POLL_MS);
    const stop = onStockChanged(() => void load());
    return () => {
      window.clearInterval(timer);
      stop();
    };
  }, [load]);

  // nothing this user may be told of: no bell
  const kinds = Object.keys(answer?.unread ?? {}) as Kind[];
  if (!answer || kinds.length === 0) return null;
  const records = answer.records;
  const updates = answer.system_updates.filter((u) => !u.seen);
  const unread = records.filter((r) => !r.read).length + updates.length;
  const t = (key: string, args?: Record<string, unknown>) => translate(`app.notifications.${key}`, args);
  const nameOf = (n: Note) => (language === 'ar' ? n.name_ar || n.name_en : n.name_en || n.name_ar) ?? '';
  const customer = (n: Note) => n.customer_name ?? t('walk_in');

  const textOf = (n: Note): string => {
    switch (n.kind) {
      case 'stocks':
        return t('low_stock', { name: nameOf(n), quantity: n.quantity, level: n.warning_level ?? 0 });
      case 'surveys':
        return t('rated', {
          customer: n.customer_name ?? t('walk_in_rated'),
          rating: n.rating ?? 0,
          number: n.invoice_number ?? '',
        });
      case 'complaints':
        return t('complaint', { customer: customer(n), words: n.description || t('no_words') });
      case 'orders':
        return n.order === 'held'
          ? t('held', {
              customer: customer(n),
              total: formatMoney(
                { amount: n.total ?? 0, currency: (n.currency ?? 'SAR') as Currency },
                { locale: language },
              ),
            })
          : t('online', { number: n.invoice_number ?? '' });
      case 'checks':
        return t(n.hidden ? 'check_hidden' : 'check_correct', {
          what: t(`check_targets.${n.target_kind}.${n.aspect}`),
          reason: n.reason || '—',
        });
    }
  };
  const whereOf = (n: Note): string => {
    switch (n.kind) {
      case 'stocks':
        return canEditProducts
          ? `${basename}/${PRODUCT_RESOURCES.products}/${encodeURIComponent(n.product_id ?? '')}`
          : `${basename}/${PRODUCT_RESOURCES.products}?filter=${encodeURIComponent(JSON.stringify({ low_stock: true }))}`;
      case 'surveys':
        return `${basename}/reports/surveys-report`;
      case 'complaints':
        return `${basename}/reports/complaints/${encodeURIComponent(n.complaint_id ?? '')}/show`;
      case 'orders':
        return n.order === 'held'
          ? `${basename}/on-hold-report`
          : `${basename}/accounting/total-sales/${encodeURIComponent(n.invoice_id ?? '')}/show`;
      case 'checks':
        return checkPlace(basename, n);
    }
  };

  const open = async (n: Note) => {
    setAnchor(null);
    if (!n.read) {
      setAnswer(
        (a) => a && { ...a, records: a.records.map((r) => (r.id === n.id ? { ...r, read: true } : r)) },
      );
      await dataProvider
        .send('POST', `notifications/${encodeURIComponent(n.id)}/read`)
        .catch(() => undefined);
    }
    navigate(whereOf(n));
  };
  const openUpdate = (u: SystemUpdate) => {
    setAnchor(null);
    navigate(`${basename}/${SYSTEM_UPDATES}`);
    void dataProvider.send('POST', `platform-updates/${u.id}/seen`).catch(() => undefined);
  };
  const readAll = async () => {
    for (const u of updates)
      await dataProvider.send('POST', `platform-updates/${u.id}/seen`).catch(() => undefined);
    const withUnread = [...new Set(records.filter((r) => !r.read).map((r) => r.kind))];
    setAnswer((a) => a && { ...a, records: a.records.map((r) => ({ ...r, read: true })) });
    for (const kind of withUnread)
      await dataProvider.send('POST', 'notifications/mark_as_read', { type: kind }).catch(() => undefined);
    void load();
  };

  const title = t('title');
  return (
    <>
      <Tooltip title={title}>
        <IconButton
          color="inherit"
          aria-label={title}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            void load();
          }}
          data-testid="notification-bell"
        >
          <Badge badgeContent={unread} color="error" data-testid="notification-bell-count">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 380, maxWidth: '92vw', maxHeight: '70vh' } } }}
      >
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
            {title}
          </Typography>
          {unread > 0 && (
            <Button size="small" onClick={() => void readAll()} data-testid="notification-bell-read-all">
              {t('mark_all_read')}
            </Button>
          )}
        </Box>
        <Divider />
        {updates.map((u) => (
          <MenuItem
            key={u.id}
            onClick={() => openUpdate(u)}
            data-testid="notification-systemUpdates"
            data-read="false"
            sx={{ whiteSpace: 'normal', alignItems: 'flex-start', bgcolor: 'action.hover' }}
          >
            <ListItemIcon sx={{ mt: 0.5 }}>
              <CampaignIcon color="primary" />
            </ListItemIcon>
            <ListItemText
              primary={<bdi>{updateText(u).title}</bdi>}
              secondary={
                <>
                  {t('kinds.systemUpdates')} · <bdi>{dateTime(u.published_at)}</bdi>
                </>
              }
              slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
            />
          </MenuItem>
        ))}
        {records.length === 0 && updates.length === 0 && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ px: 2, py: 2 }}
            data-testid="notification-bell-empty"
          >
            {t('none')}
          </Typography>
        )}
        {records.map((n) => {
          const Icon = ICONS[n.kind];
          return (
            <MenuItem
              key={n.id}
              onClick={() => void open(n)}
              data-testid={n.kind === 'stocks' ? 'stock-notification' : `notification-${n.kind}`}
              data-read={n.read ? 'true' : 'false'}
              sx={{
                whiteSpace: 'normal',
                alignItems: 'flex-start',
                bgcolor: n.read ? undefined : 'action.hover',
              }}
            >
              <ListItemIcon sx={{ mt: 0.5 }}>
                <Icon
                  color={
                    n.read ? 'action' : n.kind === 'complaints' || n.kind === 'checks' ? 'error' : 'warning'
                  }
                />
              </ListItemIcon>
              <ListItemText
                primary={<bdi>{textOf(n)}</bdi>}
                secondary={
                  <>
                    {t(`kinds.${n.kind}`)} · <bdi>{dateTime(n.created_at)}</bdi>
                  </>
                }
                slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 600, overflowWrap: 'anywhere' } } }}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
};
