import { useMemo } from 'react';
import { useCanAccess, useGetList } from 'ra-core';
import { DEFAULT_CHART, type SalonAccount } from '@rawnaq/contracts';

export const CHART = 'advanced-accounting/chart-of-accounts';

/** An account as the chart's list gives it: the salon's chart with balances and what the books hold on it. */
export type ChartRow = SalonAccount & {
  id: string;
  balance: number;
  depth: number;
  has_postings: boolean;
  has_accounts: boolean;
};

const DEFAULTS: ChartRow[] = DEFAULT_CHART.map((a) => ({
  ...a,
  id: a.code,
  system: true,
  disabled: false,
  balance: 0,
  depth: a.parent === null ? 0 : a.parent.length === 1 ? 1 : 2,
  has_postings: false,
  has_accounts: a.group,
}));

/**
 * The salon's chart (its own accounts, names and disabled accounts with the default chart's), fetched
 * once and kept by react-query (saving an account refreshes it); the default chart until it arrives,
 * so names show at once.
 */
export const useSalonChart = () => {
  // whoever may not read the books (an expense clerk) keeps the default chart's names
  const { canAccess } = useCanAccess({ resource: CHART, action: 'list' });
  const { data, isPending } = useGetList<ChartRow>(
    CHART,
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'code', order: 'ASC' }, filter: {} },
    { staleTime: 5 * 60_000, enabled: canAccess === true },
  );
  return useMemo(() => {
    const accounts = data ?? DEFAULTS;
    return {
      accounts,
      byCode: new Map(accounts.map((a) => [a.code, a])),
      /** what a journal line or an expense type may be posted to: active accounts, not groups */
      posting: accounts.filter((a) => !a.group && !a.disabled),
      groups: accounts.filter((a) => a.group),
      loading: isPending,
    };
  }, [data, isPending]);
};
