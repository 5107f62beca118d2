import {
  payrollStatusOf,
  type PayrollChanged,
  type PayrollPaid,
  type PayrollRecorded,
  type RecordedEvent,
} from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

type Data<T extends { data: unknown }> = T['data'];

/**
 * The payroll as its screens read it (issue 25): one document per employee and month, with its
 * figures, what was paid (each payment) and what is still owed.
 */
export const payrollProjection: Projection = {
  name: 'payroll',
  version: 1,
  collections: [
    {
      name: 'payrolls',
      indexes: [
        { fields: ['tenantId', 'month'] },
        { fields: ['tenantId', 'employee_id'] },
        { fields: ['tenantId', 'status'] },
      ],
    },
  ],
  handles: ['PayrollRecorded', 'PayrollChanged', 'PayrollPaid'],
  reads: (e) =>
    e.type === 'PayrollPaid' || e.type === 'PayrollChanged'
      ? [{ collection: 'payrolls', id: (e.data as { payroll_id: string }).payroll_id }]
      : [],
  project: (e: RecordedEvent, lookup): Change[] => {
    const t = e.metadata.tenantId;
    switch (e.type) {
      case 'PayrollRecorded': {
        const { payroll_id, ...d } = e.data as Data<PayrollRecorded>;
        return [
          {
            kind: 'upsert',
            collection: 'payrolls',
            doc: {
              id: payroll_id,
              tenantId: t,
              ...d,
              payments: [],
              paid: 0,
              owed: d.net,
              status: payrollStatusOf(d.net, 0),
              recorded_at: e.metadata.occurredAt,
            },
          },
        ];
      }
      case 'PayrollChanged': {
        const {
          payroll_id,
          previous_net: _previous,
          employee_id: _e,
          month: _m,
          date: _d,
          ...figures
        } = e.data as Data<PayrollChanged>;
        const before = lookup('payrolls', payroll_id);
        const paid = (before?.paid as number | undefined) ?? 0;
        return [
          {
            kind: 'patch',
            collection: 'payrolls',
            id: payroll_id,
            set: {
              ...figures,
              owed: figures.net - paid,
              status: payrollStatusOf(figures.net, paid),
              changed_at: e.metadata.occurredAt,
            },
          },
        ];
      }
      case 'PayrollPaid': {
        const d = e.data as Data<PayrollPaid>;
        const before = lookup('payrolls', d.payroll_id);
        const payments = [
          ...((before?.payments as unknown[] | undefined) ?? []),
          { ...d.payment, date: d.date },
        ];
        return [
          {
            kind: 'patch',
            collection: 'payrolls',
            id: d.payroll_id,
            set: {
              paid: d.paid,
              owed: d.owed,
              payments,
              status: payrollStatusOf(d.paid + d.owed, d.paid),
            },
          },
        ];
      }
    }
    return [];
  },
};
