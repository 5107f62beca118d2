import { NoInvoiceChosen } from './NoInvoiceChosen';
import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Title } from 'react-admin';
import { useGetOne, useRequireAccess, useTranslate } from 'ra-core';
import {
  codeLabelKey,
  VatType,
  vatCategoryOfType,
  vatExemptionsForType,
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
import PostAddIcon from '@mui/icons-material/PostAddOutlined';
import { isHandled } from '../http/errors';
import { needsAuthorizationCode, PAYMENT_METHODS } from '../billing/basket';
import { problemsOf, useProblemText } from '../billing/problems';
import { Amount, useInvoiceMoney } from '../sales/InvoiceParts';
import type { Invoice } from '../sales/types';
import { newKey } from '../shell/newKey';
import { useArea } from '../shell/area';
import { debitBody, debitPreview, type DebitForm, type DebitLineRow } from './debitNote';
import type { RefundRow } from './creditNote';
import { DEBIT_NOTE_FORM, DEBIT_NOTES } from './paths';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useNoteEligibility } from './eligibility';

const MONEY_INPUT = { inputMode: 'decimal', dir: 'ltr' } as const;
const VAT_TYPES = Object.values(VatType) as VatType[];

/**
 * `accounting/total-sales/debit-note?invoice_id=` (doc1 §2): an extra charge on an invoice (ZATCA 383) — lines
 * of an amount and a VAT type, why, and what is paid now; the rest stays owed. An invoice the shared
 * rule keeps from a note says so instead of showing a form.
 */
export const DebitNotePage = () => {
  const { isPending: checking } = useRequireAccess({ resource: DEBIT_NOTE_FORM, action: 'show' });
  const translate = useTranslate();
  const [params] = useSearchParams();
  const invoiceId = params.get('invoice_id') ?? '';
  const { data: invoice, error } = useGetOne<Invoice>(
    'accounting/total-sales',
    { id: invoiceId },
    { enabled: !checking && invoiceId !== '' },
  );
  const { data: context } = useGetOne<{
    id: string;
    vat: { vat_enabled: boolean; vat_percentage: number | string };
  }>('billing', { id: 'context' }, { enabled: !checking });
  const eligibility = useNoteEligibility(invoiceId, 'debit_note', !checking && invoiceId !== '');
  // named while it reads what it needs, as every screen is
  const naming = <Title title={translate('app.notes.debit.button')} />;
  if (checking) return naming;
  if (!invoiceId || error) return <NoInvoiceChosen kind="debit" unknown={invoiceId !== ''} />;
  if (!invoice || !context || !eligibility) return naming;
  return <DebitNoteForm invoice={invoice} vat={context.vat} refused={eligibility.refused} />;
};

const DebitNoteForm = ({
  invoice,
  vat,
  refused,
}: {
  invoice: Invoice;
  vat: { vat_enabled: boolean; vat_percentage: number | string };
  /** why the server would refuse a note on this invoice now, if it would */
  refused: ErrorDetail | undefined;
}) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { basename } = useArea();
  const money = useInvoiceMoney(invoice.currency);
  const currency = invoice.currency as Currency;
  const dataProvider = useAppDataProvider();
  const problemText = useProblemText();
  const emptyLine = (): DebitLineRow => ({
    key: newKey(),
    description: '',
    amount: '',
    vatType: VatType.standard,
  });
  const [form, setForm] = useState<DebitForm>({ lines: [emptyLine()], payments: [], reason: '' });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverProblems, setServerProblems] = useState<ReturnType<typeof problemsOf>>([]);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const back = `${basename}/accounting/total-sales/${invoice.id}/show`;
  // the tax authority's reasons for no VAT: asked where invoices are e-invoiced (a Saudi salon)
  const saudi = invoice.einvoicing !== 'not_applicable';
  const preview = debitPreview(form, {
    saudi,
    currency,
    vatEnabled: vat.vat_enabled,
    vatPercentage: vat.vat_percentage,
  });
  const shown = [...(tried ? preview.problems : []), ...serverProblems];
  const errorOf = (field: string) => {
    const p = shown.find((x) => x.field === field);
    return p ? problemText(p) : undefined;
  };
  const change = (patch: Partial<DebitForm>) => (setForm({ ...form, ...patch }), setServerProblems([]));
  const changeLine = (i: number, patch: Partial<DebitLineRow>) =>
    change({ lines: form.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  const changePayment = (i: number, patch: Partial<RefundRow>) =>
    change({ payments: form.payments.map((p, j) => (j === i ? { ...p, ...patch } : p)) });

  if (refused)
    return (
      <Box sx={{ mt: 2, maxWidth: 720 }} data-testid="debit-note-refused">
        <Title title={translate('app.notes.debit.title', { number: invoice.number })} />
        <Alert severity="warning" sx={{ mb: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>{translate('app.notes.debit.refused')}</Typography>
          <Typography data-testid="debit-note-refused-reason">
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
    const body = debitBody(form, currency);
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
    setBusy(true);
    try {
      const note = await dataProvider.send<{ id: string }>(
        'POST',
        `invoices/${invoice.id}/debit-notes`,
        body,
        {
          idempotencyKey: attempt.current.key,
        },
      );
      navigate(`${basename}/${DEBIT_NOTES}/${note.id}/show`);
    } catch (e) {
      if (!isHandled(e)) setServerProblems(problemsOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 1, display: 'grid', gap: 2, maxWidth: 960 }} data-testid="debit-note-form">
      <Title title={translate('app.notes.debit.title', { number: invoice.number })} />
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
          <Stack spacing={1.5}>
            {form.payments.map((p, i) => (
              <Box
                key={p.key}
                sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1.3fr) minmax(0, 1fr) auto' }}
              >
                <TextField
                  select
                  size="small"
                  label={translate('app.billing.method')}
                  value={p.method}
                  onChange={(e) => changePayment(i, { method: Number(e.target.value) as PaymentMethod })}
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
                  value={p.amount}
                  error={Boolean(errorOf(`payments.${i}.amount`))}
                  onChange={(e) => changePayment(i, { amount: e.target.value })}
                  slotProps={{ htmlInput: { ...MONEY_INPUT, 'data-testid': 'debit-note-payment-amount' } }}
                />
                <IconButton
                  aria-label={translate('app.billing.remove_payment')}
                  onClick={() => change({ payments: form.payments.filter((_, j) => j !== i) })}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
                {needsAuthorizationCode(p.method) && (
                  <TextField
                    size="small"
                    label={translate('app.billing.authorization_code')}
                    value={p.authorizationCode}
                    error={Boolean(errorOf(`payments.${i}.authorization_code`))}
                    helperText={errorOf(`payments.${i}.authorization_code`)}
                    onChange={(e) => changePayment(i, { authorizationCode: e.target.value })}
                    sx={{ gridColumn: '1 / 3' }}
                    slotProps={{ htmlInput: { dir: 'ltr' } }}
                  />
                )}
              </Box>
            ))}
          </Stack>
          <Button
            size="small"
            startIcon={<AddIcon />}
            sx={{ mt: 1 }}
            onClick={() =>
              change({
                payments: [
                  ...form.payments,
                  { key: newKey(), method: 1 as PaymentMethod, amount: '', authorizationCode: '' },
                ],
              })
            }
          >
            {translate('app.billing.add_payment')}
          </Button>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
            <Typography color="text.secondary">{translate('app.billing.owed')}</Typography>
            <Typography
              color={preview.owed > 0 ? 'warning.main' : 'text.secondary'}
              data-testid="debit-note-owed"
            >
              <Amount>{money(preview.owed)}</Amount>
            </Typography>
          </Stack>
          {errorOf('payments') && (
            <Typography color="error" variant="body2">
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
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'debit-note-reason' } }}
          />
          {serverProblems.length > 0 && (
            <Alert severity="error" sx={{ mt: 1.5 }}>
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
              startIcon={<PostAddIcon />}
              disabled={busy}
              onClick={submit}
              data-testid="debit-note-issue"
            >
              {translate('app.notes.debit.issue', { total: money(preview.priced.total) })}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};
