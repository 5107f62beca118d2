import { NoInvoiceChosen } from './NoInvoiceChosen';
import { useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Title } from 'react-admin';
import { useGetList, useGetOne, useRequireAccess, useTranslate } from 'ra-core';
import {
  codeLabelKey,
  toDecimalString,
  type Currency,
  type ErrorDetail,
  type PaymentMethod,
} from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
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
import UndoIcon from '@mui/icons-material/UndoOutlined';
import { isHandled } from '../http/errors';
import { needsAuthorizationCode, PAYMENT_METHODS } from '../billing/basket';
import { problemsOf, useProblemText } from '../billing/problems';
import { Amount, useInvoiceMoney } from '../sales/InvoiceParts';
import type { Invoice } from '../sales/types';
import { newKey } from '../shell/newKey';
import { useArea } from '../shell/area';
import { useNoteEligibility } from './eligibility';
import {
  creditBody,
  creditPreview,
  remainingOf,
  type CreditForm,
  type CreditNote,
  type RefundRow,
} from './creditNote';
import { CREDIT_NOTE_FORM, CREDIT_NOTES } from './paths';
import { useAppDataProvider } from '../http/useAppDataProvider';

const MONEY_INPUT = { inputMode: 'decimal', dir: 'ltr' } as const;

/**
 * `accounting/total-sales/credit-note?invoice_id=` (doc1 §2): a credit note on an invoice — which lines and how
 * many (all or some, never more than remains), the refunds by method adding up to the credited amount,
 * and why. An invoice the rules keep from a note (a Saudi invoice not yet reported to ZATCA, past 30
 * days, not fully paid, cancelled) says so instead of showing a form.
 */
export const CreditNotePage = () => {
  const { isPending: checking } = useRequireAccess({ resource: CREDIT_NOTE_FORM, action: 'show' });
  const [params] = useSearchParams();
  const invoiceId = params.get('invoice_id') ?? '';
  const { data: invoice, error } = useGetOne<Invoice>(
    'accounting/total-sales',
    { id: invoiceId },
    { enabled: !checking && invoiceId !== '' },
  );
  const { data: notes } = useGetList<CreditNote>(
    CREDIT_NOTES,
    {
      filter: { invoice_id: invoiceId },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'number', order: 'ASC' },
    },
    { enabled: !checking && invoiceId !== '' },
  );
  const eligibility = useNoteEligibility(invoiceId, 'credit_note', !checking && invoiceId !== '');
  const translate = useTranslate();
  // named while it reads what it needs, as every screen is
  const naming = <Title title={translate('app.notes.credit.button')} />;
  if (checking) return naming;
  if (!invoiceId || error) return <NoInvoiceChosen kind="credit" unknown={invoiceId !== ''} />;
  if (!invoice || !notes || !eligibility) return naming;
  return <CreditNoteForm invoice={invoice} notes={notes} refused={eligibility.refused} />;
};

const CreditNoteForm = ({
  invoice,
  notes,
  refused,
}: {
  invoice: Invoice;
  notes: CreditNote[];
  /** why the server would refuse a note on this invoice now, if it would */
  refused: ErrorDetail | undefined;
}) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { basename, language } = useArea();
  const money = useInvoiceMoney(invoice.currency);
  const currency = invoice.currency as Currency;
  const dataProvider = useAppDataProvider();
  const problemText = useProblemText();
  const remaining = useMemo(() => remainingOf(invoice, notes), [invoice, notes]);
  const [form, setForm] = useState<CreditForm>({
    quantities: {},
    refunds: [{ key: newKey(), method: 1 as PaymentMethod, amount: '', authorizationCode: '' }],
    reason: '',
  });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverProblems, setServerProblems] = useState<ReturnType<typeof problemsOf>>([]);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const preview = creditPreview(invoice, remaining, form, currency);
  const shown = [...(tried ? preview.problems : []), ...serverProblems];
  const errorOf = (field: string) => {
    const p = shown.find((x) => x.field === field);
    return p ? problemText(p) : undefined;
  };
  const back = `${basename}/accounting/total-sales/${invoice.id}/show`;
  const change = (patch: Partial<CreditForm>) => (setForm({ ...form, ...patch }), setServerProblems([]));
  const changeRefund = (i: number, patch: Partial<RefundRow>) =>
    change({ refunds: form.refunds.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const lineName = (l: Invoice['lines'][number]) => (language === 'ar' ? l.name_ar || l.name_en : l.name_en);

  if (refused)
    return (
      <Box sx={{ mt: 2, maxWidth: 720 }} data-testid="credit-note-refused">
        <Title title={translate('app.notes.credit.title', { number: invoice.number })} />
        <Alert severity="warning" sx={{ mb: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>{translate('app.notes.credit.refused')}</Typography>
          <Typography data-testid="credit-note-refused-reason">
            {translate(refused.key, refused.params)}
          </Typography>
        </Alert>
        <Button component={RouterLink} to={back} variant="outlined">
          {translate('app.notes.credit.back')}
        </Button>
      </Box>
    );

  const submit = async () => {
    setTried(true);
    if (busy || preview.problems.length) return;
    const body = creditBody(invoice, form, currency);
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
    setBusy(true);
    try {
      const note = await dataProvider.send<{ id: string }>(
        'POST',
        `invoices/${invoice.id}/credit-notes`,
        body,
        {
          idempotencyKey: attempt.current.key,
        },
      );
      navigate(`${basename}/${CREDIT_NOTES}/${note.id}/show`);
    } catch (e) {
      if (!isHandled(e)) setServerProblems(problemsOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 1, display: 'grid', gap: 2, maxWidth: 960 }} data-testid="credit-note-form">
      <Title title={translate('app.notes.credit.title', { number: invoice.number })} />
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
          <Stack spacing={1.5}>
            {form.refunds.map((r, i) => (
              <Box
                key={r.key}
                data-testid="credit-note-refund"
                sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1.3fr) minmax(0, 1fr) auto' }}
              >
                <TextField
                  select
                  size="small"
                  label={translate('app.billing.method')}
                  value={r.method}
                  onChange={(e) => changeRefund(i, { method: Number(e.target.value) as PaymentMethod })}
                  slotProps={{
                    select: { SelectDisplayProps: { 'data-testid': 'credit-note-method' } as object },
                  }}
                >
                  {PAYMENT_METHODS.map((m) => (
                    <MenuItem key={m} value={m}>
                      {translate(codeLabelKey('paymentMethod', m))}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  label={translate('app.billing.amount')}
                  value={r.amount}
                  error={Boolean(errorOf(`payments.${i}.amount`))}
                  onChange={(e) => changeRefund(i, { amount: e.target.value })}
                  slotProps={{ htmlInput: { ...MONEY_INPUT, 'data-testid': 'credit-note-amount' } }}
                />
                <IconButton
                  aria-label={translate('app.billing.remove_payment')}
                  onClick={() => change({ refunds: form.refunds.filter((_, j) => j !== i) })}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
                {needsAuthorizationCode(r.method) && (
                  <TextField
                    size="small"
                    label={translate('app.billing.authorization_code')}
                    value={r.authorizationCode}
                    error={Boolean(errorOf(`payments.${i}.authorization_code`))}
                    helperText={errorOf(`payments.${i}.authorization_code`)}
                    onChange={(e) => changeRefund(i, { authorizationCode: e.target.value })}
                    sx={{ gridColumn: '1 / 3' }}
                    slotProps={{ htmlInput: { dir: 'ltr' } }}
                  />
                )}
              </Box>
            ))}
          </Stack>
          <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() =>
                change({
                  refunds: [
                    ...form.refunds,
                    { key: newKey(), method: 1 as PaymentMethod, amount: '', authorizationCode: '' },
                  ],
                })
              }
            >
              {translate('app.billing.add_payment')}
            </Button>
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
          {errorOf('payments') && (
            <Typography color="error" variant="body2" sx={{ mt: 1 }} data-testid="credit-note-refund-problem">
              {errorOf('payments')}
            </Typography>
          )}
          <TextField
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 2 }}
            label={translate('app.notes.credit.reason')}
            value={form.reason}
            error={Boolean(errorOf('reason'))}
            helperText={errorOf('reason')}
            onChange={(e) => change({ reason: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'credit-note-reason' } }}
          />
          {serverProblems.length > 0 && (
            <Alert severity="error" sx={{ mt: 1.5 }} data-testid="credit-note-problems">
              {[...new Set(serverProblems.map(problemText))].map((text) => (
                <div key={text}>{text}</div>
              ))}
            </Alert>
          )}
          <Stack direction="row" sx={{ gap: 1, mt: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={back}>
              {translate('app.notes.credit.back')}
            </Button>
            <Button
              variant="contained"
              startIcon={<UndoIcon />}
              disabled={busy}
              onClick={submit}
              data-testid="credit-note-issue"
            >
              {translate('app.notes.credit.issue', { total: money(preview.total) })}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};
