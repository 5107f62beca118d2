import { addDays, businessDate, weekdayOf } from '@rawnaq/contracts';
import { startBenchApp } from './bench-app';
import { postPaced, type LatencyFigures } from './latency';

const TZ = 'Asia/Riyadh';

type Booking = { employee_id: string; start: string; customer_id: string };

/**
 * The booking command end to end, as the front desk sends it: `POST /api/merchant/appointments`
 * through HTTP, the guard, the command (the menu, the employee's hours and blocks, the employee's and
 * the customer's days of bookings) and its one atomic append (fsync'd, FULL), timed from the request
 * until the calendar's read model (`appointment_lines`) and the audit log show the visit. The demo
 * salon's own stylists and customers; the times are the free starts the availability query offers,
 * taken one service length apart, far enough ahead to be clear of the demo's week. Requests are sent
 * at their due time whether or not the previous ones have answered, as desks do.
 */
export const bookingCommandLatency = async (
  parent: string,
  rate: number,
  seconds: number,
): Promise<LatencyFigures & { refused: number }> => {
  const { app, base, headers, get, close } = await startBenchApp(parent, 'booking-command');
  try {
    const services =
      await get<Array<{ id: string; name_en: string; job_time: number }>>('services?range=[0,99]');
    const haircut = services.find((s) => s.name_en === 'Haircut')!;
    const customers = (await get<Array<{ id: string }>>('customers?range=[0,99]')).map((c) => c.id);

    // free starts, one haircut apart per stylist; each visit's customer free at that time
    const total = rate * seconds;
    const bookings: Booking[] = [];
    const customerFreeAt = new Map(customers.map((c) => [c, 0]));
    let date = addDays(businessDate(new Date(), TZ), 30);
    while (bookings.length < total) {
      if (![5, 6].includes(weekdayOf(date))) {
        const free = await get<{ employees: Array<{ employee_id: string; starts: string[] }> }>(
          `availability?date=${date}&service_ids=${haircut.id}`,
        );
        const day: Booking[] = [];
        for (const e of free.employees) {
          let next = 0;
          for (const start of e.starts)
            if (Date.parse(start) >= next) {
              day.push({ employee_id: e.employee_id, start, customer_id: '' });
              next = Date.parse(start) + haircut.job_time * 60_000;
            }
        }
        day.sort((a, b) => a.start.localeCompare(b.start));
        for (const b of day) {
          const at = Date.parse(b.start);
          const customer = customers.find((c) => customerFreeAt.get(c)! <= at);
          if (!customer) continue;
          customerFreeAt.set(customer, at + haircut.job_time * 60_000);
          bookings.push({ ...b, customer_id: customer });
        }
      }
      date = addDays(date, 1);
    }

    return await postPaced(app.runner, ['appointments', 'audit-log'], rate, seconds, async (i) => {
      const b = bookings[i];
      return fetch(`${base}/appointments`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          customer_id: b.customer_id,
          lines: [{ service_id: haircut.id, employee_id: b.employee_id, start: b.start }],
        }),
      });
    });
  } finally {
    await close();
  }
};
