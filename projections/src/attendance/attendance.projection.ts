import type { AttendanceEvent, RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/** Shifts: each check-in with its check-out and the minutes between them (the attendance reports). */
export const attendanceProjection: Projection = {
  name: 'attendance',
  version: 1,
  collections: [
    {
      name: 'shifts',
      indexes: [
        { fields: ['tenantId', 'business_date'] },
        { fields: ['tenantId', 'employee_id', 'business_date'] },
      ],
    },
    { name: 'open_shifts' },
  ],
  handles: ['CheckedIn', 'CheckedOut'],
  reads: (e) => [{ collection: 'open_shifts', id: e.data.employee_id as string }],
  project: (e: RecordedEvent, lookup): Change[] => {
    const event = e as unknown as AttendanceEvent & RecordedEvent;
    const tenantId = e.metadata.tenantId;
    const employee = event.data.employee_id;
    const at = e.metadata.occurredAt;
    if (event.type === 'CheckedIn')
      return [
        {
          kind: 'upsert',
          collection: 'shifts',
          doc: {
            id: e.id,
            tenantId,
            employee_id: employee,
            business_date: event.data.business_date,
            check_in_at: at,
            check_in_distance_m: event.data.distance_m,
            check_out_at: null,
            minutes: null,
          },
        },
        { kind: 'upsert', collection: 'open_shifts', doc: { id: employee, shift_id: e.id, check_in_at: at } },
      ];
    const open = lookup('open_shifts', employee);
    if (!open) return [];
    const minutes = Math.round((Date.parse(at) - Date.parse(open.check_in_at as string)) / 60_000);
    return [
      {
        kind: 'patch',
        collection: 'shifts',
        id: open.shift_id as string,
        set: { check_out_at: at, check_out_distance_m: event.data.distance_m, minutes },
      },
      { kind: 'delete', collection: 'open_shifts', id: employee },
    ];
  },
};
