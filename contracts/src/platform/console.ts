import { PLATFORM_TIME_ZONE, today, type NowInput } from '../dates/instants';

/** How many months the dashboard's charts show, the current one last. */
export const DASHBOARD_MONTHS = 12;

/** `YYYY-MM` of an instant, in the platform's own zone (the manager's figures are counted by it). */
export const monthOf = (instant: NowInput) => today(instant, PLATFORM_TIME_ZONE).slice(0, 7);

/** The last `count` months up to the one of `now`, oldest first (`YYYY-MM`). */
export const lastMonths = (now: NowInput, count = DASHBOARD_MONTHS): string[] => {
  const [y, m] = monthOf(now).split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const index = y * 12 + (m - 1) - (count - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
};

/** One month of the dashboard's charts. */
export type DashboardMonth = {
  month: string;
  /** salons opened that month */
  new_salons: number;
  /** trials that started that month */
  trials_started: number;
  /** salons that first paid that month after a trial */
  trials_converted: number;
};

/** `GET /api/manager/dashboard/figures`: the manager's dashboard, counted from the read models. */
export type DashboardFigures = {
  salons: {
    trial: number;
    active: number;
    expired: number;
    disabled: number;
    requests_pending: number;
    rejected: number;
  };
  /** every trial so far: how many, how many paid after it, and that as a whole percentage */
  trials: { started: number; converted: number; conversion_percent: number | null };
  einvoicing_failures: number;
  months: DashboardMonth[];
};
