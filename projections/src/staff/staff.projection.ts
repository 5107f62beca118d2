import { canonicalMobileOrAsIs, type EmployeeEvent, type RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/** Employees (with who can sign in) and their custom hours and blocked periods. */
export const staffProjection: Projection = {
  name: 'staff',
  // 2: mobiles in the canonical form of the customers' ones when they have a country code
  version: 2,
  collections: [
    {
      name: 'employees',
      indexes: [
        { fields: ['tenantId', 'name_en'] },
        { fields: ['tenantId', 'status'] },
        { fields: ['tenantId', 'user_id'] },
      ],
    },
    { name: 'employee_periods', indexes: [{ fields: ['tenantId', 'employee_id', 'from_date'] }] },
  ],
  handles: [
    'EmployeeAdded',
    'EmployeeChanged',
    'EmployeeDisabled',
    'EmployeeActivated',
    'EmployeeLoginGranted',
    'EmployeeLoginRemoved',
    'EmployeePeriodAdded',
    'EmployeePeriodRemoved',
  ],
  project: (e: RecordedEvent): Change[] => {
    const event = e as unknown as EmployeeEvent & RecordedEvent;
    const tenantId = e.metadata.tenantId;
    const at = e.metadata.occurredAt;
    const id = event.data.employee_id;
    switch (event.type) {
      case 'EmployeeAdded': {
        const { employee_id: _e, ...details } = event.data;
        return [
          {
            kind: 'upsert',
            collection: 'employees',
            doc: {
              id,
              tenantId,
              ...details,
              ...(details.mobile !== undefined && { mobile: canonicalMobileOrAsIs(details.mobile) }),
              status: 1,
              user_id: null,
              created_at: at,
              updated_at: at,
            },
          },
        ];
      }
      case 'EmployeeChanged': {
        const set: Record<string, unknown> = { updated_at: at };
        const unset: string[] = [];
        for (const [k, v] of Object.entries(event.data.changed)) {
          if (v === null) unset.push(k);
          else set[k] = k === 'mobile' ? canonicalMobileOrAsIs(v) : v;
        }
        return [{ kind: 'patch', collection: 'employees', id, set, unset }];
      }
      case 'EmployeeDisabled':
      case 'EmployeeActivated':
        return [
          {
            kind: 'patch',
            collection: 'employees',
            id,
            set: { status: event.type === 'EmployeeActivated' ? 1 : 0, updated_at: at },
          },
        ];
      case 'EmployeeLoginGranted':
        return [
          {
            kind: 'patch',
            collection: 'employees',
            id,
            set: { user_id: event.data.user_id, updated_at: at },
          },
        ];
      case 'EmployeeLoginRemoved':
        return [{ kind: 'patch', collection: 'employees', id, set: { user_id: null, updated_at: at } }];
      case 'EmployeePeriodAdded': {
        const { period_id, ...period } = event.data;
        return [
          {
            kind: 'upsert',
            collection: 'employee_periods',
            doc: { id: period_id, tenantId, ...period, created_at: at },
          },
        ];
      }
      case 'EmployeePeriodRemoved':
        return [{ kind: 'delete', collection: 'employee_periods', id: event.data.period_id }];
    }
  },
};
