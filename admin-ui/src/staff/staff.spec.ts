import { ALL_PERMISSIONS, Page, Permission, employeeInput } from '@rawnaq/contracts';
import { currentPosition, failureOf, GeolocationFailure } from './geolocation';
import {
  PERMISSION_PAGES,
  dayPayload,
  employeePayload,
  hoursMinutes,
  levelOf,
  rolePayload,
  withLevel,
  withPermission,
} from './types';

describe('the employee form payload', () => {
  it('sends every field, empty ones as null, coordinates as numbers, closed days without hours', () => {
    const payload = employeePayload({
      name_en: 'Dana',
      name_ar: 'دانة',
      job_title: '',
      salary: '4500.50',
      check_in_latitude: '24.711667',
      check_in_longitude: 46.674167,
      working_hours: [
        { is_open: true, from: '10:00', to: '18:00' },
        { is_open: false, from: '10:00', to: '18:00' },
        { is_open: true, from: '', to: '' },
        ...Array.from({ length: 4 }, () => ({ is_open: true, from: '12:00', to: '20:00' })),
      ],
      holidays: [5],
      preferred_artist_ids: ['a', 'b'],
      status: 1,
      login_access: true,
    });
    expect(payload).toMatchObject({
      name_en: 'Dana',
      job_title: null,
      salary: '4500.50',
      check_in_latitude: 24.711667,
      check_in_longitude: 46.674167,
      holidays: [5],
      rights: [],
      preferred_artist_ids: ['a', 'b'],
      leaving_date: null,
    });
    expect(payload).not.toHaveProperty('status');
    expect(payload).not.toHaveProperty('login_access');
    expect((payload.working_hours as unknown[]).slice(0, 3)).toEqual([
      { is_open: true, from: '10:00', to: '18:00' },
      { is_open: false },
      { is_open: true },
    ]);
    expect(dayPayload(undefined)).toEqual({ is_open: false });
  });

  it("is judged by the contracts' schema: five preferred artists are refused, naming the limit", () => {
    const schema = employeeInput({ countryId: 1 });
    const base = { name_en: 'Dana', name_ar: 'دانة' };
    expect(
      schema.safeParse(employeePayload({ ...base, preferred_artist_ids: ['1', '2', '3', '4'] })).success,
    ).toBe(true);
    const five = schema.safeParse(
      employeePayload({ ...base, preferred_artist_ids: ['1', '2', '3', '4', '5'] }),
    );
    expect(five.success).toBe(false);
    expect(five.error?.issues[0]).toMatchObject({
      path: ['preferred_artist_ids'],
      message: 'staff.too_many_preferred_artists',
      params: { max: 4 },
    });
    const typed = schema.safeParse(employeePayload({ ...base, check_in_latitude: 'north' }));
    expect(typed.error?.issues[0].path).toEqual(['check_in_latitude']);
  });
});

describe('the role editor', () => {
  const employees = PERMISSION_PAGES.find((p) => p.page === Page.employees)!.permissions;

  it('groups the whole catalogue by page, the view permission first', () => {
    expect(PERMISSION_PAGES.flatMap((p) => p.permissions).sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(employees).toEqual([
      Permission.viewEmployees,
      Permission.manageEmployees,
      Permission.manageRoles,
      Permission.ownProfileAndActivities,
    ]);
    const products = PERMISSION_PAGES.find((p) => p.page === Page.products)!;
    expect(products.permissions[0]).toBe(Permission.viewProducts);
    const marketing = PERMISSION_PAGES.find((p) => p.page === Page.marketing)!;
    expect(marketing.hasView).toBe(false);
    // notifications alone: no "view" to add, and the level is what was chosen
    expect(withPermission([], marketing.permissions, 39, true, false)).toEqual([39]);
    expect(levelOf([38], marketing.permissions, false)).toBe('custom');
  });

  it('reads and sets a page level: no access, profile and activities, view, full, or rights chosen one by one', () => {
    const own = PERMISSION_PAGES.find((p) => p.page === Page.employees)!.profile;
    expect(own).toBe(Permission.ownProfileAndActivities);
    expect(PERMISSION_PAGES.find((p) => p.page === Page.products)!.profile).toBeUndefined();
    expect(levelOf([20], employees, true, own)).toBe('none');
    expect(levelOf([43], employees, true, own)).toBe('profile');
    expect(levelOf([40], employees, true, own)).toBe('view');
    expect(levelOf([40, 41, 42, 43], employees, true, own)).toBe('full');
    expect(levelOf([40, 42], employees, true, own)).toBe('custom');
    expect(withLevel([20, 40], employees, 'full', own)).toEqual([20, 40, 41, 42, 43]);
    expect(withLevel([20, 40, 41], employees, 'view', own)).toEqual([20, 40]);
    expect(withLevel([20, 40, 41], employees, 'profile', own)).toEqual([20, 43]);
    expect(withLevel([20, 40, 41], employees, 'none', own)).toEqual([20]);
  });

  it('opens the page with any of its rights, and closing the page closes its rights', () => {
    expect(withPermission([], employees, 42, true)).toEqual([40, 42]);
    expect(withPermission([40, 41, 42], employees, 41, false)).toEqual([40, 42]);
    expect(withPermission([20, 40, 41, 42], employees, 40, false)).toEqual([20]);
  });

  it('sends a name, the administrator flag and the permission ids', () => {
    expect(rolePayload({ name: 'cashier', permissions: [1, 20], holders: 3, id: 'x' })).toEqual({
      name: 'cashier',
      is_admin: false,
      permissions: [1, 20],
    });
  });
});

describe('attendance', () => {
  it('shows minutes as hours:minutes', () => {
    expect(hoursMinutes(0)).toBe('0:00');
    expect(hoursMinutes(90)).toBe('1:30');
    expect(hoursMinutes(605)).toBe('10:05');
    expect(hoursMinutes(null)).toBe('');
  });

  it("names each of the browser's geolocation failures (doc2 §8.2)", async () => {
    expect([1, 2, 3, undefined].map(failureOf)).toEqual(['denied', 'unavailable', 'timeout', 'unavailable']);
    await expect(currentPosition(undefined)).rejects.toEqual(new GeolocationFailure('unsupported'));
    const failing = (code: number) =>
      ({
        getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
          fail({ code } as GeolocationPositionError),
      }) as unknown as Geolocation;
    await expect(currentPosition(failing(1))).rejects.toMatchObject({ reason: 'denied' });
    await expect(currentPosition(failing(3))).rejects.toMatchObject({ reason: 'timeout' });
    const found = {
      getCurrentPosition: (ok: PositionCallback) =>
        ok({ coords: { latitude: 24.7, longitude: 46.6, accuracy: 12.4 } } as GeolocationPosition),
    } as unknown as Geolocation;
    await expect(currentPosition(found)).resolves.toEqual({ latitude: 24.7, longitude: 46.6, accuracy: 12 });
  });
});
