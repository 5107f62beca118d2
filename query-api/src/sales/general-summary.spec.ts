import fc from 'fast-check';
import type { Doc } from '@rawnaq/platform';
import { BY_METHOD, FIGURES, generalSummary } from './general-summary';

/** The summary as it was first written (spreads per row): the definition the faster one keeps to. */
const asFirstWritten = (docs: Doc[], key: 'date' | 'month') => {
  const rows = docs.map(({ tenantId: _t, ...doc }) => doc as Doc);
  const totals: Record<string, unknown> = Object.fromEntries(FIGURES.map((f) => [f, 0]));
  const methods = Object.fromEntries(BY_METHOD.map((m) => [m, {} as Record<string, number>]));
  const add = (into: Record<string, number>, from: unknown) => {
    for (const [m, amount] of Object.entries((from as Record<string, number> | undefined) ?? {}))
      into[m] = (into[m] ?? 0) + amount;
  };
  for (const r of rows) {
    for (const f of FIGURES) totals[f] = (totals[f] as number) + ((r[f] as number | undefined) ?? 0);
    for (const m of BY_METHOD) add(methods[m], r[m]);
  }
  return {
    rows: rows.map(({ id: _id, ...r }) => ({
      ...Object.fromEntries(FIGURES.map((f) => [f, 0])),
      ...Object.fromEntries(BY_METHOD.map((m) => [m, {}])),
      ...r,
      [key]: r[key],
    })),
    totals: { ...totals, ...methods },
  };
};

const amount = fc.integer({ min: -1_000_000, max: 10_000_000 });
const methodMap = fc.dictionary(fc.constantFrom('1', '2', '3', '4', '10'), amount, { maxKeys: 4 });
/** A kept row: some figures, some method maps, fields of its own, in any order. */
const keptRow = (key: 'date' | 'month', i: number) =>
  fc
    .record(
      {
        ...Object.fromEntries(FIGURES.map((f) => [f, amount])),
        ...Object.fromEntries(BY_METHOD.map((m) => [m, methodMap])),
        cashier_note: fc.string({ maxLength: 5 }),
      },
      { requiredKeys: [] },
    )
    .map((fields) => ({
      id: `1|${i}`,
      tenantId: '1',
      ...fields,
      [key]:
        key === 'date'
          ? `2026-11-${String((i % 28) + 1).padStart(2, '0')}`
          : `2026-${String((i % 12) + 1).padStart(2, '0')}`,
    }));

describe('the general summaries (daily, monthly)', () => {
  it.each(['date', 'month'] as const)(
    'by %s: the same answer, to the order of its fields, as the summary first written',
    (key) =>
      fc.assert(
        fc.property(
          fc
            .integer({ min: 0, max: 12 })
            .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => keptRow(key, i)))),
          (rows) => {
            const got = generalSummary(rows as Doc[]);
            expect(JSON.stringify(got)).toBe(JSON.stringify(asFirstWritten(rows as Doc[], key)));
          },
        ),
        { numRuns: 300 },
      ),
  );

  it('given a day with invoices only: every other figure 0, every method map there, no tenant or id', () => {
    const { rows, totals } = generalSummary([
      {
        id: '1|2026-12-01',
        tenantId: '1',
        date: '2026-12-01',
        invoices: 2,
        total: 23000,
        by_method: { '1': 23000 },
      },
    ]);
    expect(rows).toEqual([
      {
        ...Object.fromEntries(FIGURES.map((f) => [f, 0])),
        ...Object.fromEntries(BY_METHOD.map((m) => [m, {}])),
        date: '2026-12-01',
        invoices: 2,
        total: 23000,
        by_method: { '1': 23000 },
      },
    ]);
    expect(totals).toMatchObject({
      invoices: 2,
      total: 23000,
      paid: 0,
      by_method: { '1': 23000 },
      refunds_by_method: {},
    });
  });
});
