import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCanAccess, useTranslate } from 'ra-core';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { useFormat } from '../format/useFormat';
import { useArea } from '../shell/area';
import { useProductNameOf } from './fields';
import { onStockChanged } from './stockEvents';
import { PRODUCT_RESOURCES, type StockNotification } from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';

/** How often the bell looks again while the page stays open. */
const POLL_MS = 60_000;

/**
 * The notification menu's stock entries (spec doc1 §2, doc2 §6: page 5 permission 5): a product
 * reached its warning level. The badge counts the unread ones; opening one marks it read for the salon
 * and goes to the product.
 */
export const StockNotificationsBell = () => {
  const { canAccess } = useCanAccess({ resource: 'stock-notifications', action: 'list' });
  return canAccess ? <Bell /> : null;
};

const Bell = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { basename } = useArea();
  const { dateTime } = useFormat();
  const nameOf = useProductNameOf();
  const dataProvider = useAppDataProvider();
  const { canAccess: canEdit } = useCanAccess({ resource: PRODUCT_RESOURCES.products, action: 'edit' });
  const [records, setRecords] = useState<StockNotification[]>([]);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const load = useCallback(
    () =>
      dataProvider
        .send<{ records: StockNotification[] }>('GET', 'notifications/get_records?type=stocks')
        .then((answer) => setRecords(answer.records ?? []))
        .catch(() => undefined),
    [dataProvider],
  );
  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), POLL_MS);
    const stop = onStockChanged(() => void load());
    return () => {
      window.clearInterval(timer);
      stop();
    };
  }, [load]);

  const unread = records.filter((r) => !r.read).length;
  const open = async (note: StockNotification) => {
    setAnchor(null);
    if (!note.read) {
      setRecords((all) => all.map((r) => (r.id === note.id ? { ...r, read: true } : r)));
      await dataProvider
        .send('POST', `notifications/${encodeURIComponent(note.id)}/read`)
        .catch(() => undefined);
    }
    navigate(
      canEdit
        ? `${basename}/${PRODUCT_RESOURCES.products}/${encodeURIComponent(note.product_id)}`
        : `${basename}/${PRODUCT_RESOURCES.products}?filter=${encodeURIComponent(JSON.stringify({ low_stock: true }))}`,
    );
  };

  const readAll = async () => {
    setRecords((all) => all.map((r) => ({ ...r, read: true })));
    await dataProvider.send('POST', 'notifications/mark_as_read', { type: 'stocks' }).catch(() => undefined);
    void load();
  };

  const title = translate('app.notifications.stocks_title');
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
          data-testid="stock-bell"
        >
          <Badge badgeContent={unread} color="error" data-testid="stock-bell-count">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 360, maxWidth: '90vw' } } }}
      >
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
            {title}
          </Typography>
          {unread > 0 && (
            <Button size="small" onClick={() => void readAll()} data-testid="stock-bell-read-all">
              {translate('app.notifications.mark_all_read')}
            </Button>
          )}
        </Box>
        <Divider />
        {records.length === 0 && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ px: 2, py: 2 }}
            data-testid="stock-bell-empty"
          >
            {translate('app.notifications.empty')}
          </Typography>
        )}
        {records.map((note) => (
          <MenuItem
            key={note.id}
            onClick={() => void open(note)}
            data-testid="stock-notification"
            data-read={note.read ? 'true' : 'false'}
            sx={{
              whiteSpace: 'normal',
              alignItems: 'flex-start',
              bgcolor: note.read ? undefined : 'action.hover',
            }}
          >
            <ListItemIcon sx={{ mt: 0.5 }}>
              <InventoryIcon color={note.read ? 'action' : 'warning'} />
            </ListItemIcon>
            <ListItemText
              primary={translate('app.notifications.low_stock', {
                name: nameOf(note),
                quantity: note.quantity,
                level: note.warning_level ?? 0,
              })}
              secondary={dateTime(note.created_at)}
              slotProps={{ primary: { sx: { fontWeight: note.read ? 400 : 600 } } }}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
