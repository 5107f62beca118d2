import { addDays, businessDate, weekdayOf } from '@rawnaq/contracts';
import { startBenchApp } from './bench-app';
import { postPaced, warmupOf, type LatencyFigures } from './latency';

const TZ = 'Asia/Riyadh';

type Booking = { employee_id: string; start: string; customer_id: string };

/**
 * The booking command end to end, as the front desk sends it: `POST /api/merchant/appointments`
 * through HTTP, the guard, the command (the menu, the employee's hours and blocks, the employee's and
 * the customer's days of bookings) and its one atomic append (fsync'd, FULL), timed from the request
 * until the calendar's read model (`appointment_lines`) and the audit log show the visit. A salon of
 * 30 stylists and 60 customers; the times are the free starts the availability query offers, taken
 * one service length apart, a month ahead. Requests are sent
 * at their due time whether or not the previous ones have answered, as desks do.
 */
export const bookingCommandLatency = async (
  parent: string,
  rate: number,
  seconds: number,
): Promise<LatencyFigures & { refused: number; mainThreadBusy: number; stretchesP99Ms: number[] }> => {
  const bench = await startBenchApp(parent, 'booking-command');
  const { app, base, close } = bench;
  try {
    // a salon of 30 stylists (the availability bench's size) and 60 customers, so bookings spread over
    // the book as a busy salon's do, rather than 200 a second onto the demo's two stylists
    const headers = await bench.openSalon(40);
    const get = async <T>(path: string) => (await (await fetch(`${base}/${path}`, { headers })).json()) as T;
    const create = async (path: string, body: object) => {
      const res = await fetch(`${base}/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    };
    const group = await create('service-groups', { name_en: 'Hair', name_ar: 'الشعر' });
    await create('services', {
      name_en: 'Haircut',
      name_ar: 'قص الشعر',
      group_id: group,
      price: '100.00',
      job_time: '45',
    });
    const ARABIC = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي';
    const letters = (i: number) =>
      `${String.fromCharCode(65 + (i % 26))}${['', 'a', 'b', 'c'][Math.floor(i / 26)]}`;
    for (let i = 0; i < 30; i++)
      await create('employees', {
        name_en: `Stylist ${letters(i)}`,
        name_ar: `مصففة ${ARABIC[i % ARABIC.length]}${i >= ARABIC.length ? 'ا' : ''}`,
        show_in_appointments: true,
      });
    for (let i = 0; i < 60; i++)
      await create('customers', { name: `Guest ${letters(i)}`, mobile: `05${String(80000000 + i)}` });
    const services =
      await get<Array<{ id: string; name_en: string; job_time: number }>>('services?range=[0,99]');
    const haircut = services.find((s) => s.name_en === 'Haircut')!;
    const customers = (await get<Array<{ id: string }>>('customers?range=[0,199]')).map((c) => c.id);

    // free starts, one haircut apart per stylist; each visit's customer free at that time
    const total = rate * seconds + warmupOf(rate);
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

    const requests = bookings.slice(0, total).map((b) => ({
      url: `${base}/appointments`,
      method: 'POST',
      headers,
      body: JSON.stringify({
        customer_id: b.customer_id,
        lines: [{ service_id: haircut.id, employee_id: b.employee_id, start: b.start }],
      }),
    }));
    return await postPaced(app.runner, ['appointments', 'audit-log'], rate, requests);
  } finally {
    await close();
  }
};
