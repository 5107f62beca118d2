import { useState, type DragEvent, type ReactElement } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, CreateButton, List, SelectInput, TopToolbar } from 'react-admin';
import { useCanAccess, useCreatePath, useListContext, useNotify, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import PercentIcon from '@mui/icons-material/Percent';
import ToggleOnIcon from '@mui/icons-material/ToggleOnOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import { ImportButton } from '../../imports';
import { failureKey, isHandled } from '../../http/errors';
import { useFormat } from '../../format/useFormat';
import { useArea } from '../../shell/area';
import { BilingualName, MenuStatusChip, useMenuItems, useNameOf, useSalonVat } from '../fields';
import { SearchFilter, StatusFilter } from '../filters';
import { groupBy, moveItem } from '../order';
import { priceMinor } from '../pricing';
import { MENU_RESOURCES, namesOf, type NamedItem, type Service } from '../types';
import { useAppDataProvider } from '../../http/useAppDataProvider';

const SERVICES = MENU_RESOURCES.services;
// On a phone the table keeps the name, the price with VAT, the status and the buttons.
const NOT_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } };

const ListActions = () => {
  const { basename } = useArea();
  const { canAccess: canActivate } = useCanAccess({ resource: SERVICES, action: 'activate' });
  return (
    <TopToolbar>
      {canActivate && (
        <Button
          component={Link}
          to={`${basename}/${SERVICES}/activate-services`}
          label="app.services.activate"
          data-testid="activate-services-button"
        >
          <ToggleOnIcon />
        </Button>
      )}
      <CreateButton />
      <ImportButton entity="services" />
    </TopToolbar>
  );
};

const useFilters = () => {
  const nameOf = useNameOf();
  const { items: groups } = useMenuItems(MENU_RESOURCES.groups);
  const { items: categories } = useMenuItems(MENU_RESOURCES.categories);
  const choices = (items: NamedItem[]) => items.map((item) => ({ id: item.id, name: nameOf(item) }));
  return [
    <SearchFilter key="q" source="q" alwaysOn placeholder="app.services.search" />,
    <SelectInput
      key="group_id"
      source="group_id"
      choices={choices(groups)}
      translateChoice={false}
      alwaysOn
      sx={{ minWidth: 180 }}
    />,
    <StatusFilter key="status" source="status" alwaysOn />,
    ...(categories.length > 0
      ? [
          <SelectInput
            key="category_id"
            source="category_id"
            choices={choices(categories)}
            translateChoice={false}
            alwaysOn
            sx={{ minWidth: 180 }}
          />,
        ]
      : []),
  ];
};

/** No service yet: the way to the first one, through a group when there is none. */
const Empty = () => {
  const translate = useTranslate();
  const { items: groups, isPending } = useMenuItems(MENU_RESOURCES.groups);
  if (isPending) return null;
  const needsGroup = groups.length === 0;
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, width: '100%' }} data-testid="services-empty">
      <ContentCutIcon sx={{ fontSize: 72, color: 'primary.light' }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate('app.services.empty')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate(needsGroup ? 'app.services.needs_group' : 'app.services.empty_hint')}
      </Typography>
      {needsGroup ? (
        <CreateButton resource={MENU_RESOURCES.groups} label="app.groups.create_title" variant="contained" />
      ) : (
        <CreateButton variant="contained" />
      )}
    </Box>
  );
};

/** Which VAT the prices with VAT carry, with the way to its setting for those who may open it. */
const VatNote = ({ percentage }: { percentage: number }) => {
  const translate = useTranslate();
  const { basename } = useArea();
  const { canAccess } = useCanAccess({ resource: 'settings', action: 'show' });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid="vat-note">
      <PercentIcon fontSize="small" color="action" />
      <Typography variant="body2" color="text.secondary">
        {percentage > 0
          ? translate('app.services.vat_note', { percentage })
          : translate('app.services.vat_off_note')}
      </Typography>
      {canAccess && (
        <Typography
          variant="body2"
          component={Link}
          to={`${basename}/setting/general-setting`}
          sx={{ color: 'primary.main' }}
        >
          {translate('app.services.vat_settings')}
        </Typography>
      )}
    </Box>
  );
};

type Dragging = { groupId: string; id: string } | null;

const ServiceTags = ({ service }: { service: Service }) => {
  const translate = useTranslate();
  const { date } = useFormat();
  const tags = [
    !service.show_to_customer && {
      icon: <VisibilityOffIcon />,
      text: translate('app.services.hidden_online'),
    },
    service.home_service && { icon: <HomeIcon />, text: translate('app.services.home_service') },
    service.expiry_date && {
      icon: null,
      text: translate('app.services.expires', { date: date(service.expiry_date) }),
    },
  ].filter(Boolean) as { icon: ReactElement | null; text: string }[];
  if (tags.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, mt: 0.25 }}>
      {tags.map((tag) => (
        <Typography
          key={tag.text}
          variant="caption"
          color="text.secondary"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, '& svg': { fontSize: 14 } }}
        >
          {tag.icon}
          {tag.text}
        </Typography>
      ))}
    </Box>
  );
};

const Money = ({ minor, offer }: { minor: number; offer?: number }) => {
  const translate = useTranslate();
  const { money } = useFormat();
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="amount">
        {money(minor)}
      </Box>
      {offer !== undefined && (
        <Typography variant="caption" color="success.main" component="div" sx={{ whiteSpace: 'nowrap' }}>
          {translate('app.services.offer', { price: money(offer) })}
        </Typography>
      )}
    </>
  );
};

/**
 * The menu as a salon reads it: one block per group, its services in their order. Whoever may change
 * the menu reorders a group by dragging a row or with its arrows; the new order of the whole group is
 * sent at once (`POST services/order`), so the search and filters that hide some of its services must
 * be cleared first.
 */
const ServiceGroups = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const createPath = useCreatePath();
  const navigate = useNavigate();
  const { language } = useArea();
  const dataProvider = useAppDataProvider();
  const { data, isPending, filterValues, refetch } = useListContext<Service>();
  const { items: groups, isPending: groupsPending } = useMenuItems(MENU_RESOURCES.groups);
  const { items: categories } = useMenuItems(MENU_RESOURCES.categories);
  const nameOf = useNameOf();
  const vat = useSalonVat();
  const { canAccess: mayReorder } = useCanAccess({ resource: SERVICES, action: 'reorder' });
  const { canAccess: canEdit } = useCanAccess({ resource: SERVICES, action: 'edit' });
  const { canAccess: canCreate } = useCanAccess({ resource: SERVICES, action: 'create' });
  const [saving, setSaving] = useState<Record<string, string[]>>({});
  const [dragging, setDragging] = useState<Dragging>(null);
  const [over, setOver] = useState<string | null>(null);

  if (isPending || groupsPending)
    return (
      <Box sx={{ p: 2 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={48} />
        ))}
      </Box>
    );

  const narrowed =
    Boolean(filterValues.q) ||
    (filterValues.status !== undefined && filterValues.status !== '') ||
    Boolean(filterValues.category_id);
  const reorderable = mayReorder === true && !narrowed;
  // Unfiltered, every group shows (an empty one invites its first service); narrowed, only matches.
  const groupIds = narrowed
    ? []
    : groups.filter((g) => !filterValues.group_id || g.id === filterValues.group_id).map((g) => g.id);
  const byGroup = groupBy(data ?? [], (s) => s.group_id, groupIds);
  const showCategory = categories.length > 0;
  const percentage = data?.[0]?.vat_percentage ?? vat.percentage;
  const columns = 6 + (reorderable ? 1 : 0) + (showCategory ? 1 : 0);

  const saveOrder = async (groupId: string, ids: string[]) => {
    setSaving((s) => ({ ...s, [groupId]: ids }));
    try {
      await dataProvider.reorderServices(groupId, ids);
      notify('app.services.order_saved', { type: 'success' });
      await refetch();
    } catch (error) {
      if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
    } finally {
      setSaving(({ [groupId]: _done, ...rest }) => rest);
    }
  };

  const endDrag = () => {
    setDragging(null);
    setOver(null);
  };

  if (byGroup.size === 0)
    return (
      <Typography sx={{ p: 3 }} color="text.secondary" data-testid="services-no-results">
        {translate('app.services.no_results')}
      </Typography>
    );

  const label = (field: string) => translate(`resources.${SERVICES}.fields.${field}`);
  return (
    <Box>
      <Box sx={{ px: 2, pt: 2, display: 'grid', gap: 0.5 }}>
        <VatNote percentage={percentage} />
        {mayReorder && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <DragIndicatorIcon fontSize="small" color="action" />
            <Typography variant="body2" color="text.secondary" data-testid="reorder-hint">
              {translate(narrowed ? 'app.services.reorder_filtered' : 'app.services.reorder_hint')}
            </Typography>
          </Box>
        )}
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ mt: 1 }} data-testid="services-table">
          <TableHead>
            <TableRow>
              {reorderable && <TableCell padding="checkbox" />}
              <TableCell>{label('name')}</TableCell>
              {showCategory && <TableCell sx={NOT_ON_PHONE}>{label('category_id')}</TableCell>}
              <TableCell align="right" sx={NOT_ON_PHONE}>
                {label('price')}
              </TableCell>
              <TableCell align="right">{label('price_with_vat')}</TableCell>
              <TableCell sx={NOT_ON_PHONE}>{label('job_time')}</TableCell>
              <TableCell>{label('status')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          {[...byGroup].map(([groupId, listed]) => {
            const group = groups.find((g) => g.id === groupId);
            const pending = saving[groupId];
            const services = pending
              ? [...listed].sort((a, b) => pending.indexOf(a.id) - pending.indexOf(b.id))
              : listed;
            const ids = services.map((s) => s.id);
            const names = group
              ? namesOf(group, language)
              : { main: translate('app.common.none'), other: '' };
            const busy = pending !== undefined;
            return (
              <TableBody key={groupId} data-testid="service-group" data-group={groupId}>
                <TableRow sx={{ bgcolor: 'action.hover' }}>
                  <TableCell colSpan={columns} sx={{ py: 1 }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
                      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                        <bdi lang={language}>{names.main}</bdi>
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        <bdi lang={language === 'ar' ? 'en' : 'ar'}>{names.other}</bdi>
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        · {translate('app.services.count', { smart_count: listed.length })}
                      </Typography>
                      {group?.status === 0 && (
                        <Typography variant="caption" color="warning.main" sx={{ fontWeight: 500 }}>
                          {translate('app.services.group_disabled')}
                        </Typography>
                      )}
                      <Box sx={{ flex: 1 }} />
                      {canCreate && group && (
                        <Tooltip title={translate('app.services.add_to_group', { group: names.main })}>
                          <IconButton
                            size="small"
                            component={Link}
                            to={`${createPath({ resource: SERVICES, type: 'create' })}?source=${encodeURIComponent(
                              JSON.stringify({ group_id: groupId }),
                            )}`}
                            aria-label={translate('app.services.add_to_group', { group: names.main })}
                          >
                            <AddIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </Box>
                  </TableCell>
                </TableRow>
                {services.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={columns}>
                      <Typography variant="body2" color="text.secondary">
                        {translate('app.services.group_empty')}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
                {services.map((service, index) => {
                  const category = categories.find((c) => c.id === service.category_id);
                  const offer = priceMinor(service.offer_price, service.currency);
                  const offerWithVat = priceMinor(service.offer_price_with_vat, service.currency);
                  const isDragged = dragging?.id === service.id;
                  const isOver = over === service.id && dragging !== null && dragging.id !== service.id;
                  const below = isOver && ids.indexOf(dragging!.id) < index;
                  const move = (to: number) => void saveOrder(groupId, moveItem(ids, index, to));
                  const canDrag = reorderable && !busy;
                  const editPath = createPath({ resource: SERVICES, type: 'edit', id: service.id });
                  return (
                    <TableRow
                      key={service.id}
                      hover
                      data-testid="service-row"
                      data-id={service.id}
                      draggable={canDrag}
                      onDragStart={(event: DragEvent) => {
                        event.dataTransfer.effectAllowed = 'move';
                        event.dataTransfer.setData('text/plain', service.id);
                        setDragging({ groupId, id: service.id });
                      }}
                      onDragOver={(event: DragEvent) => {
                        // Only within the group: the order is kept per group.
                        if (dragging?.groupId !== groupId) return;
                        event.preventDefault();
                        event.dataTransfer.dropEffect = 'move';
                        setOver(service.id);
                      }}
                      onDrop={(event: DragEvent) => {
                        event.preventDefault();
                        if (dragging?.groupId === groupId && dragging.id !== service.id)
                          void saveOrder(groupId, moveItem(ids, ids.indexOf(dragging.id), index));
                        endDrag();
                      }}
                      onDragEnd={endDrag}
                      onClick={() => {
                        if (canEdit) navigate(editPath);
                      }}
                      sx={{
                        cursor: canEdit ? 'pointer' : 'default',
                        opacity: isDragged || busy ? 0.55 : 1,
                        ...(isOver && {
                          boxShadow: (theme) => `inset 0 ${below ? -2 : 2}px 0 ${theme.palette.primary.main}`,
                        }),
                      }}
                    >
                      {reorderable && (
                        <TableCell padding="checkbox" sx={{ cursor: canDrag ? 'grab' : 'default' }}>
                          <Tooltip title={translate('app.services.drag')}>
                            <DragIndicatorIcon color="action" aria-label={translate('app.services.drag')} />
                          </Tooltip>
                        </TableCell>
                      )}
                      <TableCell>
                        <BilingualName item={service} />
                        <ServiceTags service={service} />
                      </TableCell>
                      {showCategory && (
                        <TableCell sx={NOT_ON_PHONE}>
                          <Typography variant="body2">
                            {category ? nameOf(category) : translate('app.common.none')}
                          </Typography>
                        </TableCell>
                      )}
                      <TableCell align="right" sx={NOT_ON_PHONE} data-testid="price">
                        <Money minor={service.price_minor} offer={offer} />
                      </TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="price-with-vat">
                        <Money minor={service.price_with_vat_minor} offer={offerWithVat} />
                      </TableCell>
                      <TableCell sx={{ ...NOT_ON_PHONE, whiteSpace: 'nowrap' }}>
                        {translate('app.services.minutes', { smart_count: service.job_time })}
                      </TableCell>
                      <TableCell>
                        <MenuStatusChip status={service.status} />
                      </TableCell>
                      <TableCell
                        align="right"
                        sx={{ whiteSpace: 'nowrap' }}
                        onClick={(e) => e.stopPropagation()}
                      >
                        {reorderable && (
                          <>
                            <Tooltip title={translate('app.services.move_up')}>
                              <span>
                                <IconButton
                                  size="small"
                                  disabled={index === 0 || busy}
                                  onClick={() => move(index - 1)}
                                  aria-label={translate('app.services.move_up')}
                                  data-testid="move-up"
                                >
                                  <ArrowUpwardIcon fontSize="small" />
                                </IconButton>
                              </span>
                            </Tooltip>
                            <Tooltip title={translate('app.services.move_down')}>
                              <span>
                                <IconButton
                                  size="small"
                                  disabled={index === services.length - 1 || busy}
                                  onClick={() => move(index + 1)}
                                  aria-label={translate('app.services.move_down')}
                                  data-testid="move-down"
                                >
                                  <ArrowDownwardIcon fontSize="small" />
                                </IconButton>
                              </span>
                            </Tooltip>
                          </>
                        )}
                        {canEdit && (
                          <Tooltip title={translate('ra.action.edit')}>
                            <IconButton
                              size="small"
                              component={Link}
                              to={editPath}
                              aria-label={translate('ra.action.edit')}
                              data-testid="edit-service"
                            >
                              <EditIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            );
          })}
        </Table>
      </Box>
    </Box>
  );
};

export const ServiceList = () => {
  const translate = useTranslate();
  const filters = useFilters();
  return (
    <List
      title={translate('app.services.title')}
      filters={filters}
      sort={{ field: 'order', order: 'ASC' }}
      // A salon's menu is a few hundred services at most: all of it, grouped, on one page.
      perPage={1000}
      pagination={false}
      actions={<ListActions />}
      exporter={false}
      empty={<Empty />}
    >
      <ServiceGroups />
    </List>
  );
};
