import { AccountMainType, DEFAULT_CHART, debitNormal, type ChartAccount } from '@rawnaq/contracts';

/** An account's movements over a span: the sums of its debits and credits (minor units). */
export type Movement = { debit: number; credit: number };
export type Movements = ReadonlyMap<string, Movement>;

/** What an account shows on its own side: debit-normal accounts debit − credit, the others credit − debit. */
export const balanceOf = (account: ChartAccount, m: Movement | undefined): number =>
  m ? (debitNormal(account.main_type) ? m.debit - m.credit : m.credit - m.debit) : 0;

export type StatementRow = {
  code: string;
  name_en: string;
  name_ar: string;
  main_type: number;
  group: boolean;
  parent: string | null;
  depth: number;
  /** on the account's own side; a group adds up the accounts under it */
  amount: number;
};

const depthOf = (a: ChartAccount) => (a.group ? a.code.length - 1 : a.code.length - 3);

/**
 * The chart's accounts of some main types with their amounts, groups adding up what is under them, in
 * the chart's order; groups and accounts with nothing are left out unless `all`.
 */
export const statementRows = (
  mainTypes: readonly number[],
  amountOf: (account: ChartAccount) => number,
  options: { all?: boolean; chart?: readonly ChartAccount[] } = {},
): StatementRow[] => {
  const chart = (options.chart ?? DEFAULT_CHART).filter((a) => mainTypes.includes(a.main_type));
  const amounts = new Map<string, number>();
  for (const a of chart) if (!a.group) amounts.set(a.code, amountOf(a));
  // a group's amount: its accounts' amounts on the group's side (same main type, so the same side)
  for (const g of chart.filter((a) => a.group))
    amounts.set(
      g.code,
      chart
        .filter((a) => !a.group && a.code.startsWith(g.code))
        .reduce((s, a) => s + (amounts.get(a.code) ?? 0), 0),
    );
  const used = (a: ChartAccount) =>
    options.all ||
    chart.some((b) => !b.group && b.code.startsWith(a.code) && (amounts.get(b.code) ?? 0) !== 0);
  return chart.filter(used).map((a) => ({
    code: a.code,
    name_en: a.name_en,
    name_ar: a.name_ar,
    main_type: a.main_type,
    group: a.group,
    parent: a.parent,
    depth: depthOf(a),
    amount: amounts.get(a.code) ?? 0,
  }));
};

const sumOf = (rows: readonly StatementRow[], mainType: number) =>
  rows.filter((r) => !r.group && r.main_type === mainType).reduce((s, r) => s + r.amount, 0);

/** Every posting account with its debit or credit balance; the totals of both columns are equal. */
export const trialBalance = (movements: Movements) => {
  const rows = DEFAULT_CHART.filter((a) => !a.group)
    .map((a) => {
      const m = movements.get(a.code) ?? { debit: 0, credit: 0 };
      const net = m.debit - m.credit;
      return {
        code: a.code,
        name_en: a.name_en,
        name_ar: a.name_ar,
        main_type: a.main_type,
        debits: m.debit,
        credits: m.credit,
        debit: net > 0 ? net : 0,
        credit: net < 0 ? -net : 0,
      };
    })
    .filter((r) => r.debits || r.credits);
  const debit = rows.reduce((s, r) => s + r.debit, 0);
  const credit = rows.reduce((s, r) => s + r.credit, 0);
  return { rows, totals: { debit, credit, difference: debit - credit } };
};

/** Income, less the cost of goods sold (gross profit), less expenses (net profit) over a span. */
export const profitAndLoss = (movements: Movements) => {
  const rows = statementRows(
    [AccountMainType.income, AccountMainType.costs_of_goods_sold, AccountMainType.expenses],
    (a) => balanceOf(a, movements.get(a.code)),
  );
  const income = sumOf(rows, AccountMainType.income);
  const costOfSales = sumOf(rows, AccountMainType.costs_of_goods_sold);
  const expenses = sumOf(rows, AccountMainType.expenses);
  return {
    rows,
    totals: {
      income,
      cost_of_sales: costOfSales,
      gross_profit: income - costOfSales,
      expenses,
      net_profit: income - costOfSales - expenses,
    },
  };
};

/**
 * Assets against liabilities and equity as of a date: the profit not yet closed into retained earnings
 * is shown as this period's earnings, so both sides are equal whenever the books balance.
 */
export const balanceSheet = (movements: Movements) => {
  const rows = statementRows(
    [AccountMainType.assets, AccountMainType.liabilities, AccountMainType.equity],
    (a) => balanceOf(a, movements.get(a.code)),
  );
  const earnings = profitAndLoss(movements).totals.net_profit;
  const assets = sumOf(rows, AccountMainType.assets);
  const liabilities = sumOf(rows, AccountMainType.liabilities);
  const equity = sumOf(rows, AccountMainType.equity) + earnings;
  return {
    rows,
    totals: {
      assets,
      liabilities,
      equity,
      earnings,
      liabilities_and_equity: liabilities + equity,
      difference: assets - liabilities - equity,
    },
  };
};
