import { join } from 'node:path';
import {
  APPOINTMENT_CATEGORY,
  CUSTOMER_DAY_CATEGORY,
  EMPLOYEE_DAY_CATEGORY,
  newId,
  streamName,
  type EventEnvelope,
} from '@rawnaq/contracts';
import { EmbeddedEventBus, SqliteEventStore, SqliteReadStore, type StreamWrite } from '@rawnaq/platform';
import { allProjections, ProjectionRunner } from '@rawnaq/projections';
import { measurePaced, type LatencyFigures } from './latency';

const TENANT = 'bench';
const EMPLOYEES = 30;
const QUARTER = 15 * 60_000;

const envelope = (type: string, data: Record<string, unknown>): EventEnvelope => ({
  id: newId(),
  type,
  data,
  metadata: {
    tenantId: TENANT,
    actor: { kind: 'user', id: 'bench-reception' },
    correlationId: newId(),
    causationId: newId(),
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  },
});

/**
 * Bookings at a steady rate, each written as the booking command writes it: the visit's
 * AppointmentBooked and the employee's and customer's day books (TimeReserved, at their expected
 * revisions) in one atomic multi-stream append, fsync'd (FULL). Each is timed from the start of its
 * append until the appointments read model (the calendar's lines) and the audit log have applied it.
 * The command's own decision (reading the day books, the availability rules) is not in the figure;
 * the availability section measures the engine that decides it.
 */
export const bookingLatency = async (dir: string, rate: number, seconds: number): Promise<LatencyFigures> => {
  const eventStore = new SqliteEventStore({ file: join(dir, 'booking-events.db'), synchronous: 'FULL' });
  const readStore = new SqliteReadStore({ file: join(dir, 'booking-read.db') });
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    bus: new EmbeddedEventBus(eventStore),
    projections: allProjections,
  });
  await runner.start();
  const employees = Array.from({ length: EMPLOYEES }, () => newId());
  const revisions = new Map<string, number>();
  const expected = (stream: string) => revisions.get(stream) ?? ('no_stream' as const);
  const day0 = Date.parse('2030-01-05T06:00:00.000Z');
  const figures = await measurePaced(runner, ['appointments', 'audit-log'], rate, seconds, async (i) => {
    // each employee's quarters one after another, day after day: never a clash
    const employeeId = employees[i % EMPLOYEES];
    const slot = Math.floor(i / EMPLOYEES);
    const start = new Date(day0 + (slot % 48) * QUARTER + Math.floor(slot / 48) * 86_400_000);
    const end = new Date(start.getTime() + QUARTER);
    const date = start.toISOString().slice(0, 10);
    const appointmentId = newId();
    const customerId = newId();
    const lineId = newId();
    const reserved = {
      appointment_id: appointmentId,
      line_id: lineId,
      from: start.toISOString(),
      to: end.toISOString(),
    };
    const employeeDay = streamName(EMPLOYEE_DAY_CATEGORY, TENANT, `${employeeId}:${date}`);
    const customerDay = streamName(CUSTOMER_DAY_CATEGORY, TENANT, `${customerId}:${date}`);
    const writes: StreamWrite[] = [
      {
        stream: streamName(APPOINTMENT_CATEGORY, TENANT, appointmentId),
        expected: 'no_stream',
        events: [
          envelope('AppointmentBooked', {
            appointment_id: appointmentId,
            booking_no: i + 1,
            customer_id: customerId,
            date,
            lines: [
              {
                line_id: lineId,
                service_id: 'bench-service',
                service_name_en: 'Haircut',
                service_name_ar: 'قص الشعر',
                employee_id: employeeId,
                start: reserved.from,
                end: reserved.to,
                duration: 15,
                price: 10000,
              },
            ],
            source: 0,
          }),
        ],
      },
      { stream: employeeDay, expected: expected(employeeDay), events: [envelope('TimeReserved', reserved)] },
      { stream: customerDay, expected: expected(customerDay), events: [envelope('TimeReserved', reserved)] },
    ];
    const { position, streams } = await eventStore.appendMany(writes);
    for (const [stream, revision] of Object.entries(streams)) revisions.set(stream, revision);
    return position;
  });
  await runner.stop();
  await eventStore.close();
  await readStore.close();
  return figures;
};
