import {
  AccountMainType,
  ancestorsOf,
  chartAccounts,
  debitNormal,
  defaultSalonChart,
  type ChartAccount,
  type SalonChart,
} from '@rawnaq/contracts';

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

/**
 * The chart's accounts of some main types with their amounts, groups adding up the accounts under them
 * (whatever the depth), in the chart's order; groups and accounts with nothing are left out unless `all`.
 */
export const statementRows = (
  mainTypes: readonly number[],
  amountOf: (account: ChartAccount) => number,
  options: { all?: boolean; chart?: SalonChart } = {},
): StatementRow[] => {
  const salon = options.chart ?? defaultSalonChart();
  const chart = chartAccounts(salon).filter((a) => mainTypes.includes(a.main_type));
  const amounts = new Map<string, number>();
  const used = new Set<string>();
  for (const a of chart) {
    if (a.group) continue;
    const amount = amountOf(a);
    amounts.set(a.code, amount);
    if (amount !== 0) used.add(a.code);
    // a group's amount: its accounts' amounts on the group's side (same main type, so the same side)
    for (const g of ancestorsOf(salon, a.code)) {
      amounts.set(g.code, (amounts.get(g.code) ?? 0) + amount);
      if (amount !== 0) used.add(g.code);
    }
  }
  return chart
    .filter((a) => options.all || used.has(a.code))
    .map((a) => ({
      code: a.code,
      name_en: a.name_en,
      name_ar: a.name_ar,
      main_type: a.main_type,
      group: a.group,
      parent: a.parent,
      depth: ancestorsOf(salon, a.code).length,
      amount: amounts.get(a.code) ?? 0,
    }));
};

const sumOf = (rows: readonly StatementRow[], mainType: number) =>
  rows.filter((r) => !r.group && r.main_type === mainType).reduce((s, r) => s + r.amount, 0);

/** Every posting account with its debit or credit balance; the totals of both columns are equal. */
export const trialBalance = (movements: Movements, chart: SalonChart) => {
  const accounts = chartAccounts(chart).filter((a) => !a.group);
  const rows = accounts
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
export const profitAndLoss = (movements: Movements, chart: SalonChart) => {
  const rows = statementRows(
    [AccountMainType.income, AccountMainType.costs_of_goods_sold, AccountMainType.expenses],
    (a) => balanceOf(a, movements.get(a.code)),
    { chart },
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
export const balanceSheet = (movements: Movements, chart: SalonChart) => {
  const rows = statementRows(
    [AccountMainType.assets, AccountMainType.liabilities, AccountMainType.equity],
    (a) => balanceOf(a, movements.get(a.code)),
    { chart },
  );
  const earnings = profitAndLoss(movements, chart).totals.net_profit;
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
