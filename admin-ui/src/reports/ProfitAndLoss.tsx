import { useState } from 'react';
import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useFormat } from '../format/useFormat';
import { LinkIfAllowed } from '../layout/LinkIfAllowed';
import { useArea } from '../shell/area';
import { MoneyReport, type ReportColumn } from './MoneyReport';

type Income = {
  services: number;
  products: number;
  discounts: number;
  returns: number;
  debit_notes: number;
  total: number;
};
type Payroll = {
  salaries: number;
  commissions: number;
  additions: number;
  deductions: number;
  total: number;
};
type ExpenseRow = { expense_type_id: string; name_en: string; name_ar: string; amount: number };
type Costs = { cost_of_goods: number; materials: number; stock_adjustments: number; total: number };
type Totals = {
  income: number;
  costs: number;
  gross_profit: number;
  expenses: number;
  payroll: number;
  net_profit: number;
};
type Statement = {
  from: string;
  to: string;
  income: Income;
  costs: Costs;
  expenses: { rows: ExpenseRow[]; total: number };
  payroll: Payroll;
  totals: Totals;
};
type Answer = Statement & { rows: Line[]; previous?: Statement };

/** A line of the statement: a heading, an amount (signed as it counts toward the profit), or a subtotal. */
type Line = {
  key: string;
  label: string;
  depth: number;
  kind: 'heading' | 'line' | 'subtotal' | 'totals';
  amount: number;
  previous?: number;
  /** where the line's documents are listed for the period */
  link?: { resource: string; path: string };
};

const t = (key: string) => `app.reports.profit.${key}`;

/** The statement's lines from an answer: income, less expenses by type, less payroll, the profit. */
const useLines = () => {
  const translate = useTranslate();
  const { language } = useArea();
  return (a: Statement, before?: Statement): Line[] => {
    const expenseIds = [
      ...new Set([
        ...a.expenses.rows.map((r) => r.expense_type_id),
        ...(before?.expenses.rows ?? []).map((r) => r.expense_type_id),
      ]),
    ];
    const expense = (s: Statement | undefined, id: string) =>
      s?.expenses.rows.find((r) => r.expense_type_id === id);
    const period = `from=${a.from}&to=${a.to}`;
    const line = (
      key: string,
      amount: (s: Statement) => number,
      kind: Line['kind'] = 'line',
      link?: Line['link'],
    ): Line => ({
      key,
      label: translate(t(`lines.${key}`)),
      depth: kind === 'line' ? 1 : 0,
      kind,
      amount: amount(a),
      ...(before && { previous: amount(before) }),
      ...(link && { link }),
    });
    const heading = (key: string): Line => ({
      key,
      label: translate(t(`lines.${key}`)),
      depth: 0,
      kind: 'heading',
      amount: 0,
    });
    return [
      heading('income'),
      line('services', (s) => s.income.services, 'line', {
        resource: 'reports/services-report',
        path: `reports/services-report?${period}`,
      }),
      line('products', (s) => s.income.products, 'line', {
        resource: 'reports/most-sold-products',
        path: `reports/most-sold-products?${period}`,
      }),
      line('discounts', (s) => -s.income.discounts),
      line('returns', (s) => -s.income.returns, 'line', {
        resource: 'reports/credit-notes',
        path: `reports/credit-notes?${period}`,
      }),
      line('debit_notes', (s) => s.income.debit_notes, 'line', {
        resource: 'reports/debit-notes',
        path: `reports/debit-notes?${period}`,
      }),
      line('income_total', (s) => s.income.total, 'subtotal'),
      heading('costs'),
      line('cost_of_goods', (s) => -s.costs.cost_of_goods, 'line', {
        resource: 'reports/inventory-movements',
        path: `reports/inventory-movements?${period}`,
      }),
      line('materials', (s) => -s.costs.materials, 'line', {
        resource: 'reports/internal-use',
        path: `reports/internal-use?${period}`,
      }),
      line('stock_adjustments', (s) => -s.costs.stock_adjustments),
      line('gross_profit', (s) => s.totals.gross_profit, 'subtotal'),
      heading('expenses'),
      ...expenseIds.map((id): Line => {
        const named = expense(a, id) ?? expense(before, id)!;
        return {
          key: `expense:${id}`,
          label: language === 'ar' ? named.name_ar : named.name_en,
          depth: 1,
          kind: 'line',
          amount: -(expense(a, id)?.amount ?? 0),
          ...(before && { previous: -(expense(before, id)?.amount ?? 0) }),
          link: {
            resource: 'accounting/expenses',
            path: `accounting/expenses?filter=${encodeURIComponent(
              JSON.stringify({ expense_type_id: id, from: a.from, to: a.to }),
            )}`,
          },
        };
      }),
      line('expenses_total', (s) => -s.expenses.total, 'subtotal'),
      heading('payroll'),
      line('salaries', (s) => -s.payroll.salaries, 'line', {
        resource: 'advanced-accounting/payrols',
        path: 'advanced-accounting/payrols',
      }),
      line('commissions', (s) => -s.payroll.commissions, 'line', {
        resource: 'reports/employees-commissions-report',
        path: `reports/employees-commissions-report?${period}`,
      }),
      line('additions', (s) => -s.payroll.additions),
      line('deductions', (s) => s.payroll.deductions),
      line('payroll_total', (s) => -s.payroll.total, 'subtotal'),
    ];
  };
};

/**
 * `reports/profit-and-loss`: the profit and loss of any salon, books or not — income from its sales
 * documents before VAT (services and products, less discounts, less credit notes, plus debit notes),
 * less its expenses by type and its payroll — over a period, compared with the one before it if asked;
 * a line opens the report or list of its documents. The books' own statement, for a salon with the
 * add-on, posts the same amounts.
 */
export const ProfitAndLossReport = () => {
  const translate = useTranslate();
  const { money } = useFormat();
  const { basename } = useArea();
  const [compare, setCompare] = useState(false);
  const lines = useLines();
  const label: ReportColumn<Line> = {
    key: 'line',
    label: translate(t('columns.line')),
    value: (r) => r.label,
    align: 'start',
    render: (r) => (
      <Box
        component="span"
        sx={{
          ps: r.depth * 2,
          display: 'inline-block',
          fontWeight: r.kind === 'line' ? undefined : 600,
        }}
        data-testid={`profit-line-${r.key}`}
      >
        {r.link ? (
          <LinkIfAllowed resource={r.link.resource} action="list" to={`${basename}/${r.link.path}`}>
            <bdi>{r.label}</bdi>
          </LinkIfAllowed>
        ) : (
          <bdi>{r.label}</bdi>
        )}
      </Box>
    ),
  };
  const amount = (v: number | undefined, r: Line) => (r.kind === 'heading' ? '' : money(v ?? 0));
  return (
    <MoneyReport<Line, Answer>
      path="reports/profit-and-loss"
      kind="daily"
      title={t('title')}
      file={t('file')}
      testId="simple-profit-and-loss"
      initialPreset="this_month"
      query={compare ? '&compare=previous' : ''}
      rowKey={(r) => r.key}
      filters={
        <FormControlLabel
          control={
            <Checkbox
              checked={compare}
              onChange={(e) => setCompare(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'compare-previous' } as object }}
            />
          }
          label={translate(t('compare_previous'))}
        />
      }
      transformRows={(a) => lines(a, a.previous)}
      toTotals={(a) => ({
        key: 'totals',
        label: translate(t('lines.net_profit')),
        depth: 0,
        kind: 'totals',
        amount: a.totals.net_profit,
        ...(a.previous && { previous: a.previous.totals.net_profit }),
      })}
      columns={(a) => [
        label,
        { key: 'amount', label: translate(t('columns.amount')), value: (r) => amount(r.amount, r) },
        ...(compare && a?.previous
          ? [
              {
                key: 'previous',
                label: translate(t('columns.previous')),
                value: (r: Line) => amount(r.previous, r),
              },
              {
                key: 'change',
                label: translate(t('columns.change')),
                value: (r: Line) => amount(r.amount - (r.previous ?? 0), r),
              },
            ]
          : []),
      ]}
      cards={(a) =>
        (['income', 'costs', 'expenses', 'payroll', 'net_profit'] as const).map((k) => ({
          key: k,
          label: translate(t(`totals.${k}`)),
          value: money(a.totals[k]),
        }))
      }
    />
  );
};
