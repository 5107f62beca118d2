import { Link } from 'react-router-dom';
import { Button, CreateButton, DataTable, List, TopToolbar } from 'react-admin';
import { useCanAccess, useCreatePath, useGetList, useRecordContext, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import ToggleOnIcon from '@mui/icons-material/ToggleOnOutlined';
import WorkspacesIcon from '@mui/icons-material/WorkspacesOutlined';
import { BilingualName, MenuStatusChip } from '../fields';
import { SearchFilter, StatusFilter } from '../filters';
import { MENU_RESOURCES, type NamedItem, type NamedResource, type Service } from '../types';
import { namedTexts } from './texts';
import { ResponsiveDataTable } from '../../layout/ResponsiveDataTable';

const ListActions = ({ resource }: { resource: NamedResource }) => {
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ resource, action: 'activate' });
  return (
    <TopToolbar>
      {canAccess && (
        <Button
          component={Link}
          to={`${createPath({ resource, type: 'list' })}/activate`}
          label={namedTexts(resource).activate}
          data-testid="activate-button"
        >
          <ToggleOnIcon />
        </Button>
      )}
      <CreateButton />
    </TopToolbar>
  );
};

const Empty = ({ resource }: { resource: NamedResource }) => {
  const translate = useTranslate();
  const Icon = resource === MENU_RESOURCES.groups ? WorkspacesIcon : CategoryIcon;
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, width: '100%' }} data-testid="list-empty">
      <Icon sx={{ fontSize: 72, color: 'primary.light' }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate(namedTexts(resource).empty)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate(namedTexts(resource).empty_hint)}
      </Typography>
      <CreateButton variant="contained" />
    </Box>
  );
};

/** How many services each group (or category) holds, from one read of the whole menu. */
const useServiceCounts = (resource: NamedResource) => {
  const { data } = useGetList<Service>(MENU_RESOURCES.services, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'order', order: 'ASC' },
  });
  const key = resource === MENU_RESOURCES.groups ? 'group_id' : 'category_id';
  const counts = new Map<string, number>();
  for (const service of data ?? []) {
    const id = service[key];
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
};

const ServiceCount = ({ counts }: { counts: Map<string, number> }) => {
  const record = useRecordContext<NamedItem>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('app.services.count', { smart_count: counts.get(record.id) ?? 0 })}
    </Typography>
  );
};

/** Service groups or categories: both names, the status; a click renames (permission 51). */
export const NamedList = ({ resource }: { resource: NamedResource }) => {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const counts = useServiceCounts(resource);
  return (
    <List
      resource={resource}
      title={translate(namedTexts(resource).title)}
      filters={[
        <SearchFilter key="q" source="q" alwaysOn placeholder="app.menu_items.search" />,
        <StatusFilter key="status" source="status" alwaysOn />,
      ]}
      sort={{ field: 'created_at', order: 'ASC' }}
      perPage={50}
      actions={<ListActions resource={resource} />}
      exporter={false}
      empty={<Empty resource={resource} />}
    >
      <ResponsiveDataTable<NamedItem>
        primaryText={() => <BilingualName />}
        secondaryText={() => <ServiceCount counts={counts} />}
        tertiaryText={() => <MenuStatusChip />}

        rowClick={canEdit ? 'edit' : false}
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary">
            {translate('app.menu_items.no_results')}
          </Typography>
        }
      >
        <DataTable.Col source="name" disableSort render={() => <BilingualName />} />
        <DataTable.Col
          source="services"
          label="app.services.title"
          disableSort
          render={() => <ServiceCount counts={counts} />}
        />
        <DataTable.Col source="status" disableSort field={MenuStatusChip} />
      </ResponsiveDataTable>
    </List>
  );
};
