import { useTranslate } from 'ra-core';
import { useFormat } from '../format/useFormat';
import { MoneyReport } from '../reports/MoneyReport';

type Row = {
  id: string;
  customer_id: string | null;
  customer_name: string | null;
  invoices: number;
  gross: number;
  discount: number;
  code_discount: number;
};

/** `reports/customers-discount-report`: per customer, what the period's invoices took off (codes and by hand). */
export const CustomersDiscountReport = () => {
  const translate = useTranslate();
  const { money } = useFormat();
  const t = (key: string) => translate(`app.discount_codes.report.${key}`);
  const name = (r: Row) =>
    r.id === 'totals'
      ? translate('app.discount_codes.report.total')
      : (r.customer_name ?? translate('app.sales.walk_in'));
  return (
    <MoneyReport<Row>
      path="reports/customers-discount-report"
      kind="daily"
      initialPreset="this_month"
      title="app.discount_codes.report.title"
      file="app.discount_codes.report.file"
      testId="customers-discount-report"
      rowKey={(r) => r.id}
      toTotals={(a) => ({ ...(a.totals as Row), id: 'totals', customer_id: null, customer_name: null })}
      columns={() => [
        { key: 'customer', label: t('customer'), value: name },
        { key: 'invoices', label: t('invoices'), value: (r) => r.invoices, align: 'end' },
        { key: 'gross', label: t('gross'), value: (r) => money(r.gross), align: 'end' },
        { key: 'discount', label: t('discount'), value: (r) => money(r.discount), align: 'end' },
        {
          key: 'code_discount',
          label: t('code_discount'),
          value: (r) => money(r.code_discount),
          align: 'end',
        },
      ]}
      cards={(a) => [
        { key: 'discount', label: t('discount'), value: <bdi>{money((a.totals as Row).discount)}</bdi> },
        {
          key: 'code_discount',
          label: t('code_discount'),
          value: <bdi>{money((a.totals as Row).code_discount)}</bdi>,
        },
      ]}
    />
  );
};
