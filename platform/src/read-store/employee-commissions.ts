import type { Filter } from './port';
import type { ReadModels } from './read-models';

/** An employee's day figures the sales-reports projection keeps (dimension `employee`, keyed by her id). */
export const EMPLOYEE_FIGURES = [
  'lines',
  'services',
  'products',
  'sales',
  'commission',
  'returned',
  'returned_commission',
] as const;
type Figures = Record<string, number>;

/** An employee's figures net of what credit notes took back. */
export const employeeRow = (f: Figures) => ({
  ...f,
  net_sales: (f.sales ?? 0) - (f.returned ?? 0),
  net_commission: (f.commission ?? 0) - (f.returned_commission ?? 0),
});

/**
 * The employees' commissions over a period (business dates, inclusive), per employee and net of credit
 * notes: what the commissions report shows and what a month's payroll suggests. `more` narrows it (one
 * employee: `{ key: id }`); `groupBy` adds the day (`['key', 'date']`).
 */
export const employeeFigures = async (
  models: ReadModels,
  tenantId: string,
  period: { from: string; to: string },
  more: Filter = {},
  groupBy: string[] = ['key'],
): Promise<Array<{ key: Record<string, string>; figures: Figures }>> => {
  const rows = await models.aggregate('sales_report_days', {
    filter: { tenantId, dimension: 'employee', date: { $gte: period.from, $lte: period.to }, ...more },
    groupBy,
    sum: [...EMPLOYEE_FIGURES],
  });
  return rows.map((r) => ({
    key: r.key as Record<string, string>,
    figures: Object.fromEntries(EMPLOYEE_FIGURES.map((f) => [f, Math.round(r.sums[f] ?? 0)])),
  }));
};

/** One employee's commission for a period, net of credit notes (minor units). */
export const employeeCommission = async (
  models: ReadModels,
  tenantId: string,
  employeeId: string,
  period: { from: string; to: string },
): Promise<{ net_sales: number; net_commission: number }> => {
  const [row] = await employeeFigures(models, tenantId, period, { key: employeeId });
  const f = employeeRow(row?.figures ?? {});
  return { net_sales: f.net_sales, net_commission: f.net_commission };
};
