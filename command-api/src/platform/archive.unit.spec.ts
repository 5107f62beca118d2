import type { SalonArchiveDateSet } from '@rawnaq/contracts';
import { decideArchive, evolveArchive, initialArchive, type ArchiveState } from './archive';

const given = (...events: SalonArchiveDateSet[]): ArchiveState =>
  events.reduce(evolveArchive, initialArchive);
const today = '2026-12-03';

describe("a salon's archive date", () => {
  it('is set, then moved, each time saying what it was', () => {
    const first = decideArchive({ type: 'SetArchiveDate', date: '2025-12-31', today }, given());
    expect(first).toEqual([
      { type: 'SalonArchiveDateSet', data: { last_archive_date: '2025-12-31', previous_archive_date: null } },
    ]);
    expect(decideArchive({ type: 'SetArchiveDate', date: '2026-06-30', today }, given(...first))).toEqual([
      {
        type: 'SalonArchiveDateSet',
        data: { last_archive_date: '2026-06-30', previous_archive_date: '2025-12-31' },
      },
    ]);
  });

  it('is lifted, and the same date again writes nothing', () => {
    const set = given({
      type: 'SalonArchiveDateSet',
      data: { last_archive_date: '2025-12-31', previous_archive_date: null },
    });
    expect(decideArchive({ type: 'SetArchiveDate', date: null, today }, set)[0].data).toEqual({
      last_archive_date: null,
      previous_archive_date: '2025-12-31',
    });
    expect(decideArchive({ type: 'SetArchiveDate', date: '2025-12-31', today }, set)).toEqual([]);
    expect(decideArchive({ type: 'SetArchiveDate', date: null, today }, given())).toEqual([]);
  });

  it("refuses a date after the salon's today, naming the field", () => {
    expect(() => decideArchive({ type: 'SetArchiveDate', date: '2026-12-04', today }, given())).toThrow(
      expect.objectContaining({ message: 'archive.date_in_future' }),
    );
  });
});
