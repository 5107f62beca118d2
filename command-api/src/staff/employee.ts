import {
  canonicalMobileOrAsIs,
  conflict,
  doesService,
  notFound,
  rejected,
  type EmployeeDetails,
  type EmployeeEvent,
  type EmployeePeriod,
} from '@rawnaq/contracts';

export type EmployeeState =
  | { added: false }
  | {
      added: true;
      employeeId: string;
      details: EmployeeDetails;
      active: boolean;
      userId?: string;
      periods: Map<string, EmployeePeriod>;
    };

export const initialEmployeeState: EmployeeState = { added: false };

export const evolveEmployee = (state: EmployeeState, event: EmployeeEvent): EmployeeState => {
  if (event.type === 'EmployeeAdded') {
    const { employee_id, ...details } = event.data;
    // mobiles were free text before they followed the customers' rules: decide on the canonical form
    const mobile = canonicalMobileOrAsIs(details.mobile);
    return {
      added: true,
      employeeId: employee_id,
      details: mobile === undefined ? details : { ...details, mobile },
      active: true,
      periods: new Map(),
    };
  }
  if (!state.added) return state;
  switch (event.type) {
    case 'EmployeeChanged': {
      const details = { ...state.details } as Record<string, unknown>;
      for (const [k, v] of Object.entries(event.data.changed)) {
        if (v === null) delete details[k];
        else details[k] = k === 'mobile' ? canonicalMobileOrAsIs(v) : v;
      }
      return { ...state, details: details as EmployeeDetails };
    }
    case 'EmployeeDisabled':
      return { ...state, active: false };
    case 'EmployeeActivated':
      return { ...state, active: true };
    case 'EmployeeLoginGranted':
      return { ...state, userId: event.data.user_id };
    case 'EmployeeLoginRemoved':
      return { ...state, userId: undefined };
    case 'EmployeePeriodAdded': {
      const { employee_id: _e, period_id, ...period } = event.data;
      return { ...state, periods: new Map(state.periods).set(period_id, period) };
    }
    case 'EmployeePeriodRemoved': {
      const periods = new Map(state.periods);
      periods.delete(event.data.period_id);
      return { ...state, periods };
    }
  }
};

export type EmployeeCommand =
  | {
      type: 'AddEmployee';
      employeeId: string;
      details: EmployeeDetails;
      activeEmployees: number;
      maxEmployees: number;
    }
  | { type: 'ChangeEmployee'; details: EmployeeDetails }
  | { type: 'DisableEmployee' | 'ActivateEmployee'; activeEmployees: number; maxEmployees: number }
  | { type: 'GrantLogin'; userId: string }
  | { type: 'RemoveLogin' }
  | { type: 'AddPeriod'; periodId: string; period: EmployeePeriod }
  | { type: 'RemovePeriod'; periodId: string }
  /**
   * From a service's record: she does the service or not (the same fact as her own record's
   * `service_ids`); with no skills recorded she did every service, `allServiceIds` then.
   */
  | { type: 'SetServiceSkill'; serviceId: string; does: boolean; allServiceIds: readonly string[] };

/** Who the owner is matters: the owner's record is not changed from the employee screens (doc2 §6). */
export type EmployeeContext = { ownerUserId: string };

const overlaps = (a: EmployeePeriod, b: EmployeePeriod) =>
  a.from_date <= b.to_date && b.from_date <= a.to_date;

export const decideEmployee = (
  command: EmployeeCommand,
  state: EmployeeState,
  context: EmployeeContext,
): EmployeeEvent[] => {
  if (command.type === 'AddEmployee') {
    if (state.added) return [];
    // the subscription's number of employees (doc2 §8.2 "subscription employee limit exceeded")
    if (command.activeEmployees >= command.maxEmployees) throw rejected('staff.employee_limit_reached');
    return [{ type: 'EmployeeAdded', data: { employee_id: command.employeeId, ...command.details } }];
  }
  if (!state.added) throw notFound('not_found.employee');
  const employee_id = state.employeeId;
  const isOwner = state.userId !== undefined && state.userId === context.ownerUserId;
  switch (command.type) {
    case 'ChangeEmployee': {
      const before = state.details as Record<string, unknown>;
      const after = command.details as Record<string, unknown>;
      const changed: Record<string, unknown> = {};
      const previous: Record<string, unknown> = {};
      for (const k of new Set([...Object.keys(before), ...Object.keys(after)]))
        if (JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null)) {
          changed[k] = after[k] ?? null;
          previous[k] = before[k] ?? null;
        }
      return Object.keys(changed).length
        ? [{ type: 'EmployeeChanged', data: { employee_id, changed, previous } }]
        : [];
    }
    case 'DisableEmployee':
      if (isOwner) throw rejected('staff.owner_cannot_change');
      if (!state.active) throw conflict('staff.already_disabled');
      return [{ type: 'EmployeeDisabled', data: { employee_id } }];
    case 'ActivateEmployee':
      if (state.active) throw conflict('staff.already_active');
      if (command.activeEmployees >= command.maxEmployees) throw rejected('staff.employee_limit_reached');
      return [{ type: 'EmployeeActivated', data: { employee_id } }];
    case 'GrantLogin':
      if (state.userId) throw conflict('staff.already_has_login');
      return [{ type: 'EmployeeLoginGranted', data: { employee_id, user_id: command.userId } }];
    case 'RemoveLogin':
      if (!state.userId) throw rejected('staff.no_login');
      if (isOwner) throw rejected('staff.owner_cannot_change');
      return [{ type: 'EmployeeLoginRemoved', data: { employee_id, user_id: state.userId } }];
    case 'AddPeriod': {
      if (state.periods.has(command.periodId)) return [];
      for (const other of state.periods.values())
        if (overlaps(other, command.period)) throw conflict('settings.periods_overlap', 'from_date');
      return [
        {
          type: 'EmployeePeriodAdded',
          data: { employee_id, period_id: command.periodId, ...JSON.parse(JSON.stringify(command.period)) },
        },
      ];
    }
    case 'RemovePeriod':
      if (!state.periods.has(command.periodId)) throw notFound('not_found.record');
      return [{ type: 'EmployeePeriodRemoved', data: { employee_id, period_id: command.periodId } }];
    case 'SetServiceSkill': {
      const before = state.details.service_ids;
      if (doesService(state.details, command.serviceId) === command.does) return [];
      const after = command.does
        ? [...(before ?? []), command.serviceId]
        : (before ?? command.allServiceIds).filter((id) => id !== command.serviceId);
      return [
        {
          type: 'EmployeeChanged',
          data: { employee_id, changed: { service_ids: after }, previous: { service_ids: before ?? null } },
        },
      ];
    }
  }
};
