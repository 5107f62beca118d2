import { streamName } from '../events/envelope';

/** `backup-<tenant>.<tenant>`: each download of a salon's backup (its whole history and files). */
export const salonBackupStream = (tenantId: string) => streamName('backup', tenantId, tenantId);

/** Who took the salon's whole history, and when (the envelope's actor and instant): shown in its audit log. */
export type SalonBackupDownloaded = {
  type: 'SalonBackupDownloaded';
  data: { account_id: number; realm: 'merchant' | 'manager' };
};
