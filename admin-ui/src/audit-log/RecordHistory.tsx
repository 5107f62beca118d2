import { ListBase, Pagination } from 'react-admin';
import { AuditLogTable } from './AuditLogTable';
import { AUDIT_RESOURCE } from './types';

/**
 * A record's history tab: the audit log narrowed to one record. Opening it needs the record's history
 * permission, not the audit log's (docs/api.md), so react-admin's own access check is skipped here
 * and the tab is shown only to those who have it.
 */
export const RecordHistory = ({ entityType, entityId }: { entityType: string; entityId: string }) => (
  <ListBase
    resource={AUDIT_RESOURCE}
    filter={{ entity_type: entityType, entity_id: entityId }}
    sort={{ field: 'position', order: 'DESC' }}
    perPage={25}
    disableSyncWithLocation
    disableAuthentication
  >
    <AuditLogTable showRecord={false} />
    <Pagination rowsPerPageOptions={[10, 25, 50]} />
  </ListBase>
);
