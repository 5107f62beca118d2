import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { streamName } from '../events/envelope';
import { date } from '../validators/dates';
import { withRule } from '../validators/zod';

/**
 * A salon's archive date (doc1 `last_archive_date`, manager `database-management/archive-database`):
 * the salon's screens offer dates from it on, and earlier ones only behind the archive toggle. Nothing
 * is deleted or moved: the events before it stay in the store, reports over the archive still work.
 */
export const archiveStream = (tenantId: string) => streamName('archive', tenantId, tenantId);

/** The manager's choice: a date up to the salon's today, or none (empty) to lift it. */
export const archiveDateInput = z.preprocess(
  cleanPayload,
  z.object({ last_archive_date: withRule(z.string(), date).nullable().optional() }),
);

export type SalonArchiveDateSet = {
  type: 'SalonArchiveDateSet';
  data: { last_archive_date: string | null; previous_archive_date: string | null };
};

export const archiveMessages = {
  en: { archive: { date_in_future: 'The archive date cannot be after the salon’s today' } },
  ar: { archive: { date_in_future: 'لا يمكن أن يكون تاريخ الأرشفة بعد تاريخ اليوم لدى الصالون' } },
};
