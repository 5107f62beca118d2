import {
  AccountMainType,
  accountCode,
  conflict,
  DEFAULT_CHART,
  DEFAULT_METHOD_ACCOUNTS,
  rejected,
  WIZARD_METHODS,
  type AdvancedAccountingEvent,
  type LedgerLine,
  type SalonChart,
} from '@rawnaq/contracts';

/** The add-on as its stream leaves it; `status` null until the platform first switched it (the account's own then). */
export type AddonState = { status: number | null; opened: boolean };
export const initialAddon: AddonState = { status: null, opened: false };

export const evolveAddon = (s: AddonState, e: AdvancedAccountingEvent): AddonState =>
  e.type === 'AdvancedAccountingSwitched' ? { ...s, status: e.data.status } : { status: 2, opened: true };

/**
 * The platform switches the add-on on or off. On: the wizard to do (1), or the books as they were (2)
 * when the salon opened them before; off (0): the books are kept, their screens closed.
 */
export const decideSwitch = (
  c: { status: 0 | 1; accountStatus: number },
  s: AddonState,
): AdvancedAccountingEvent[] => {
  const current = s.status ?? c.accountStatus;
  const next = c.status === 0 ? 0 : s.opened || current === 2 ? 2 : 1;
  if (next === current) throw conflict('accounting.addon_unchanged', 'status');
  return [{ type: 'AdvancedAccountingSwitched', data: { status: next, previous_status: current } }];
};

export type OpenBooks = {
  accountStatus: number;
  startDate: string;
  today: string;
  opening: Array<{ account: string; amount: number }>;
  methodAccounts: Record<string, string>;
  by: string;
  /** the salon's chart: its own accounts' sides */
  chart?: SalonChart;
};

/**
 * An opening balance on its account's own side: assets are debits, liabilities and equity credits (the
 * side of the salon's own accounts read from its chart, `chart`).
 */
export const openingLines = (
  opening: OpenBooks['opening'],
  chart: ReadonlyMap<string, { main_type: number }> = new Map(DEFAULT_CHART.map((a) => [a.code, a])),
): LedgerLine[] => {
  const lines: LedgerLine[] = [];
  for (const { account, amount } of opening) {
    if (!amount) continue;
    const debit = chart.get(account)?.main_type === AccountMainType.assets;
    lines.push({ account, debit: debit ? amount : 0, credit: debit ? 0 : amount });
  }
  // what the balances leave over goes to opening balance equity, so the books balance
  const difference = lines.reduce((s, l) => s + l.debit - l.credit, 0);
  if (difference)
    lines.push({
      account: accountCode('opening_balance_equity'),
      debit: difference < 0 ? -difference : 0,
      credit: difference > 0 ? difference : 0,
    });
  return lines;
};

/** The wizard, once, while the add-on is on: the books' start date (today at the latest), balances and accounts. */
export const decideOpenBooks = (c: OpenBooks, s: AddonState): AdvancedAccountingEvent[] => {
  const current = s.status ?? c.accountStatus;
  if (s.opened || current === 2) throw conflict('accounting.books_already_opened');
  if (current !== 1) throw conflict('accounting.addon_disabled');
  if (c.startDate > c.today) throw rejected('accounting.start_date_in_future', 'start_date');
  const methods = new Set(WIZARD_METHODS.map(String));
  return [
    {
      type: 'BooksOpened',
      data: {
        start_date: c.startDate,
        lines: openingLines(c.opening, c.chart),
        // only what differs from the chart's own accounts
        method_accounts: Object.fromEntries(
          Object.entries(c.methodAccounts).filter(
            ([m, a]) => methods.has(m) && DEFAULT_METHOD_ACCOUNTS[m] !== a,
          ),
        ),
        opened_by: c.by,
      },
    },
  ];
};
