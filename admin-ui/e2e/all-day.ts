/**
 * A day on which every hour is a working hour, for the steps that need a visit at this very quarter
 * (a no-show, a check-in, a check-out): the demo salon opens 10:00-22:00 in Riyadh and its stylists
 * rest on Fridays, so those steps were skipped whenever CI ran at night or on a Friday.
 */
const ALL_DAY = { from: '00:00', to: '23:45' };

/** Now on Riyadh's wall clock, read with the UTC getters (the demo salon's zone: UTC+3, no daylight saving). */
export const riyadhNow = () => new Date(Date.now() + 3 * 3600_000);

/** Today's date in Riyadh. */
export const riyadhToday = () => riyadhNow().toISOString().slice(0, 10);

/** Whether a quarter of today is still inside ALL_DAY (none is after 23:30 in Riyadh). */
const quarterLeftToday = () => {
  const riyadh = riyadhNow();
  return riyadh.getUTCHours() * 60 + riyadh.getUTCMinutes() < 23 * 60 + 30;
};

export type AllDay = {
  /** Takes the custom hours away again, with a session of its own (a page's sign-in ended the first). */
  undo: (headers: Record<string, string>) => Promise<void>;
};

/**
 * Opens the salon and the given stylists all of today through custom hours (the settings' custom
 * business hours and each stylist's custom-hours period), with the owner's API `headers`. Undefined
 * when no quarter of today is left to book, or when today already has hours of its own the test
 * should not change (a 409: a period of the salon covers it).
 */
export const openAllOfToday = async (
  api: string,
  headers: Record<string, string>,
  stylistIds: string[],
): Promise<AllDay | undefined> => {
  if (!quarterLeftToday()) return undefined;
  const today = riyadhToday();
  const post = (path: string, body: object) =>
    fetch(`${api}/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const salon = await post('custom-business-hours', {
    name: 'E2E all day',
    from_date: today,
    to_date: today,
    is_open: true,
    ...ALL_DAY,
  });
  if (salon.status === 409) return undefined;
  if (salon.status !== 201) throw new Error(`custom business hours: ${salon.status} ${await salon.text()}`);
  const salonPeriod = ((await salon.json()) as { id: string }).id;
  const periods: Array<[string, string]> = [];
  for (const stylist of stylistIds) {
    const res = await post(`employees/${stylist}/periods`, {
      kind: 'custom_hours',
      from_date: today,
      to_date: today,
      ...ALL_DAY,
    });
    if (res.status !== 201) throw new Error(`custom hours of ${stylist}: ${res.status} ${await res.text()}`);
    periods.push([stylist, ((await res.json()) as { id: string }).id]);
  }
  return {
    undo: async (fresh) => {
      const remove = async (path: string) => {
        const res = await fetch(`${api}/${path}`, { method: 'DELETE', headers: fresh });
        if (res.status !== 200) throw new Error(`DELETE ${path}: ${res.status} ${await res.text()}`);
      };
      for (const [stylist, period] of periods) await remove(`employees/${stylist}/periods/${period}`);
      await remove(`custom-business-hours/${salonPeriod}`);
    },
  };
};

type Named = { id: string; name_en: string };

/**
 * A test's setup through the owner's API, before its page signs in (that ends this session): the
 * session's headers and reads, the demo's services and staff, and today opened all day for the demo's
 * two stylists (`allDay`, undefined when it could not be).
 */
export const ownerTodayAllDay = async (api: string, signIn: () => Promise<string>) => {
  const headers = { Authorization: `Bearer ${await signIn()}`, 'Content-Type': 'application/json' };
  const get = async <T>(path: string) => (await (await fetch(`${api}/${path}`, { headers })).json()) as T;
  const services = await get<Named[]>('services?range=[0,99]');
  const staff = await get<Named[]>('employees?range=[0,99]');
  const stylists = ['Noura Al-Qahtani', 'Reem Abdullah'].map((n) => staff.find((e) => e.name_en === n)!.id);
  const allDay = await openAllOfToday(api, headers, stylists);
  return { headers, get, services, staff, allDay };
};
