import type { BusinessDay } from '../settings/settings-input';
import type { UserRight } from './staff-input';

export const EMPLOYEE_CATEGORY = 'employee';

export type EmployeeDetails = {
  name_en: string;
  name_ar: string;
  job_title?: string;
  experience_years?: number;
  mobile?: string;
  passport_expiry?: string;
  residency_expiry?: string;
  joining_date?: string;
  leaving_date?: string;
  show_in_appointments: boolean;
  show_in_billing: boolean;
  /** minor units of the account currency */
  salary?: number;
  commission_percentage?: number;
  working_hours: BusinessDay[];
  holidays: number[];
  rights: UserRight[];
  check_in_latitude?: number;
  check_in_longitude?: number;
  picture_file_id?: string;
  /** up to 4 other active employees of the salon (absent on events written before the field existed) */
  preferred_artist_ids?: string[];
  /**
   * The services she does (her skills), edited from her record and from each service's; absent: every
   * service of the salon (an employee added before skills were recorded, or never limited).
   */
  service_ids?: string[];
};

/** Whether an employee (her record or read model) does a service: with no skills recorded, every one. */
export const doesService = (employee: object, serviceId: string): boolean => {
  const skills = (employee as { service_ids?: unknown }).service_ids;
  return !Array.isArray(skills) || skills.includes(serviceId);
};

export type EmployeePeriod = {
  kind: 'custom_hours' | 'block';
  reason?: string;
  from_date: string;
  to_date: string;
  from?: string;
  to?: string;
};

export type EmployeeEvent =
  | { type: 'EmployeeAdded'; data: { employee_id: string } & EmployeeDetails }
  | {
      type: 'EmployeeChanged';
      data: { employee_id: string; changed: Record<string, unknown>; previous: Record<string, unknown> };
    }
  | { type: 'EmployeeDisabled'; data: { employee_id: string } }
  | { type: 'EmployeeActivated'; data: { employee_id: string } }
  | { type: 'EmployeeLoginGranted'; data: { employee_id: string; user_id: string } }
  /** her login was taken away: she is an employee who does not sign in (the user is deactivated) */
  | { type: 'EmployeeLoginRemoved'; data: { employee_id: string; user_id: string } }
  | { type: 'EmployeePeriodAdded'; data: { employee_id: string; period_id: string } & EmployeePeriod }
  | { type: 'EmployeePeriodRemoved'; data: { employee_id: string; period_id: string } };

export type RoleChanged = {
  type: 'RoleChanged';
  data: { role_id: string; changed: Record<string, unknown>; previous: Record<string, unknown> };
};
export type RoleRemoved = { type: 'RoleRemoved'; data: { role_id: string } };
