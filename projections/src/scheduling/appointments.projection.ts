import type { AppointmentEvent, AppointmentLine, RecordedEvent } from '@rawnaq/contracts';
import type { Change, Doc } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

const by = (e: RecordedEvent) => ({ kind: e.metadata.actor.kind, id: e.metadata.actor.id });

type Visit = Doc & { lines: AppointmentLine[]; status: number; labels: string[] };

const total = (lines: AppointmentLine[]) => lines.reduce((sum, l) => sum + l.price, 0);
const startOf = (lines: AppointmentLine[]) => lines.map((l) => l.start).sort()[0];
const endOf = (lines: AppointmentLine[]) =>
  lines
    .map((l) => l.end)
    .sort()
    .at(-1)!;
/** The visit's employees, and the same as '|a|b|' so a list can find an employee's visits by substring. */
const employeesOf = (lines: AppointmentLine[]) => {
  const ids = [...new Set(lines.map((l) => l.employee_id))];
  return { employee_ids: ids, employee_key: `|${ids.join('|')}|` };
};
const withLabel = (labels: string[], label: string) => (labels.includes(label) ? labels : [...labels, label]);

/** What the calendar shows of a visit on each of its lines (it draws lines, not visits). */
const visitFields = (v: Visit) => ({
  status: v.status,
  confirmed: v.confirmed ?? false,
  no_show: v.no_show ?? false,
  labels: v.labels,
  customer_id: v.customer_id,
  booking_no: v.booking_no,
  source: v.source,
});

const lineDoc = (v: Visit, l: AppointmentLine): Doc => ({
  id: l.line_id,
  tenantId: v.tenantId,
  appointment_id: v.id,
  ...l,
  date: v.date,
  ...visitFields(v),
});

/** The visit's lines as documents: those it has now, and deletions of those it no longer has. */
const lineChanges = (before: Visit | undefined, after: Visit): Change[] => {
  const keep = new Set(after.lines.map((l) => l.line_id));
  return [
    ...(before?.lines ?? [])
      .filter((l) => !keep.has(l.line_id))
      .map((l): Change => ({ kind: 'delete', collection: 'appointment_lines', id: l.line_id })),
    ...after.lines.map((l): Change => ({
      kind: 'upsert',
      collection: 'appointment_lines',
      doc: lineDoc(after, l),
    })),
  ];
};

/**
 * The appointment book's read models: one document per visit (lists, the visit drawer, the day's
 * work, reports) and one per line (the calendar, by employee and time). Labels are the spec's
 * label states (doc1 §4): confirmed, rescheduled, employee changed, edited; "no show" and the status
 * are fields of their own, and "missed" is worked out when read (a scheduled visit whose time passed).
 */
export const appointmentsProjection: Projection = {
  name: 'appointments',
  version: 2,
  collections: [
    {
      name: 'appointments',
      indexes: [
        { fields: ['tenantId', 'date'] },
        { fields: ['tenantId', 'customer_id', 'start'] },
        { fields: ['unique_id'] },
        { fields: ['tenantId', 'booking_no'] },
      ],
    },
    {
      name: 'appointment_lines',
      indexes: [{ fields: ['tenantId', 'start'] }, { fields: ['tenantId', 'employee_id', 'start'] }],
    },
  ],
  handles: [
    'AppointmentBooked',
    'AppointmentConfirmed',
    'AppointmentCheckedIn',
    'AppointmentCancelled',
    'AppointmentNoShowMarked',
    'AppointmentRescheduled',
    'AppointmentEmployeeChanged',
    'AppointmentEdited',
    'AppointmentReminded',
    'AppointmentPaid',
    'AppointmentPaymentCancelled',
  ],
  reads: (e) => [
    { collection: 'appointments', id: e.data.appointment_id as string },
    ...(e.type === 'AppointmentBooked' && e.data.rebook_of
      ? [{ collection: 'appointments', id: e.data.rebook_of as string }]
      : []),
  ],
  project: (e, lookup): Change[] => {
    const event = e as unknown as AppointmentEvent & RecordedEvent;
    const id = event.data.appointment_id;
    const stamp = { updated_at: e.metadata.occurredAt, updated_by: by(e) };
    const before = lookup('appointments', id) as Visit | undefined;
    if (event.type === 'AppointmentBooked') {
      const d = event.data;
      const visit: Visit = {
        id,
        tenantId: e.metadata.tenantId,
        booking_no: d.booking_no,
        customer_id: d.customer_id,
        date: d.date,
        start: startOf(d.lines),
        end: endOf(d.lines),
        lines: d.lines,
        ...employeesOf(d.lines),
        total: total(d.lines),
        source: d.source,
        ...(d.unique_id && { unique_id: d.unique_id }),
        notes: d.notes ?? null,
        status: 1,
        confirmed: false,
        no_show: false,
        reminded: false,
        labels: [],
        overbooked: d.overbooked ?? false,
        created_at: e.metadata.occurredAt,
        created_by: by(e),
        ...stamp,
      };
      const rebookOf = (e.data as { rebook_of?: string }).rebook_of;
      return [
        { kind: 'upsert', collection: 'appointments', doc: visit },
        ...lineChanges(undefined, visit),
        ...(rebookOf && lookup('appointments', rebookOf)
          ? [{ kind: 'patch' as const, collection: 'appointments', id: rebookOf, set: { rebooked_as: id } }]
          : []),
      ];
    }
    if (!before) return [];
    const next = (patch: Partial<Visit>): Change[] => {
      const after = { ...before, ...patch, ...stamp } as Visit;
      return [{ kind: 'upsert', collection: 'appointments', doc: after }, ...lineChanges(before, after)];
    };
    switch (event.type) {
      case 'AppointmentConfirmed':
        return next({ confirmed: true, labels: withLabel(before.labels, 'confirmed') });
      case 'AppointmentCheckedIn':
        return next({ status: 2, checked_in_at: e.metadata.occurredAt, checked_in_by: by(e) });
      case 'AppointmentCancelled':
        return next({
          status: 0,
          cancelled_at: e.metadata.occurredAt,
          cancelled_by: by(e),
          cancel_reason_id: event.data.reason_id ?? null,
          cancel_reason_en: event.data.reason_en ?? event.data.reason ?? null,
          cancel_reason_ar: event.data.reason_ar ?? event.data.reason ?? null,
        });
      case 'AppointmentNoShowMarked':
        return next({ no_show: true, no_show_at: e.metadata.occurredAt });
      case 'AppointmentReminded':
        return next({ reminded: true, reminded_at: e.metadata.occurredAt });
      case 'AppointmentPaid':
        return next({
          payment_status: 1,
          invoice_id: event.data.invoice_id,
          invoice_number: event.data.invoice_number,
          paid_at: e.metadata.occurredAt,
          labels: withLabel(before.labels, 'paid'),
        });
      case 'AppointmentPaymentCancelled':
        return next({
          payment_status: 0,
          invoice_id: null,
          invoice_number: null,
          paid_at: null,
          labels: (before.labels ?? []).filter((l: string) => l !== 'paid'),
        });
      case 'AppointmentRescheduled':
      case 'AppointmentEdited':
      case 'AppointmentEmployeeChanged': {
        const lines =
          event.type === 'AppointmentEmployeeChanged'
            ? before.lines.map((l) =>
                l.line_id === event.data.line_id ? { ...l, employee_id: event.data.employee_id } : l,
              )
            : event.data.lines;
        const label =
          event.type === 'AppointmentRescheduled'
            ? 'rescheduled'
            : event.type === 'AppointmentEdited'
              ? 'edited'
              : 'employee_changed';
        return next({
          lines,
          ...(event.type !== 'AppointmentEmployeeChanged' && { date: event.data.date }),
          start: startOf(lines),
          end: endOf(lines),
          ...employeesOf(lines),
          total: total(lines),
          labels: withLabel(before.labels, label),
          ...(event.type === 'AppointmentEdited' &&
            event.data.notes !== undefined && { notes: event.data.notes }),
          ...(event.type === 'AppointmentEdited' && event.data.overbooked && { overbooked: true }),
        });
      }
    }
    return [];
  },
};
