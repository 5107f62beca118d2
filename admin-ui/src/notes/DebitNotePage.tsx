import { useState } from 'react';
import { useGetOne, useTranslate } from 'ra-core';
import {
  codeLabelKey,
  VatType,
  vatCategoryOfType,
  vatExemptionsForType,
  type Currency,
} from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PostAddIcon from '@mui/icons-material/PostAddOutlined';
import { Amount, useInvoiceMoney } from '../sales/InvoiceParts';
import type { Invoice } from '../sales/types';
import { newKey } from '../shell/newKey';
import { debitBody, debitPreview, type DebitForm, type DebitLineRow } from './debitNote';
import {
  AddMoneyRow,
  emptyMoneyRow,
  MONEY_INPUT,
  MoneyRows,
  NoteFormEnd,
  NoteFormFrame,
  NoteRefused,
  useFieldErrors,
  useIssueNote,
  useNoteInvoice,
} from './NoteForm';

const VAT_TYPES = Object.values(VatType) as VatType[];

type BillingVat = { vat_enabled: boolean; vat_percentage: number | string };

/**
 * `accounting/total-sales/debit-note?invoice_id=` (doc1 §2): an extra charge on an invoice (ZATCA 383) — lines
 * of an amount and a VAT type, why, and what is paid now; the rest stays owed. An invoice the shared
 * rule keeps from a note says so instead of showing a form.
 */
export const DebitNotePage = () => {
  const page = useNoteInvoice('debit');
  const { data: context } = useGetOne<{ id: string; vat: BillingVat }>(
    'billing',
    { id: 'context' },
    { enabled: page.enabled },
  );
  const waiting = page.waiting(context !== undefined);
  if (waiting !== undefined || !page.invoice || !context) return waiting;
  if (page.refused) return <NoteRefused kind="debit" invoice={page.invoice} refused={page.refused} />;
  return <DebitNoteForm invoice={page.invoice} vat={context.vat} />;
};

const DebitNoteForm = ({ invoice, vat }: { invoice: Invoice; vat: BillingVat }) => {
  const translate = useTranslate();
  const money = useInvoiceMoney(invoice.currency);
  const currency = invoice.currency as Currency;
  const emptyLine = (): DebitLineRow => ({
    key: newKey(),
    description: '',
    amount: '',
    vatType: VatType.standard,
  });
  const [form, setForm] = useState<DebitForm>({ lines: [emptyLine()], payments: [], reason: '' });
  const [tried, setTried] = useState(false);
  const { busy, serverProblems, clearServerProblems, issue } = useIssueNote('debit', invoice);
  // the tax authority's reasons for no VAT: asked where invoices are e-invoiced (a Saudi salon)
  const saudi = invoice.einvoicing !== 'not_applicable';
  const preview = debitPreview(form, {
    saudi,
    currency,
    vatEnabled: vat.vat_enabled,
    vatPercentage: vat.vat_percentage,
  });
  const errorOf = useFieldErrors([...(tried ? preview.problems : []), ...serverProblems]);
  const change = (patch: Partial<DebitForm>) => (setForm({ ...form, ...patch }), clearServerProblems());
  const changeLine = (i: number, patch: Partial<DebitLineRow>) =>
    change({ lines: form.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) });

  const submit = () => {
    setTried(true);
    if (busy || preview.problems.length) return;
    void issue(debitBody(form, currency));
  };

  return (
    <NoteFormFrame kind="debit" invoice={invoice}>
      <Card>
        <CardContent>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {translate('app.notes.debit.lines')}
          </Typography>
          <Stack spacing={1.5}>
            {form.lines.map((l, i) => (
              <Box
                key={l.key}
                data-testid="debit-note-line"
                sx={{
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: {
                    xs: 'minmax(0, 1fr) minmax(0, 1fr) auto',
                    md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1.2fr) auto',
                  },
                }}
              >
                <TextField
                  size="small"
                  label={translate('app.notes.debit.description')}
                  value={l.description}
                  error={Boolean(errorOf(`lines.${i}.description`))}
                  onChange={(e) => changeLine(i, { description: e.target.value })}
                  sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
                  slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'debit-note-description' } }}
                />
                <TextField
                  size="small"
                  label={translate('app.notes.debit.amount')}
                  value={l.amount}
                  error={Boolean(errorOf(`lines.${i}.amount`))}
                  helperText={errorOf(`lines.${i}.amount`)}
                  onChange={(e) => changeLine(i, { amount: e.target.value })}
                  slotProps={{ htmlInput: { ...MONEY_INPUT, 'data-testid': 'debit-note-amount' } }}
                />
                <TextField
                  select
                  size="small"
                  label={translate('app.notes.debit.vat_type')}
                  value={l.vatType}
                  onChange={(e) =>
                    changeLine(i, { vatType: Number(e.target.value) as VatType, vatExemptionCode: undefined })
                  }
                >
                  {VAT_TYPES.map((v) => (
                    <MenuItem key={v} value={v}>
                      {translate(codeLabelKey('vatType', v))}
                    </MenuItem>
                  ))}
                </TextField>
                {saudi && ['E', 'Z'].includes(vatCategoryOfType(l.vatType)) && (
                  <TextField
                    select
                    size="small"
                    label={translate('resources.products/define-product.fields.vat_exemption_code')}
                    value={l.vatExemptionCode ?? ''}
                    error={Boolean(errorOf(`lines.${i}.vat_exemption_code`))}
                    helperText={errorOf(`lines.${i}.vat_exemption_code`)}
                    onChange={(e) => changeLine(i, { vatExemptionCode: e.target.value || undefined })}
                    sx={{ gridColumn: '1 / -1' }}
                    slotProps={{ htmlInput: { 'data-testid': 'debit-note-exemption' } }}
                  >
                    {vatExemptionsForType(l.vatType).map((x) => (
                      <MenuItem key={x.code} value={x.code}>
                        {translate(`app.products.exemptions.${x.code}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                <IconButton
                  aria-label={translate('app.notes.debit.remove_line')}
                  onClick={() => change({ lines: form.lines.filter((_, j) => j !== i) })}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Stack>
          <Button
            size="small"
            startIcon={<AddIcon />}
            sx={{ mt: 1 }}
            onClick={() => change({ lines: [...form.lines, emptyLine()] })}
          >
            {translate('app.notes.debit.add_line')}
          </Button>
          {errorOf('lines') && (
            <Typography color="error" variant="body2">
              {errorOf('lines')}
            </Typography>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Stack spacing={0.5} sx={{ mb: 1.5 }} data-testid="debit-note-totals">
            {(
              [
                ['net', preview.priced.net],
                ['vat', preview.priced.vat],
              ] as const
            ).map(([k, v]) => (
              <Stack key={k} direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography>{translate(`app.sales.invoice.${k}`)}</Typography>
                <Amount>{money(v)}</Amount>
              </Stack>
            ))}
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 700 }}>{translate('app.notes.debit.charged')}</Typography>
              <Typography sx={{ fontWeight: 700 }} data-testid="debit-note-total">
                <Amount>{money(preview.priced.total)}</Amount>
              </Typography>
            </Stack>
          </Stack>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {translate('app.notes.debit.payments')}
          </Typography>
          <MoneyRows
            kind="debit"
            rows={form.payments}
            onChange={(payments) => change({ payments })}
            errorOf={errorOf}
            amountTestId="debit-note-payment-amount"
          />
          <Box sx={{ mt: 1 }}>
            <AddMoneyRow onAdd={() => change({ payments: [...form.payments, emptyMoneyRow()] })} />
          </Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
            <Typography color="text.secondary">{translate('app.billing.owed')}</Typography>
            <Typography
              color={preview.owed > 0 ? 'warning.main' : 'text.secondary'}
              data-testid="debit-note-owed"
            >
              <Amount>{money(preview.owed)}</Amount>
            </Typography>
          </Stack>
          <NoteFormEnd
            kind="debit"
            invoice={invoice}
            reason={form.reason}
            onReason={(reason) => change({ reason })}
            errorOf={errorOf}
            serverProblems={serverProblems}
            busy={busy}
            onIssue={submit}
            issueLabel={translate('app.notes.debit.issue', { total: money(preview.priced.total) })}
            issueIcon={<PostAddIcon />}
          />
        </CardContent>
      </Card>
    </NoteFormFrame>
  );
};
