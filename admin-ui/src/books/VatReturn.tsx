import { useState } from 'react';
import { useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useFormat } from '../format/useFormat';
import { Amount } from '../sales/InvoiceParts';
import { MoneyReport, ReportTable, useReportData } from '../reports/MoneyReport';
import { DocumentLink, type EntrySource } from './SourceLink';

/** A box of the return as the server fills it: null where the taxpayer enters it on the authority's portal. */
type BoxRow = {
  number: number | null;
  key: string;
  source: boolean;
  amount: number | null;
  adjustment: number | null;
  vat: number | null;
};
type VatAnswer = {
  from: string;
  to: string;
  form: 'zatca' | 'generic';
  boxes: BoxRow[];
  rows: BoxRow[];
  sales: { amount: number; adjustment: number; vat: number };
  purchases: { amount: number; adjustment: number; vat: number };
  vat_due: number;
  books: { output_vat: number; input_vat: number; ties: boolean };
  /** the boxes hold their own totals (6, 12, 13, 16) */
  totals: undefined;
};
type VatLine = EntrySource & { id: string; date: string; amount: number; adjustment: number; vat: number };

const t = (key: string) => `app.books.vat_return.${key}`;
const PATH = 'advanced-accounting/vat-return';

/** The documents behind one box over the period, each opening its document. */
const BoxDocuments = ({
  box,
  period,
  onClose,
}: {
  box: BoxRow;
  period: { from: string; to: string };
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const { money, date } = useFormat();
  const filter = encodeURIComponent(JSON.stringify({ box: box.key, ...period }));
  const { data, error, loading } = useReportData<VatLine[]>(
    `${PATH}/lines?filter=${filter}&range=${encodeURIComponent('[0,499]')}`,
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="vat-box-documents">
      <DialogTitle>
        {box.number ? `${box.number}. ` : ''}
        {translate(t(`boxes.${box.key}`))}
      </DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{error}</Alert>}
        <ReportTable<VatLine>
          rowKey={(r) => r.id}
          rows={data ?? undefined}
          empty={loading ? translate('ra.page.loading') : translate('app.books.no_entries')}
          columns={[
            {
              key: 'date',
              label: translate('app.books.columns.date'),
              value: (r) => date(r.date),
              align: 'start',
            },
            {
              key: 'source',
              label: translate('app.books.columns.source'),
              value: (r) => r.source_kind,
              render: (r) => <DocumentLink entry={r} />,
              align: 'start',
            },
            { key: 'amount', label: translate(t('columns.amount')), value: (r) => money(r.amount) },
            {
              key: 'adjustment',
              label: translate(t('columns.adjustment')),
              value: (r) => money(r.adjustment),
            },
            { key: 'vat', label: translate(t('columns.vat')), value: (r) => money(r.vat) },
          ]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * `advanced-accounting/vat-return`: the period's VAT return from the posted entries. A Saudi salon sees
 * the authority's boxes 1 to 16 (the two it enters on the portal marked so); a box the documents fill
 * opens them. Beside it, whether the return ties to the books' VAT accounts.
 */
export const VatReturn = () => {
  const translate = useTranslate();
  const { money } = useFormat();
  const [open, setOpen] = useState<{ box: BoxRow; period: { from: string; to: string } } | null>(null);
  const figure = (v: number | null) => (v === null ? translate(t('on_portal')) : money(v));
  // the words of a box entered on the portal wrap; an amount stays on its line
  const shown = (v: number | null) =>
    v === null ? (
      <Box component="span" sx={{ whiteSpace: 'normal' }}>
        {figure(v)}
      </Box>
    ) : (
      <Amount>{figure(v)}</Amount>
    );
  return (
    <>
      <MoneyReport<BoxRow, VatAnswer>
        path={PATH}
        kind="daily"
        title="app.books.titles.vat_return"
        file="app.books.files.vat_return"
        testId="vat-return"
        initialPreset="this_quarter"
        rowKey={(r) => r.key}
        empty="app.books.no_entries"
        transformRows={(a) => a.boxes}
        columns={(a) => [
          ...(a?.form === 'zatca'
            ? [
                {
                  key: 'number',
                  label: translate(t('columns.box')),
                  value: (r: BoxRow) => (r.number === null ? '' : String(r.number)),
                  align: 'start' as const,
                },
              ]
            : []),
          {
            key: 'box',
            label: translate(t('columns.description')),
            value: (r) => translate(t(`boxes.${r.key}`)),
            align: 'start',
            wrap: true,
            render: (r) =>
              r.source && a ? (
                <Button
                  size="small"
                  sx={{ p: 0, minWidth: 0, textAlign: 'start', textTransform: 'none' }}
                  onClick={() => setOpen({ box: r, period: { from: a.from, to: a.to } })}
                  data-testid={`vat-box-${r.key}`}
                  title={translate(t('open_documents'))}
                >
                  {translate(t(`boxes.${r.key}`))}
                </Button>
              ) : (
                <span data-testid={`vat-box-${r.key}`}>{translate(t(`boxes.${r.key}`))}</span>
              ),
          },
          {
            key: 'amount',
            label: translate(t('columns.amount')),
            value: (r) => figure(r.amount),
            render: (r) => shown(r.amount),
          },
          {
            key: 'adjustment',
            label: translate(t('columns.adjustment')),
            value: (r) => figure(r.adjustment),
            render: (r) => shown(r.adjustment),
          },
          {
            key: 'vat',
            label: translate(t('columns.vat')),
            value: (r) => figure(r.vat),
            render: (r) => shown(r.vat),
          },
        ]}
        cards={(a) => [
          { key: 'output', label: translate(t('cards.output')), value: money(a.sales.vat) },
          { key: 'input', label: translate(t('cards.input')), value: money(a.purchases.vat) },
          {
            key: 'due',
            label: translate(a.vat_due >= 0 ? t('cards.due') : t('cards.refundable')),
            value: money(Math.abs(a.vat_due)),
          },
        ]}
        extra={(a) => (
          <Alert
            severity={a.books.ties ? 'success' : 'warning'}
            sx={{ mb: 2 }}
            data-testid="vat-return-ties"
            className="no-print"
          >
            {a.books.ties
              ? translate(t('ties'))
              : translate(t('does_not_tie'), {
                  output: money(a.books.output_vat),
                  input: money(a.books.input_vat),
                })}
          </Alert>
        )}
      />
      {open && <BoxDocuments box={open.box} period={open.period} onClose={() => setOpen(null)} />}
    </>
  );
};
