import {
  businessDate,
  CUSTOMER_DAY_CATEGORY,
  EMPLOYEE_CATEGORY,
  EMPLOYEE_DAY_CATEGORY,
  MENU_CATEGORY,
  streamName,
  type BusinessDate,
  type DayBookEvent,
  type EmployeeEvent,
  type MenuEvent,
  type TenantTimeZone,
} from '@rawnaq/contracts';
import { evolveMenu, initialMenuState, type MenuState } from '../catalog/menu';
import {
  evolveAccountSettings,
  initialAccountSettings,
  type AccountSettings,
  type SettingsEvent,
} from '../settings/account-settings';
import type { CommandContext } from '../shared/command-context';
import type { Aggregates } from '../shared/repository';
import { evolveEmployee, initialEmployeeState, type EmployeeState } from '../staff/employee';
import { evolveDayBook, initialDayBook, type DayBookState } from './day-book';

/**
 * The fold's start for every salon's menu, one value: the folded states kept between loads are
 * looked up by their initial state, and one made afresh at each load (three new Maps) was compared
 * deeply with the kept one at every sale (~9 µs of the request thread's). States are values nothing
 * changes in place (evolveMenu copies what it changes), so one empty menu serves every load.
 */
const NO_MENU: MenuState = initialMenuState();

export const employeeDayStream = (tenantId: string, employeeId: string, date: BusinessDate) =>
  streamName(EMPLOYEE_DAY_CATEGORY, tenantId, `${employeeId}:${date}`);
export const customerDayStream = (tenantId: string, customerId: string, date: BusinessDate) =>
  streamName(CUSTOMER_DAY_CATEGORY, tenantId, `${customerId}:${date}`);

/** The business dates an interval touches (a line that runs past midnight holds both days). */
export const datesOf = (from: number, to: number, timeZone: TenantTimeZone): BusinessDate[] => {
  const first = businessDate(from, timeZone);
  const last = businessDate(Math.max(from, to - 1), timeZone);
  return first === last ? [first] : [first, last];
};

/**
 * What a booking decision reads besides the visit: the salon's settings (hours, custom hours,
 * overbooking), the menu, the employees involved. Settings and employees are held (`loadHeld`): the
 * visit is stored only if they did not change meanwhile, so a block added at the same instant as a
 * booking in its time cannot both succeed.
 */
export class BookingContext {
  private readonly employees = new Map<string, EmployeeState>();
  private readonly days = new Map<string, DayBookState>();

  constructor(
    private readonly aggregates: Aggregates,
    readonly ctx: CommandContext,
  ) {}

  async settings(): Promise<Extract<AccountSettings, { exists: true }>> {
    const { state } = await this.aggregates.loadHeld<AccountSettings, SettingsEvent>(
      this.ctx,
      streamName('account', this.ctx.tenantId, this.ctx.tenantId),
      initialAccountSettings,
      evolveAccountSettings,
    );
    if (!state.exists) throw new Error(`No settings for tenant ${this.ctx.tenantId}`);
    return state;
  }

  async menu(): Promise<MenuState> {
    return (
      await this.aggregates.load<MenuState, MenuEvent>(
        this.ctx,
        streamName(MENU_CATEGORY, this.ctx.tenantId, this.ctx.tenantId),
        NO_MENU,
        evolveMenu,
      )
    ).state;
  }

  async employee(employeeId: string): Promise<EmployeeState> {
    let state = this.employees.get(employeeId);
    if (!state) {
      state = (
        await this.aggregates.loadHeld<EmployeeState, EmployeeEvent>(
          this.ctx,
          streamName(EMPLOYEE_CATEGORY, this.ctx.tenantId, employeeId),
          initialEmployeeState,
          evolveEmployee,
        )
      ).state;
      this.employees.set(employeeId, state);
    }
    return state;
  }

  async day(stream: string): Promise<DayBookState> {
    let state = this.days.get(stream);
    if (!state) {
      state = (
        await this.aggregates.load<DayBookState, DayBookEvent>(
          this.ctx,
          stream,
          initialDayBook(),
          evolveDayBook,
        )
      ).state;
      this.days.set(stream, state);
    }
    return state;
  }
}
