import { accountCode, applyChartEvent, defaultSalonChart, openingRefusal } from '@rawnaq/contracts';
import {
  decideOpenBooks,
  decideSwitch,
  evolveAddon,
  initialAddon,
  openingLines,
  type OpenBooks,
} from './addon';

const open = (over: Partial<OpenBooks> = {}): OpenBooks => ({
  accountStatus: 1,
  startDate: '2026-11-01',
  today: '2026-12-03',
  opening: [],
  methodAccounts: {},
  by: 'u1',
  ...over,
});

describe('the advanced accounting add-on', () => {
  it('given a salon without it, the platform switches it on (wizard to do), then off; the same twice is refused', () => {
    const on = decideSwitch({ status: 1, accountStatus: 0 }, initialAddon);
    expect(on[0].data).toEqual({ status: 1, previous_status: 0 });
    const state = evolveAddon(initialAddon, on[0]);
    expect(() => decideSwitch({ status: 1, accountStatus: 0 }, state)).toThrow(
      expect.objectContaining({ key: 'accounting.addon_unchanged', status: 409 }),
    );
    expect(decideSwitch({ status: 0, accountStatus: 0 }, state)[0].data).toEqual({
      status: 0,
      previous_status: 1,
    });
  });

  it('given books opened, switched off and on again, they come back as they were (no second wizard)', () => {
    const opened = evolveAddon(initialAddon, decideOpenBooks(open(), initialAddon)[0]);
    const off = evolveAddon(opened, decideSwitch({ status: 0, accountStatus: 1 }, opened)[0]);
    expect(decideSwitch({ status: 1, accountStatus: 1 }, off)[0].data).toEqual({
      status: 2,
      previous_status: 0,
    });
    expect(() => decideOpenBooks(open(), opened)).toThrow(
      expect.objectContaining({ key: 'accounting.books_already_opened' }),
    );
  });

  it('refuses the wizard while the add-on is off, and a start date after today', () => {
    expect(() => decideOpenBooks(open({ accountStatus: 0 }), initialAddon)).toThrow(
      expect.objectContaining({ key: 'accounting.addon_disabled' }),
    );
    expect(() => decideOpenBooks(open({ startDate: '2026-12-04' }), initialAddon)).toThrow(
      expect.objectContaining({
        key: 'accounting.start_date_in_future',
        errors: { start_date: 'accounting.start_date_in_future' },
      }),
    );
  });

  it('puts each opening balance on its side and the difference in opening balance equity; keeps only changed method accounts', () => {
    const lines = openingLines([
      { account: accountCode('cash'), amount: 50000 },
      { account: accountCode('suppliers'), amount: 30000 },
      { account: accountCode('owner_capital'), amount: 0 },
    ]);
    expect(lines).toEqual([
      { account: accountCode('cash'), debit: 50000, credit: 0 },
      { account: accountCode('suppliers'), debit: 0, credit: 30000 },
      { account: accountCode('opening_balance_equity'), debit: 0, credit: 20000 },
    ]);
    const [event] = decideOpenBooks(
      open({
        methodAccounts: { '1': accountCode('cash'), '3': accountCode('transfer'), '10': accountCode('cash') },
      }),
      initialAddon,
    );
    expect(event.type === 'BooksOpened' && event.data.method_accounts).toEqual({
      '3': accountCode('transfer'),
    });
  });

  it('given the salon’s own accounts, puts an asset on the debit side and a liability on the credit side, and refuses the others', () => {
    const added = (code: string, parent: string, main_type: 1 | 2 | 4, subtype: string) => ({
      type: 'AccountAdded' as const,
      data: { code, parent, name_en: code, name_ar: code, main_type, subtype, kind: 'normal', group: false },
    });
    let chart = defaultSalonChart() as ReturnType<typeof applyChartEvent>;
    for (const e of [
      added('1150', '11', 1, 'banks'),
      added('2250', '22', 2, 'current_liabilities'),
      added('4250', '42', 4, 'other_income'),
    ] as Parameters<typeof applyChartEvent>[1][])
      chart = applyChartEvent(chart, e);
    const [event] = decideOpenBooks(
      open({
        chart,
        opening: [
          { account: '1150', amount: 70000 },
          { account: '2250', amount: 20000 },
        ],
      }),
      initialAddon,
    );
    expect(event.type === 'BooksOpened' && event.data.lines).toEqual([
      { account: '1150', debit: 70000, credit: 0 },
      { account: '2250', debit: 0, credit: 20000 },
      { account: accountCode('opening_balance_equity'), debit: 0, credit: 50000 },
    ]);
    expect(
      ['1150', '2250', '4250', '1199', accountCode('inventory'), accountCode('rent')].map((c) =>
        openingRefusal(chart, c),
      ),
    ).toEqual([
      undefined,
      undefined,
      'accounting.not_an_opening_account',
      'accounting.account_not_found',
      'accounting.stock_in_opening_balances',
      'accounting.not_an_opening_account',
    ]);
  });
});
