import { Controller, Get, Inject, Query } from '@nestjs/common';
import { addDays, Page, Permission, rejected } from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { statementPeriod } from './period';

type Period = { from: string; to: string };

const INCOME = ['services', 'products', 'discounts', 'returns', 'debit_notes'] as const;
const COSTS = ['cost_of_goods', 'materials', 'stock_adjustments'] as const;
const PAYROLL = ['salary', 'commission', 'total_additions', 'total_deductions', 'net'] as const;

/** The same number of days just before a period, to compare with. */
export const previousPeriod = ({ from, to }: Period): Period => {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  const end = addDays(from as never, -1);
  return { from: addDays(end as never, -days), to: end };
};

/**
 * `reports/profit-and-loss` (issue 25), for every salon, books or not: income from its sales documents
 * (services and products at their price, less their discounts, less what credit notes gave back, plus
 * debit notes; all before VAT), less what the products sold and used cost (at their average cost, as
 * the books post it), less its expenses by type (before the VAT it recovers), less its payroll
 * (salaries, commissions and additions, less deductions), over a period, compared with the one before.
 * The figures are those the books post to the same accounts, so a salon that opens its books reads the
 * same profit in both statements. Read with "sales reports" (15), as the other accounting reports.
 */
@Controller('api/merchant/reports')
@Realm('merchant')
export class ProfitReportQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  private async statement(tenantId: string, period: Period) {
    const dates = { $gte: period.from, $lte: period.to };
    const [sales, expenses, payroll] = await Promise.all([
      this.models.aggregate('profit_days', {
        filter: { tenantId, date: dates },
        sum: [...INCOME, ...COSTS],
      }),
      this.models.aggregate('expenses', {
        filter: { tenantId, date: dates },
        groupBy: ['expense_type_id'],
        sum: ['net'],
      }),
      this.models.aggregate('payrolls', {
        filter: { tenantId, date: dates },
        sum: [...PAYROLL],
      }),
    ]);
    const s = (k: string) => Math.round(sales[0]?.sums[k] ?? 0);
    const income = {
      services: s('services'),
      products: s('products'),
      discounts: s('discounts'),
      returns: s('returns'),
      debit_notes: s('debit_notes'),
      total: 0,
    };
    income.total = income.services + income.products - income.discounts - income.returns + income.debit_notes;
    // what the products sold and used cost, at their average cost
    const costs = {
      cost_of_goods: s('cost_of_goods'),
      materials: s('materials'),
      stock_adjustments: s('stock_adjustments'),
      total: 0,
    };
    costs.total = costs.cost_of_goods + costs.materials + costs.stock_adjustments;
    const typeIds = expenses.map((r) => String(r.key.expense_type_id));
    const types = typeIds.length
      ? await this.models.find('expense_types', {
          filter: { tenantId, id: { $in: typeIds } },
          limit: typeIds.length,
        })
      : [];
    const names = new Map(types.map((t) => [t.id, t]));
    const byType = expenses
      .map((r) => {
        const id = String(r.key.expense_type_id);
        return {
          expense_type_id: id,
          name_en: String(names.get(id)?.name_en ?? ''),
          name_ar: String(names.get(id)?.name_ar ?? ''),
          amount: Math.round(r.sums.net ?? 0),
          count: r.count,
        };
      })
      .filter((r) => r.amount !== 0)
      .sort((a, b) => b.amount - a.amount || a.expense_type_id.localeCompare(b.expense_type_id));
    const p = (k: string) => Math.round(payroll[0]?.sums[k] ?? 0);
    const salaries = {
      salaries: p('salary'),
      commissions: p('commission'),
      additions: p('total_additions'),
      deductions: p('total_deductions'),
      total: p('net'),
      months: payroll[0]?.count ?? 0,
    };
    const expensesTotal = byType.reduce((sum, r) => sum + r.amount, 0);
    return {
      from: period.from,
      to: period.to,
      income,
      costs,
      expenses: { rows: byType, total: expensesTotal },
      payroll: salaries,
      totals: {
        income: income.total,
        costs: costs.total,
        gross_profit: income.total - costs.total,
        expenses: expensesTotal,
        payroll: salaries.total,
        net_profit: income.total - costs.total - expensesTotal - salaries.total,
      },
    };
  }

  @Get('profit-and-loss')
  @RequirePermission(Page.pos, Permission.salesReports)
  async profitAndLoss(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    if (query.known_at !== undefined) throw rejected('errors.invalid_input', 'known_at');
    const compare = query.compare;
    if (compare !== undefined && compare !== '' && compare !== 'previous')
      throw rejected('errors.invalid_input', 'compare');
    const period = await statementPeriod(this.models, auth.tenantId, query);
    const current = await this.statement(auth.tenantId, period);
    if (compare !== 'previous') return current;
    return { ...current, previous: await this.statement(auth.tenantId, previousPeriod(period)) };
  }
}
