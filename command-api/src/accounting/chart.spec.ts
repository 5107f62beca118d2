import {
  chartAccountInput,
  DomainError,
  type AccountDetails,
  type ChartOfAccountsEvent,
} from '@rawnaq/contracts';
import { decideChart, evolveChart, initialChart, type ChartCommand, type ChartState } from './chart';

const given = (events: ChartOfAccountsEvent[]): ChartState => events.reduce(evolveChart, initialChart());
const marketing: AccountDetails = {
  name_en: 'Marketing',
  name_ar: 'التسويق',
  main_type: 6,
  subtype: 'expenses',
  kind: 'expense_type',
  parent: '6',
  group: false,
};
const added: ChartOfAccountsEvent = { type: 'AccountAdded', data: { code: '6150', ...marketing } };
const add = (code: string, details: Partial<AccountDetails> = {}): ChartCommand => ({
  type: 'Add',
  code,
  details: { ...marketing, ...details },
});
const remove = (code: string, hasPostings = false, usedByExpenseType = false): ChartCommand => ({
  type: 'Delete',
  code,
  hasPostings,
  usedByExpenseType,
});
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('not refused');
};
const refused = (command: ChartCommand, state: ChartState) => {
  const e = refusal(() => decideChart(command, state));
  return [e.status, e.errors];
};

describe('the salon’s chart of accounts: its own accounts under the default chart’s groups', () => {
  it('given the default chart, when an account is added under a group of its main type, then it is added', () => {
    expect(decideChart(add('6150'), initialChart())).toEqual([added]);
    const chart = given([added]);
    expect(chart.get('6150')).toMatchObject({ system: false, disabled: false, parent: '6' });
  });

  it('given the default chart, when a code is taken, then it is refused naming the code', () => {
    expect(refused(add('6101'), initialChart())).toEqual([
      409,
      { code: 'accounting.duplicate_account_code' },
    ]);
    expect(refused(add('6150'), given([added]))).toEqual([
      409,
      { code: 'accounting.duplicate_account_code' },
    ]);
  });

  it('given the default chart, when the parent is not a group, of another main type, or not the code’s prefix, then it is refused naming the field', () => {
    expect(refused(add('61021', { parent: '6102' }), initialChart())).toEqual([
      422,
      { parent: 'accounting.parent_not_a_group' },
    ]);
    expect(refused(add('6150', { parent: '9' }), initialChart())).toEqual([
      422,
      { parent: 'accounting.parent_not_a_group' },
    ]);
    expect(refused(add('1150', { parent: '11' }), initialChart())).toEqual([
      422,
      { parent: 'accounting.parent_other_main_type' },
    ]);
    expect(refused(add('7150'), initialChart())).toEqual([422, { code: 'accounting.code_not_under_parent' }]);
  });

  it('given an own group, when an account is added under it, then the group adds up under its own parent', () => {
    const group: ChartOfAccountsEvent = {
      type: 'AccountAdded',
      data: { code: '62', ...marketing, name_en: 'Marketing costs', kind: 'master', group: true },
    };
    const [event] = decideChart(add('6201', { parent: '62' }), given([group]));
    expect(event.type).toBe('AccountAdded');
    const chart = given([group, event]);
    expect(refused(remove('62'), chart)).toEqual([409, { code: 'accounting.group_has_accounts' }]);
  });

  it('given a system account, when it is renamed, then only its names change; it is never disabled nor deleted', () => {
    const [event] = decideChart(
      { type: 'RenameSystem', code: '6102', name_en: 'Shop rent', name_ar: 'إيجار المحل' },
      initialChart(),
    );
    expect(event).toMatchObject({
      type: 'AccountChanged',
      data: { code: '6102', name_en: 'Shop rent', parent: '6', kind: 'expense_type' },
    });
    expect(refused({ type: 'Disable', code: '6102' }, initialChart())).toEqual([
      409,
      { code: 'accounting.system_account_kept' },
    ]);
    expect(refused(remove('6102'), initialChart())).toEqual([
      409,
      { code: 'accounting.system_account_kept' },
    ]);
    expect(refused(remove('6'), initialChart())).toEqual([409, { code: 'accounting.system_account_kept' }]);
  });

  it('given an own account with postings, when it is deleted, then it is refused; it is disabled instead, once', () => {
    const chart = given([added]);
    expect(refused(remove('6150', true), chart)).toEqual([409, { code: 'accounting.account_has_postings' }]);
    expect(refused(remove('6150', false, true), chart)).toEqual([409, { code: 'accounting.account_in_use' }]);
    const disabled = decideChart({ type: 'Disable', code: '6150' }, chart);
    expect(disabled).toEqual([{ type: 'AccountDisabled', data: { code: '6150' } }]);
    const after = given([added, ...disabled]);
    expect(after.get('6150')!.disabled).toBe(true);
    expect(decideChart({ type: 'Disable', code: '6150' }, after)).toEqual([]);
    expect(decideChart({ type: 'Activate', code: '6150' }, after)).toEqual([
      { type: 'AccountActivated', data: { code: '6150' } },
    ]);
  });

  it('given an own account never posted to, when it is deleted, then it is gone from the chart', () => {
    const events = decideChart(remove('6150'), given([added]));
    expect(events).toEqual([{ type: 'AccountDeleted', data: { code: '6150' } }]);
    expect(given([added, ...events]).has('6150')).toBe(false);
    expect(refusal(() => decideChart(remove('6150'), given([added, ...events]))).status).toBe(404);
  });

  it('given an own account, when it moves under a group of another main type, then it is refused on the parent', () => {
    const change: ChartCommand = {
      type: 'Change',
      code: '6150',
      details: { ...marketing, parent: '5', main_type: 6 },
    };
    expect(refused(change, given([added]))).toEqual([422, { parent: 'accounting.parent_other_main_type' }]);
    const same = { ...change, details: { ...marketing, name_en: 'Marketing and ads' } } as ChartCommand;
    expect(decideChart(same, given([added]))).toMatchObject([
      { type: 'AccountChanged', data: { name_en: 'Marketing and ads' } },
    ]);
  });

  it('parses an account as typed: digits for the code, a subtype of its main type, a kind for what it is', () => {
    const ok = chartAccountInput.safeParse({ code: '6150', ...marketing, main_type: '6' });
    expect(ok.success && ok.data.main_type).toBe(6);
    const bad = chartAccountInput.safeParse({
      ...marketing,
      code: '61a',
      subtype: 'banks',
      kind: 'master',
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`).sort();
    expect(paths).toEqual([
      'code:validation.digits_only',
      'kind:accounting.kind_not_for_account',
      'subtype:accounting.subtype_not_of_main_type',
    ]);
  });
});
