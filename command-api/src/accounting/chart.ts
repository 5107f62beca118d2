import {
  accountKinds,
  applyChartEvent,
  conflict,
  defaultSalonChart,
  DomainError,
  notFound,
  refusalOf,
  rejected,
  type AccountDetails,
  type ChartOfAccountsEvent,
  type ErrorDetail,
  type SalonChart,
} from '@rawnaq/contracts';

/** The salon's chart as its stream leaves it: the default chart with the salon's changes. */
export type ChartState = SalonChart;
export const initialChart = (): ChartState => defaultSalonChart();
export const evolveChart = (s: ChartState, e: ChartOfAccountsEvent): ChartState => applyChartEvent(s, e);

export type ChartCommand =
  | { type: 'Add'; code: string; details: AccountDetails }
  | { type: 'Change'; code: string; details: Omit<AccountDetails, 'group'> }
  | { type: 'RenameSystem'; code: string; name_en: string; name_ar: string }
  | { type: 'Disable' | 'Activate'; code: string }
  /** what the books know of the account: posted to, or named by an expense type */
  | { type: 'Delete'; code: string; hasPostings: boolean; usedByExpenseType: boolean };

/** Where an account may sit: under an active group of its main type, its code that group's code and more. */
const placementProblems = (
  chart: ChartState,
  code: string,
  d: Pick<AccountDetails, 'parent' | 'main_type'>,
): ErrorDetail[] => {
  const parent = d.parent === null ? undefined : chart.get(d.parent);
  if (!parent || !parent.group) return [{ field: 'parent', key: 'accounting.parent_not_a_group' }];
  if (parent.main_type !== d.main_type)
    return [{ field: 'parent', key: 'accounting.parent_other_main_type' }];
  if (parent.disabled) return [{ field: 'parent', key: 'accounting.parent_disabled' }];
  if (!code.startsWith(parent.code) || code.length <= parent.code.length)
    return [{ field: 'code', key: 'accounting.code_not_under_parent', params: { parent: parent.code } }];
  return [];
};

const hasChildren = (chart: ChartState, code: string) => [...chart.values()].some((a) => a.parent === code);

/**
 * The salon's chart (issue 25). Its own accounts are added under a group of their main type, changed,
 * disabled and activated, and deleted while nothing was posted to them and nothing sits under them.
 * The default chart's accounts (the groups and what the product posts to) are only renamed: the
 * posting rules and the statements rely on the rest.
 */
export const decideChart = (c: ChartCommand, s: ChartState): ChartOfAccountsEvent[] => {
  const account = s.get(c.code);
  if (c.type === 'Add') {
    if (account) throw conflict('accounting.duplicate_account_code', 'code');
    const problems = placementProblems(s, c.code, c.details);
    if (problems.length) throw refusalOf(problems, 'errors.invalid_input');
    return [{ type: 'AccountAdded', data: { code: c.code, ...c.details } }];
  }
  if (!account) throw notFound('accounting.account_not_found');
  switch (c.type) {
    case 'RenameSystem':
    case 'Change': {
      if (c.type === 'Change' && account.system) throw conflict('accounting.system_account_kept', 'parent');
      const details =
        c.type === 'Change'
          ? c.details
          : {
              name_en: c.name_en,
              name_ar: c.name_ar,
              main_type: account.main_type,
              subtype: account.subtype,
              kind: account.kind,
              parent: account.parent,
            };
      if (c.type === 'Change') {
        if (!accountKinds(account.group).includes(details.kind))
          throw rejected('accounting.kind_not_for_account', 'kind');
        // a group with accounts under it keeps its main type: they must stay of their group's type
        if (account.group && details.main_type !== account.main_type && hasChildren(s, c.code))
          throw new DomainError('accounting.group_has_accounts', 409, {
            main_type: 'accounting.group_has_accounts',
          });
        if (details.parent !== account.parent || details.main_type !== account.main_type) {
          const problems = placementProblems(s, c.code, details);
          if (problems.length) throw refusalOf(problems, 'errors.invalid_input');
        }
      }
      const same =
        details.name_en === account.name_en &&
        details.name_ar === account.name_ar &&
        details.main_type === account.main_type &&
        details.subtype === account.subtype &&
        details.kind === account.kind &&
        details.parent === account.parent;
      return same ? [] : [{ type: 'AccountChanged', data: { code: c.code, ...details } }];
    }
    case 'Disable':
    case 'Activate':
      if (account.system) throw conflict('accounting.system_account_kept', 'code');
      if (account.disabled === (c.type === 'Disable')) return [];
      return [
        { type: c.type === 'Disable' ? 'AccountDisabled' : 'AccountActivated', data: { code: c.code } },
      ];
    case 'Delete':
      if (account.system) throw conflict('accounting.system_account_kept', 'code');
      if (hasChildren(s, c.code)) throw conflict('accounting.group_has_accounts', 'code');
      if (c.hasPostings) throw conflict('accounting.account_has_postings', 'code');
      if (c.usedByExpenseType) throw conflict('accounting.account_in_use', 'code');
      return [{ type: 'AccountDeleted', data: { code: c.code } }];
  }
};
