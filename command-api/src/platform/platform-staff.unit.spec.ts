import { canOpenArea, DomainError, managerAreaOfPath, type ManagerCreated } from '@rawnaq/contracts';
import { decideStaff, evolveStaff, initialStaff } from './platform-staff';

const created: ManagerCreated = {
  type: 'ManagerCreated',
  data: { manager_id: 'm1', email: 'a@p.example', name: 'Agent', password_hash: 'h', areas: ['merchants'] },
};
const given = (...events: Parameters<typeof evolveStaff>[1][]) => events.reduce(evolveStaff, initialStaff);
const refuses = (run: () => unknown, key: string) => {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect(e).toMatchObject({ key });
    return;
  }
  throw new Error(`expected ${key}`);
};

describe('a platform staff member (given / when / then)', () => {
  it('records a change of areas with the areas before, sorted, and nothing when nothing changes', () => {
    expect(
      decideStaff(
        { type: 'Change', name: 'Agent', areas: ['trackers', 'merchants'], byHerself: false },
        given(created),
        'm1',
      ),
    ).toEqual([
      {
        type: 'PlatformStaffChanged',
        data: {
          manager_id: 'm1',
          changed: { areas: ['merchants', 'trackers'] },
          previous: { areas: ['merchants'] },
        },
      },
    ]);
    expect(
      decideStaff(
        { type: 'Change', name: 'Agent', areas: ['merchants'], byHerself: false },
        given(created),
        'm1',
      ),
    ).toEqual([]);
  });

  it('is disabled and enabled once each; never by herself, nor stripped of settings by herself', () => {
    const disabled = decideStaff({ type: 'Disable', byHerself: false }, given(created), 'm1');
    expect(disabled).toEqual([{ type: 'PlatformStaffDisabled', data: { manager_id: 'm1' } }]);
    expect(decideStaff({ type: 'Disable', byHerself: false }, given(created, ...disabled), 'm1')).toEqual([]);
    refuses(
      () => decideStaff({ type: 'Disable', byHerself: true }, given(created), 'm1'),
      'platform_staff.not_yourself',
    );
    refuses(
      () =>
        decideStaff(
          { type: 'Change', name: 'A', areas: ['merchants'], byHerself: true },
          given(created),
          'm1',
        ),
      'platform_staff.not_yourself',
    );
    refuses(() => decideStaff({ type: 'Enable', byHerself: false }, initialStaff, 'm1'), 'not_found.record');
  });

  it('maps the manager routes to the console areas', () => {
    expect(managerAreaOfPath('/api/manager/payment-gateway-fees?range=[0,9]')).toBe('accounting');
    expect(managerAreaOfPath('/api/manager/platform-records/marketing-setting')).toBe('marketing');
    expect(managerAreaOfPath('/api/manager/platform-records/email-setting')).toBe('settings');
    expect(managerAreaOfPath('/api/manager/merchants/trial-requests')).toBe('merchants');
    expect(managerAreaOfPath('/api/manager/get_global_informations')).toBeUndefined();
    expect(canOpenArea(['merchants'], 'accounting')).toBe(false);
    expect(canOpenArea(undefined, 'accounting')).toBe(true);
  });
});
