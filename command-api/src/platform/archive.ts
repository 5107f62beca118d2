import { rejected, type SalonArchiveDateSet } from '@rawnaq/contracts';

/** A salon's archive date: none until the manager sets one. */
export type ArchiveState = { lastArchiveDate: string | null };
export const initialArchive: ArchiveState = { lastArchiveDate: null };

export const evolveArchive = (_: ArchiveState, e: SalonArchiveDateSet): ArchiveState => ({
  lastArchiveDate: e.data.last_archive_date,
});

export type ArchiveCommand = { type: 'SetArchiveDate'; date: string | null; today: string };

/** Set, moved or lifted; never after the salon's today; the same date again writes nothing. */
export const decideArchive = (c: ArchiveCommand, s: ArchiveState): SalonArchiveDateSet[] => {
  if (c.date !== null && c.date > c.today) throw rejected('archive.date_in_future', 'last_archive_date');
  if (c.date === s.lastArchiveDate) return [];
  return [
    {
      type: 'SalonArchiveDateSet',
      data: { last_archive_date: c.date, previous_archive_date: s.lastArchiveDate },
    },
  ];
};
