import { z } from 'zod';
import { ChartAccountKind } from '../coded-values/enumerations';
import { cleanPayload } from '../customers/customer-input';
import { isEmpty, required, type Validator } from '../validators/core';
import { digitsOnly, maxLength } from '../validators/text';
import { ruleField, withFieldRule, withRule } from '../validators/zod';
import { ACCOUNT_SUBTYPES, DEFAULT_CHART, type AccountSubtype, type ChartAccount } from './chart';

/** A salon's chart of accounts (issue 25): one stream per salon, the changes it made to the default chart. */
export const CHART_OF_ACCOUNTS_CATEGORY = 'chartofaccounts';

/** An account of the salon's chart as the screens and the commands see it. */
export type SalonAccount = ChartAccount & {
  /** one of the default chart's (its groups and the accounts the product posts to): renamed only */
  system: boolean;
  /** no longer chosen on new journals and expense types; its history is kept */
  disabled: boolean;
};

/** An account's details as the salon keeps them (its code is its name in the chart: never changed). */
export type AccountDetails = Pick<
  ChartAccount,
  'name_en' | 'name_ar' | 'main_type' | 'subtype' | 'kind' | 'parent' | 'group'
>;

export type AccountAdded = { type: 'AccountAdded'; data: { code: string } & AccountDetails };
/** The account after the change (a system account's names only). */
export type AccountChanged = {
  type: 'AccountChanged';
  data: { code: string } & Omit<AccountDetails, 'group'>;
};
export type AccountDisabled = { type: 'AccountDisabled'; data: { code: string } };
export type AccountActivated = { type: 'AccountActivated'; data: { code: string } };
/** Only an account the salon added, never posted to, with nothing under it. */
export type AccountDeleted = { type: 'AccountDeleted'; data: { code: string } };
export type ChartOfAccountsEvent =
  AccountAdded | AccountChanged | AccountDisabled | AccountActivated | AccountDeleted;

export const CHART_OF_ACCOUNTS_EVENT_TYPES = [
  'AccountAdded',
  'AccountChanged',
  'AccountDisabled',
  'AccountActivated',
  'AccountDeleted',
] as const;

/** The salon's chart, by code: the default chart with the salon's changes applied, in code order when listed. */
export type SalonChart = ReadonlyMap<string, SalonAccount>;

export const defaultSalonChart = (): Map<string, SalonAccount> =>
  new Map(DEFAULT_CHART.map((a) => [a.code, { ...a, system: true, disabled: false }]));

/** The salon's chart after one of its events (the command side's state and the query side's merge alike). */
export const applyChartEvent = (chart: SalonChart, e: ChartOfAccountsEvent): Map<string, SalonAccount> => {
  const next = new Map(chart);
  const { code } = e.data;
  const before = chart.get(code);
  switch (e.type) {
    case 'AccountAdded':
      next.set(code, { ...e.data, system: false, disabled: false });
      break;
    case 'AccountChanged':
      if (before) next.set(code, { ...before, ...e.data });
      break;
    case 'AccountDisabled':
    case 'AccountActivated':
      if (before) next.set(code, { ...before, disabled: e.type === 'AccountDisabled' });
      break;
    case 'AccountDeleted':
      next.delete(code);
      break;
  }
  return next;
};

/** The accounts in code order (the tree's order: a group's code is the prefix of everything under it). */
export const chartAccounts = (chart: SalonChart): SalonAccount[] =>
  [...chart.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

/** The groups an account sits under, nearest first. */
export const ancestorsOf = (chart: SalonChart, code: string): SalonAccount[] => {
  const found: SalonAccount[] = [];
  let parent = chart.get(code)?.parent ?? null;
  while (parent !== null && found.length < 20) {
    const group = chart.get(parent);
    if (!group) break;
    found.push(group);
    parent = group.parent;
  }
  return found;
};

/** Disabled itself or under a disabled group. */
export const isDisabled = (chart: SalonChart, code: string): boolean => {
  const account = chart.get(code);
  return !account || account.disabled || ancestorsOf(chart, code).some((g) => g.disabled);
};

/** Why an account can't be posted to by hand (a journal line, an expense type), or nothing. */
export const postingRefusal = (chart: SalonChart, code: string): string | undefined => {
  const account = chart.get(code);
  if (!account || account.group) return 'accounting.not_a_posting_account';
  if (isDisabled(chart, code)) return 'accounting.account_disabled';
  // the stock on hand at its average cost: moved by the products' own movements only, so it always
  // equals what is on the shelves
  if (account.key === 'inventory') return 'accounting.inventory_from_stock';
  return undefined;
};

/** The posting accounts under a group (or the account itself), whatever the depth. */
export const postingAccountsUnder = (chart: SalonChart, code: string): SalonAccount[] => {
  const account = chart.get(code);
  if (!account) return [];
  if (!account.group) return [account];
  return [...chart.values()].filter(
    (a) => !a.group && ancestorsOf(chart, a.code).some((g) => g.code === code),
  );
};

/** How deep in the tree: 0 for the six main types. */
export const depthOf = (chart: SalonChart, code: string): number => ancestorsOf(chart, code).length;

const ACCOUNT_KINDS = Object.keys(ChartAccountKind);
/** The kinds a salon gives its own accounts: a group is a master account, an account any other kind. */
export const accountKinds = (group: boolean): string[] =>
  group ? ['master'] : ACCOUNT_KINDS.filter((k) => k !== 'master');

const MAX_CODE = 10;
const mainType = ruleField((v) =>
  isEmpty(v)
    ? { key: 'validation.is_required' }
    : [1, 2, 3, 4, 5, 6].includes(Number(v))
      ? undefined
      : { key: 'errors.invalid_input' },
).transform((v) => Number(v) as ChartAccount['main_type']);
const subtype = ruleField((v) =>
  isEmpty(v)
    ? { key: 'validation.is_required' }
    : typeof v === 'string' && Object.hasOwn(ACCOUNT_SUBTYPES, v)
      ? undefined
      : { key: 'errors.invalid_input' },
).transform((v) => v as AccountSubtype);
const kindOf: Validator = (v) =>
  isEmpty(v) || (typeof v === 'string' && ACCOUNT_KINDS.includes(v))
    ? undefined
    : { key: 'errors.invalid_input' };

const accountFields = {
  name_en: withRule(z.string(), required, maxLength(80)),
  name_ar: withRule(z.string(), required, maxLength(80)),
  parent: withRule(z.string(), required, digitsOnly, maxLength(MAX_CODE)),
  main_type: mainType,
  subtype,
  kind: withRule(z.string(), required, kindOf),
};

/** The subtype belongs under the main type (assets' subtypes under assets, …). */
const subtypeOfMainType = <T extends z.ZodType<Record<string, unknown>>>(schema: T) =>
  withFieldRule(schema, 'subtype', (data) => () => {
    const d = data as { main_type: number; subtype: AccountSubtype };
    return ACCOUNT_SUBTYPES[d.subtype] === d.main_type
      ? undefined
      : { key: 'accounting.subtype_not_of_main_type' };
  });

/**
 * An account the salon adds: its code (digits, its group's code first), its group, its names in both
 * languages, its main type, subtype and kind, and whether it is a group itself. That the code is unique,
 * and the parent is a group of the same main type, is judged against the salon's chart.
 */
export const chartAccountInput = z.preprocess(
  cleanPayload,
  subtypeOfMainType(
    withFieldRule(
      z.object({
        code: withRule(z.string(), required, digitsOnly, maxLength(MAX_CODE)),
        ...accountFields,
        group: z
          .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
          .default(false),
      }),
      'kind',
      (data) => () =>
        accountKinds(data.group).includes(data.kind) ? undefined : { key: 'accounting.kind_not_for_account' },
    ),
  ),
);
export type ChartAccountInput = z.infer<typeof chartAccountInput>;

/** An account changed: a system account's names; an own account's names, group, subtype and kind too. */
export const chartAccountChangeInput = z.preprocess(cleanPayload, subtypeOfMainType(z.object(accountFields)));
export type ChartAccountChangeInput = z.infer<typeof chartAccountChangeInput>;

/** Only a system account's names change: what the posting rules rely on stays. */
export const systemAccountChangeInput = z.preprocess(
  cleanPayload,
  z.object({ name_en: accountFields.name_en, name_ar: accountFields.name_ar }),
);
