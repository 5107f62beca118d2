import { DomainError, doesService, type EmployeeDetails, type EmployeeEvent } from '@rawnaq/contracts';
import { decideEmployee, evolveEmployee, initialEmployeeState, type EmployeeCommand } from './employee';

const week = Array.from({ length: 7 }, () => ({ is_open: true, from: '10:00', to: '22:00' }));
const noura: EmployeeDetails = {
  name_en: 'Noura',
  name_ar: 'نورة',
  show_in_appointments: true,
  show_in_billing: true,
  working_hours: week,
  holidays: [5],
  rights: [],
};
const added: EmployeeEvent = { type: 'EmployeeAdded', data: { employee_id: 'e1', ...noura } };
const ctx = { ownerUserId: 'owner-user' };

const given = (...events: EmployeeEvent[]) => ({
  when: (command: EmployeeCommand) => {
    const state = events.reduce(evolveEmployee, initialEmployeeState);
    const run = () => decideEmployee(command, state, ctx);
    return {
      then: (expected: EmployeeEvent[]) => expect(run()).toEqual(expected),
      thenRejects: (key: string) => {
        try {
          run();
        } catch (e) {
          expect(e).toBeInstanceOf(DomainError);
          expect(e).toMatchObject({ key });
          return;
        }
        throw new Error('expected a rejection');
      },
    };
  },
});

describe('employee', () => {
  it('is added within the subscription limit only', () => {
    given()
      .when({ type: 'AddEmployee', employeeId: 'e1', details: noura, activeEmployees: 2, maxEmployees: 3 })
      .then([added]);
    given()
      .when({ type: 'AddEmployee', employeeId: 'e1', details: noura, activeEmployees: 3, maxEmployees: 3 })
      .thenRejects('staff.employee_limit_reached');
  });

  it('keeps the owner from being disabled from the employee screens', () =>
    given(added, { type: 'EmployeeLoginGranted', data: { employee_id: 'e1', user_id: 'owner-user' } })
      .when({ type: 'DisableEmployee', activeEmployees: 1, maxEmployees: 3 })
      .thenRejects('staff.owner_cannot_change'));

  it('refuses overlapping periods and accepts the next one', () => {
    const period: EmployeeEvent = {
      type: 'EmployeePeriodAdded',
      data: {
        employee_id: 'e1',
        period_id: 'p1',
        kind: 'block',
        from_date: '2026-12-01',
        to_date: '2026-12-05',
      },
    };
    given(added, period)
      .when({
        type: 'AddPeriod',
        periodId: 'p2',
        period: {
          kind: 'custom_hours',
          from_date: '2026-12-05',
          to_date: '2026-12-07',
          from: '12:00',
          to: '18:00',
        },
      })
      .thenRejects('settings.periods_overlap');
    given(added, period)
      .when({
        type: 'AddPeriod',
        periodId: 'p2',
        period: { kind: 'block', from_date: '2026-12-06', to_date: '2026-12-06' },
      })
      .then([
        {
          type: 'EmployeePeriodAdded',
          data: {
            employee_id: 'e1',
            period_id: 'p2',
            kind: 'block',
            from_date: '2026-12-06',
            to_date: '2026-12-06',
          },
        },
      ]);
  });

  it('records only what changed, and a login once', () => {
    given(added)
      .when({ type: 'ChangeEmployee', details: { ...noura, holidays: [5, 6] } })
      .then([
        {
          type: 'EmployeeChanged',
          data: { employee_id: 'e1', changed: { holidays: [5, 6] }, previous: { holidays: [5] } },
        },
      ]);
    given(added, { type: 'EmployeeLoginGranted', data: { employee_id: 'e1', user_id: 'u2' } })
      .when({ type: 'GrantLogin', userId: 'u3' })
      .thenRejects('staff.already_has_login');
  });

  describe('the services she does (skills), from her record or a service’s', () => {
    const skills = (employee_id: string, after: string[], before: string[] | null): EmployeeEvent => ({
      type: 'EmployeeChanged',
      data: { employee_id, changed: { service_ids: after }, previous: { service_ids: before } },
    });
    const all = ['haircut', 'manicure', 'facial'];

    it('given no skills recorded (every service), when a service says she does not do it, then she does all the others', () =>
      given(added)
        .when({ type: 'SetServiceSkill', serviceId: 'haircut', does: false, allServiceIds: all })
        .then([skills('e1', ['manicure', 'facial'], null)]));

    it('given no skills recorded, when a service says she does it, then nothing changes', () =>
      given(added)
        .when({ type: 'SetServiceSkill', serviceId: 'haircut', does: true, allServiceIds: all })
        .then([]));

    it('given her skills, when a service adds her or takes her off, then only that service changes', () => {
      const nails = skills('e1', ['manicure'], null);
      given(added, nails)
        .when({ type: 'SetServiceSkill', serviceId: 'facial', does: true, allServiceIds: all })
        .then([skills('e1', ['manicure', 'facial'], ['manicure'])]);
      given(added, nails)
        .when({ type: 'SetServiceSkill', serviceId: 'manicure', does: false, allServiceIds: all })
        .then([skills('e1', [], ['manicure'])]);
      given(added, nails)
        .when({ type: 'SetServiceSkill', serviceId: 'haircut', does: false, allServiceIds: all })
        .then([]);
    });

    it('given her skills, when her record is saved with other skills, then the change and what it was are recorded', () =>
      given(added, skills('e1', ['manicure'], null))
        .when({ type: 'ChangeEmployee', details: { ...noura, service_ids: ['manicure', 'facial'] } })
        .then([skills('e1', ['manicure', 'facial'], ['manicure'])]));

    it('given an employee of before skills were recorded, when she is asked about a service, then she does it', () => {
      const state = [added].reduce(evolveEmployee, initialEmployeeState);
      expect(state.added && doesService(state.details, 'haircut')).toBe(true);
      const limited = [added, skills('e1', ['manicure'], null)].reduce(evolveEmployee, initialEmployeeState);
      expect(
        limited.added && [doesService(limited.details, 'haircut'), doesService(limited.details, 'manicure')],
      ).toEqual([false, true]);
    });
  });
});
