import { useMemo, useState } from 'react';
import { useGetList, useTranslate } from 'ra-core';
import { toDecimalString, type Currency, type PaymentMethod } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UndoIcon from '@mui/icons-material/UndoOutlined';
import { Amount, useInvoiceMoney } from '../sales/InvoiceParts';
import type { Invoice } from '../sales/types';
import { newKey } from '../shell/newKey';
import { useArea } from '../shell/area';
import { creditBody, creditPreview, remainingOf, type CreditForm, type CreditNote } from './creditNote';
import {
  AddMoneyRow,
  emptyMoneyRow,
  MoneyRows,
  NoteFormEnd,
  NoteFormFrame,
  NoteRefused,
  useFieldErrors,
  useIssueNote,
  useNoteInvoice,
} from './NoteForm';
import { CREDIT_NOTES } from './paths';

/**
 * `accounting/total-sales/credit-note?invoice_id=` (doc1 §2): a credit note on an invoice — which lines and how
 * many (all or some, never more than remains), the refunds by method adding up to the credited amount,
 * and why. An invoice the rules keep from a note (a Saudi invoice not yet reported to ZATCA, past 30
 * days, not fully paid, cancelled) says so instead of showing a form.
 */
export const CreditNotePage = () => {
  const page = useNoteInvoice('credit');
  const { data: notes } = useGetList<CreditNote>(
    CREDIT_NOTES,
    {
      filter: { invoice_id: page.invoiceId },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'number', order: 'ASC' },
    },
    { enabled: page.enabled },
  );
  const waiting = page.waiting(notes !== undefined);
  if (waiting !== undefined || !page.invoice || !notes) return waiting;
  if (page.refused) return <NoteRefused kind="credit" invoice={page.invoice} refused={page.refused} />;
  return <CreditNoteForm invoice={page.invoice} notes={notes} />;
};

const CreditNoteForm = ({ invoice, notes }: { invoice: Invoice; notes: CreditNote[] }) => {
  const translate = useTranslate();
  const { language } = useArea();
  const money = useInvoiceMoney(invoice.currency);
  const currency = invoice.currency as Currency;
  const remaining = useMemo(() => remainingOf(invoice, notes), [invoice, notes]);
  const [form, setForm] = useState<CreditForm>({ quantities: {}, refunds: [emptyMoneyRow()], reason: '' });
  const [tried, setTried] = useState(false);
  const { busy, serverProblems, clearServerProblems, issue } = useIssueNote('credit', invoice);
  const preview = creditPreview(invoice, remaining, form, currency);
  const errorOf = useFieldErrors([...(tried ? preview.problems : []), ...serverProblems]);
  const change = (patch: Partial<CreditForm>) => (setForm({ ...form, ...patch }), clearServerProblems());
  const lineName = (l: Invoice['lines'][number]) => (language === 'ar' ? l.name_ar || l.name_en : l.name_en);

  const submit = () => {
    setTried(true);
    if (busy || preview.problems.length) return;
    void issue(creditBody(invoice, form, currency));
  };

  return (
    <NoteFormFrame kind="credit" invoice={invoice}>
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
              {translate('app.notes.credit.lines')}
            </Typography>
            <Button
              size="small"
              onClick={() =>
                change({
                  quantities: Object.fromEntries(
                    invoice.lines.map((l) => [l.line_id, String(remaining.lines[l.line_id]?.quantity ?? 0)]),
                  ),
                })
              }
              data-testid="credit-note-all"
            >
              {translate('app.notes.credit.all')}
            </Button>
          </Stack>
          <Stack spacing={1.5}>
            {invoice.lines.map((l) => {
              const left = remaining.lines[l.line_id]?.quantity ?? 0;
              const field = `quantity.${l.line_id}`;
              return (
                <Box
                  key={l.line_id}
                  data-testid="credit-note-line"
                  sx={{
                    display: 'grid',
                    gap: 1,
                    alignItems: 'center',
                    gridTemplateColumns: 'minmax(0, 1fr) 110px',
                  }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ overflowWrap: 'anywhere' }}>{lineName(l)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {translate('app.notes.credit.line_facts', { quantity: l.quantity, left })} ·{' '}
                      <Amount>{money(l.total)}</Amount>
                    </Typography>
                    {errorOf(field) && (
                      <Typography variant="caption" color="error">
                        {errorOf(field)}
                      </Typography>
                    )}
                  </Box>
                  <TextField
                    size="small"
                    label={translate('app.notes.credit.quantity')}
                    value={form.quantities[l.line_id] ?? ''}
                    disabled={left === 0}
                    error={Boolean(errorOf(field))}
                    onChange={(e) =>
                      change({ quantities: { ...form.quantities, [l.line_id]: e.target.value } })
                    }
                    slotProps={{
                      htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'credit-note-quantity' },
                    }}
                  />
                </Box>
              );
            })}
          </Stack>
          {errorOf('lines') && (
            <Typography color="error" variant="body2" sx={{ mt: 1 }}>
              {errorOf('lines')}
            </Typography>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {translate('app.notes.credit.credited')}
            </Typography>
            <Typography variant="subtitle1" sx={{ fontWeight: 700 }} data-testid="credit-note-total">
              <Amount>{money(preview.total)}</Amount>
            </Typography>
          </Stack>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {translate('app.notes.credit.refunds')}
          </Typography>
          <MoneyRows
            kind="credit"
            rows={form.refunds}
            onChange={(refunds) => change({ refunds })}
            errorOf={errorOf}
            amountTestId="credit-note-amount"
            rowTestId="credit-note-refund"
          />
          <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
            <AddMoneyRow onAdd={() => change({ refunds: [...form.refunds, emptyMoneyRow()] })} />
            <Button
              size="small"
              variant="outlined"
              disabled={preview.total === 0}
              onClick={() =>
                change({
                  refunds: [
                    {
                      key: form.refunds[0]?.key ?? newKey(),
                      method: form.refunds[0]?.method ?? (1 as PaymentMethod),
                      amount: toDecimalString({ amount: preview.total, currency }),
                      authorizationCode: form.refunds[0]?.authorizationCode ?? '',
                    },
                  ],
                })
              }
              data-testid="credit-note-refund-all"
            >
              {translate('app.notes.credit.refund_all')}
            </Button>
          </Stack>
          <NoteFormEnd
            kind="credit"
            invoice={invoice}
            reason={form.reason}
            onReason={(reason) => change({ reason })}
            errorOf={errorOf}
            serverProblems={serverProblems}
            busy={busy}
            onIssue={submit}
            issueLabel={translate('app.notes.credit.issue', { total: money(preview.total) })}
            issueIcon={<UndoIcon />}
          />
        </CardContent>
      </Card>
    </NoteFormFrame>
  );
};
