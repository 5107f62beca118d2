import { useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { useCreatePath, useGetList, useNotify, useRequireAccess, useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import UndoIcon from '@mui/icons-material/Undo';
import { Link } from 'react-router-dom';
import { failureKey, isHandled } from '../http/errors';
import { useFormat } from '../format/useFormat';
import { Mirrored } from '../layout/Mirrored';
import { useArea } from '../shell/area';
import { activationChange, changeCount } from './activation';
import { BilingualName, useMenuItems } from './fields';
import { groupBy } from './order';
import {
  MENU_RESOURCES,
  MENU_STATUS,
  namesOf,
  type MenuResource,
  type NamedItem,
  type Service,
} from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';

const TEXTS: Record<MenuResource, { title: string; hint: string }> = {
  'menu/services': { title: 'app.services.activate', hint: 'app.activation.services_hint' },
  'menu/groups': { title: 'app.groups.activate', hint: 'app.groups.activation_hint' },
  'menu/categories': { title: 'app.categories.activate', hint: 'app.categories.activation_hint' },
};

type Item = NamedItem & Partial<Pick<Service, 'group_id' | 'price_with_vat_minor'>>;

const ItemSwitch = ({ item, on, onChange }: { item: Item; on: boolean; onChange: (on: boolean) => void }) => {
  const { money } = useFormat();
  const { language } = useArea();
  const changed = on !== (item.status === MENU_STATUS.active);
  return (
    <ListItem
      divider
      data-testid="activation-item"
      data-id={item.id}
      secondaryAction={
        <Switch
          edge="end"
          checked={on}
          onChange={(event) => onChange(event.target.checked)}
          slotProps={{ input: { 'aria-label': namesOf(item, language).main } }}
          data-testid="activation-switch"
        />
      }
      sx={{ bgcolor: changed ? 'action.selected' : undefined }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, width: '100%', paddingInlineEnd: 2 }}>
        <Box sx={{ flex: 1 }}>
          <BilingualName item={item} />
        </Box>
        {item.price_with_vat_minor !== undefined && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ whiteSpace: 'nowrap', marginInlineEnd: 2 }}
          >
            {money(item.price_with_vat_minor)}
          </Typography>
        )}
      </Box>
    </ListItem>
  );
};

/**
 * The activate screens of spec doc1 §2 (`menu/services/activate-services`, `menu/categories/activate`,
 * `menu/groups/activate`): every item with a switch; what was switched is saved in one request, and
 * the server's refusal (the last active service) is shown as it words it.
 */
export const ActivationPage = ({ resource }: { resource: MenuResource }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const createPath = useCreatePath();
  const dataProvider = useAppDataProvider();
  const { language } = useArea();
  const { isPending: checking } = useRequireAccess({ resource, action: 'activate' });
  const isServices = resource === MENU_RESOURCES.services;
  const { data, isPending, refetch } = useGetList<Item>(resource, {
    pagination: { page: 1, perPage: 1000 },
    sort: isServices ? { field: 'order', order: 'ASC' } : { field: 'created_at', order: 'ASC' },
  });
  const { items: groups } = useMenuItems(MENU_RESOURCES.groups);
  const [wanted, setWanted] = useState<Record<string, boolean>>({});
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const items = useMemo(() => data ?? [], [data]);
  const change = activationChange(items, wanted);
  const count = changeCount(change);
  const isOn = (item: Item) => wanted[item.id] ?? item.status === MENU_STATUS.active;
  const activeCount = items.filter(isOn).length;
  const set = (list: Item[], on: boolean) => {
    setRefusal(null);
    setWanted((w) => ({ ...w, ...Object.fromEntries(list.map((item) => [item.id, on])) }));
  };

  const save = async () => {
    setSaving(true);
    setRefusal(null);
    try {
      await dataProvider.setActivation(resource, change);
      notify('app.activation.saved', { type: 'success' });
      await refetch();
      setWanted({});
    } catch (error) {
      // Shown above the list, where the switches are (the last active service, spec doc2 §5).
      if (!isHandled(error)) setRefusal(failureKey(error));
    } finally {
      setSaving(false);
    }
  };

  if (checking) return null;
  const sections: [string, Item[]][] = isServices
    ? [
        ...groupBy(
          items,
          (s) => s.group_id ?? '',
          groups.map((g) => g.id),
        ),
      ].filter(([, list]) => list.length > 0)
    : [['', items]];
  const groupName = (id: string) => {
    const group = groups.find((g) => g.id === id);
    return group ? namesOf(group, language).main : translate('app.common.none');
  };

  return (
    <Box sx={{ py: 2, maxWidth: 880 }} data-testid="activation-page">
      <Title title={TEXTS[resource].title} />
      <Button
        component={Link}
        to={createPath({ resource, type: 'list' })}
        startIcon={
          <Mirrored>
            <ArrowBackIcon />
          </Mirrored>
        }
        sx={{ mb: 1 }}
      >
        {translate('app.activation.back')}
      </Button>
      <Card>
        <Box sx={{ p: 2 }}>
          <Typography variant="h6" component="h1">
            {translate(TEXTS[resource].title)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(TEXTS[resource].hint)}
          </Typography>
          {!isPending && items.length > 0 && (
            <Typography variant="body2" sx={{ mt: 1, fontWeight: 500 }} data-testid="active-count">
              {translate('app.activation.active_count', { active: activeCount, total: items.length })}
            </Typography>
          )}
        </Box>
        {refusal && (
          <Alert severity="error" sx={{ mx: 2, mb: 2 }} data-testid="activation-refusal">
            {translate(refusal)}
          </Alert>
        )}
        <Divider />
        {isPending ? (
          <Box sx={{ p: 2 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </Box>
        ) : items.length === 0 ? (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {translate('app.activation.empty')}
          </Typography>
        ) : (
          <List disablePadding>
            {sections.map(([groupId, list]) => {
              const allOn = list.every(isOn);
              return (
                <li key={groupId || 'all'}>
                  <List disablePadding>
                    {isServices && (
                      <ListSubheader
                        sx={{
                          display: 'flex',
                          alignItems: 'center',
                          gap: 1,
                          bgcolor: 'grey.100',
                          lineHeight: 2.5,
                        }}
                      >
                        <Box component="span" sx={{ flex: 1, fontWeight: 600, color: 'text.primary' }}>
                          <bdi>{groupName(groupId)}</bdi>
                        </Box>
                        <Typography variant="caption" color="text.secondary">
                          {translate('app.activation.all', { name: groupName(groupId) })}
                        </Typography>
                        <Switch
                          size="small"
                          checked={allOn}
                          onChange={(event) => set(list, event.target.checked)}
                          slotProps={{
                            input: {
                              'aria-label': translate('app.activation.all', { name: groupName(groupId) }),
                            },
                          }}
                        />
                      </ListSubheader>
                    )}
                    {list.map((item) => (
                      <ItemSwitch
                        key={item.id}
                        item={item}
                        on={isOn(item)}
                        onChange={(on) => set([item], on)}
                      />
                    ))}
                  </List>
                </li>
              );
            })}
          </List>
        )}
      </Card>
      <Paper
        elevation={3}
        sx={{
          position: 'sticky',
          bottom: 0,
          mt: 2,
          p: 1.5,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          zIndex: 1,
        }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} data-testid="change-count">
          {count > 0
            ? translate('app.activation.changes', { smart_count: count })
            : translate('app.activation.no_changes')}
        </Typography>
        <Button
          startIcon={<UndoIcon />}
          disabled={count === 0 || saving}
          onClick={() => {
            setWanted({});
            setRefusal(null);
          }}
        >
          {translate('app.activation.undo')}
        </Button>
        <Button
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={count === 0 || saving}
          onClick={() => void save()}
          data-testid="activation-save"
        >
          {translate('app.activation.save')}
        </Button>
      </Paper>
    </Box>
  );
};
