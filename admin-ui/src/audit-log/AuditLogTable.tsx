import { DataTable } from 'react-admin';
import {
  RecordContextProvider,
  useCanAccess,
  useCreatePath,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'ra-core';
import { Link } from 'react-router-dom';
import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DateTimeField } from '../customers/fields';
import { useActorName } from '../users/useUsers';
import { useIsPhone } from '../layout/ResponsiveDataTable';
import { AuditChanges } from './AuditChanges';
import { RECORD_SCREENS, type AuditEntry } from './types';

export const EntryType = (_: { label?: string }) => {
  const entry = useRecordContext<AuditEntry>();
  const translate = useTranslate();
  if (!entry) return null;
  return (
    // a long label wraps (at most a column's share of a desktop) instead of widening the page
    <Typography variant="body2" sx={{ fontWeight: 500, minWidth: 140, maxWidth: 260 }}>
      {translate(`app.audit.types.${entry.type}`, { _: translate('app.audit.types.unknown') })}
    </Typography>
  );
};

export const EntryActor = (_: { label?: string }) => {
  const entry = useRecordContext<AuditEntry>();
  const actorName = useActorName();
  if (!entry) return null;
  return (
    <Typography variant="body2" sx={{ minWidth: 110, maxWidth: 200 }}>
      {actorName({ kind: entry.actor_kind, id: entry.actor_id, name: entry.actor_name })}
    </Typography>
  );
};

const EntryRecord = (_: { label?: string }) => {
  const entry = useRecordContext<AuditEntry>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const screen = entry ? RECORD_SCREENS[entry.entity_type] : undefined;
  // the record's screen, for who may open it
  const { canAccess } = useCanAccess({ resource: screen?.resource ?? '', action: screen?.type ?? 'show' });
  if (!entry) return null;
  const kind = translate(`app.audit.entities.${entry.entity_type}`, {
    _: translate('app.audit.entities.unknown'),
  });
  if (!screen || !canAccess) return <Typography variant="body2">{kind}</Typography>;
  return (
    <MuiLink
      component={Link}
      to={createPath({ resource: screen.resource, id: entry.entity_id, type: screen.type })}
      variant="body2"
      title={translate('app.audit.open_record')}
    >
      {kind}
    </MuiLink>
  );
};

/**
 * On a phone each event is a block, what changed at the full width of the screen under its heading
 * (a table's "what changed" column would be a letter wide).
 */
const AuditEntryBlocks = ({ showRecord }: { showRecord: boolean }) => {
  const translate = useTranslate();
  const { data, isPending } = useListContext<AuditEntry>();
  if (isPending) return null;
  if (!data || data.length === 0)
    return (
      <Typography sx={{ p: 3 }} color="text.secondary" data-testid="audit-empty">
        {translate('app.audit.empty')}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((entry) => (
        <RecordContextProvider key={entry.id} value={entry}>
          <Box component="li" sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
              <EntryType />
              {showRecord && <EntryRecord />}
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, color: 'text.secondary', mb: 0.5 }}>
              <DateTimeField source="occurred_at" />
              <EntryActor />
            </Box>
            <AuditChanges />
          </Box>
        </RecordContextProvider>
      ))}
    </Box>
  );
};

/** One row per event: when, who, what happened, and what changed (the audit log and each record's history). */
export const AuditLogTable = ({ showRecord = true }: { showRecord?: boolean }) => {
  const translate = useTranslate();
  const phone = useIsPhone();
  if (phone) return <AuditEntryBlocks showRecord={showRecord} />;
  return (
    <DataTable
      bulkActionButtons={false}
      rowClick={false}
      empty={
        <Typography sx={{ p: 3 }} color="text.secondary" data-testid="audit-empty">
          {translate('app.audit.empty')}
        </Typography>
      }
      sx={{ '& td': { verticalAlign: 'top' } }}
    >
      <DataTable.Col source="occurred_at" disableSort field={DateTimeField} />
      <DataTable.Col source="actor_id" disableSort field={EntryActor} />
      <DataTable.Col source="type" disableSort field={EntryType} />
      {showRecord && <DataTable.Col source="entity_type" disableSort field={EntryRecord} />}
      <DataTable.Col source="changes" disableSort field={AuditChanges} />
    </DataTable>
  );
};
