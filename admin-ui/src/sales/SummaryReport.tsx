import { useTranslate } from 'ra-core';
import { useFormat } from '../format/useFormat';
import { MoneyReport, type ReportColumn } from '../reports/MoneyReport';
import { Amount, usePaymentMethod } from './InvoiceParts';
import { SUMMARY_FIGURES, type Summary, type SummaryRow } from './types';

type Kind = 'daily' | 'monthly';

/** The methods any row was paid with, in their code order: one column each. */
export const methodsOf = (totals: { by_method: Record<string, number> } | undefined | null) =>
  Object.keys(totals?.by_method ?? {})
    .map(Number)
    .sort((a, b) => a - b);

/**
 * `reports/daily-general-summary` and `reports/monthly-general-summary`: the period's sales per day
 * or month, read from the totals the server keeps as invoices are issued, with the period's totals,
 * a CSV and a print view.
 */
export const SummaryReport = ({ kind }: { kind: Kind }) => {
  const translate = useTranslate();
  const { money, date } = useFormat();
  const method = usePaymentMethod();
  const keyOf = kind === 'daily' ? 'date' : 'month';
  const columns = (summary: Summary | null): ReportColumn<SummaryRow>[] => [
    {
      key: keyOf,
      label: translate(`app.sales.reports.columns.${keyOf}`),
      value: (r) => (kind === 'daily' ? date(r.date) : (r.month ?? '')),
      align: 'start',
    },
    ...SUMMARY_FIGURES.map((f) => ({
      key: f,
      label: translate(`app.sales.reports.columns.${f}`),
      value: (r: SummaryRow) => (f === 'invoices' ? String(r.invoices) : money(r[f])),
    })),
    ...methodsOf(summary?.totals).map((m) => ({
      key: `method-${m}`,
      label: method(m),
      value: (r: SummaryRow) => money(r.by_method[m] ?? 0),
    })),
  ];
  return (
    <MoneyReport<SummaryRow, Summary>
      path={`reports/${kind}-general-summary`}
      kind={kind}
      title={`app.sales.reports.${kind}_title`}
      file={`app.sales.reports.${kind}_file`}
      testId={`${kind}-summary`}
      columns={columns}
      // eight figures and a column per payment method: more than a 1366-px desktop shows at once
      wide
      rowKey={(r) => r[keyOf] ?? ''}
      cards={(summary) =>
        (['invoices', 'net', 'vat', 'total', 'paid', 'owed'] as const).map((f) => ({
          key: f,
          label: translate(`app.sales.reports.columns.${f}`),
          value: f === 'invoices' ? summary.totals.invoices : <Amount>{money(summary.totals[f])}</Amount>,
        }))
      }
    />
  );
};

export const DailySummary = () => <SummaryReport kind="daily" />;
export const MonthlySummary = () => <SummaryReport kind="monthly" />;
