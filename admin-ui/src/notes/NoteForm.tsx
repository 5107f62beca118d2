import { useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Title } from 'react-admin';
import { useGetOne, useRequireAccess, useTranslate } from 'ra-core';
import { codeLabelKey, type ErrorDetail, type PaymentMethod } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { needsAuthorizationCode, PAYMENT_METHODS } from '../billing/basket';
import type { TillProblem as Problem } from '../billing/basket';
import { problemsOf, useProblemText } from '../billing/problems';
import type { Invoice } from '../sales/types';
import { newKey } from '../shell/newKey';
import { useArea } from '../shell/area';
import type { RefundRow } from './creditNote';
import { useNoteEligibility } from './eligibility';
import { NoInvoiceChosen } from './NoInvoiceChosen';
import { CREDIT_NOTE_FORM, CREDIT_NOTES, DEBIT_NOTE_FORM, DEBIT_NOTES } from './paths';

/**
 * The credit-note and debit-note pages as one family (doc1 §2 `accounting/total-sales/credit-note` and
 * `…/debit-note`): the same loading of the invoice and of the server's word on whether it takes a note
 * now, the same refusal, the same rows of money by method, reason, problems and buttons, and the same
 * issuing (one idempotency key per form as sent). Each page keeps only what its note is: which of the
 * invoice's lines come back, or which new charges are added.
 */
export type NoteKind = 'credit' | 'debit';

const FORM = { credit: CREDIT_NOTE_FORM, debit: DEBIT_NOTE_FORM } as const;
const LIST = { credit: CREDIT_NOTES, debit: DEBIT_NOTES } as const;
const API = { credit: 'credit-notes', debit: 'debit-notes' } as const;

export const MONEY_INPUT = { inputMode: 'decimal', dir: 'ltr' } as const;

export const emptyMoneyRow = (): RefundRow => ({
  key: newKey(),
  method: 1 as PaymentMethod,
  amount: '',
  authorizationCode: '',
});

export type NoteInvoice = {
  invoiceId: string;
  /** reads may start: the user may open the page and it names an invoice */
  enabled: boolean;
  invoice: Invoice | undefined;
  /** why the server would refuse a note on this invoice now, if it would */
  refused: ErrorDetail | undefined;
  /**
   * What the page shows until its form can: its name while it reads, or "choose an invoice" when it names
   * none the salon has; `undefined` once `ready` (the page's own reads) and the invoice are in.
   */
  waiting: (ready: boolean) => ReactNode | undefined;
};

/** The invoice a note page is about (`?invoice_id=`), with the server's word on a note of `kind` now. */
export const useNoteInvoice = (kind: NoteKind): NoteInvoice => {
  const { isPending: checking } = useRequireAccess({ resource: FORM[kind], action: 'show' });
  const [params] = useSearchParams();
  const invoiceId = params.get('invoice_id') ?? '';
  const enabled = !checking && invoiceId !== '';
  const { data: invoice, error } = useGetOne<Invoice>(
    'accounting/total-sales',
    { id: invoiceId },
    { enabled },
  );
  const eligibility = useNoteEligibility(invoiceId, `${kind}_note`, enabled);
  const translate = useTranslate();
  // named while it reads what it needs, as every screen is
  const naming = <Title title={translate(`app.notes.${kind}.button`)} />;
  const waiting = (ready: boolean) => {
    if (checking) return naming;
    if (!invoiceId || error) return <NoInvoiceChosen kind={kind} unknown={invoiceId !== ''} />;
    if (!invoice || !eligibility || !ready) return naming;
    return undefined;
  };
  return { invoiceId, enabled, invoice, refused: eligibility?.refused, waiting };
};

/** The invoice's page, where a note page leads back to. */
export const useInvoiceBack = (invoice: Invoice) => {
  const { basename } = useArea();
  return `${basename}/accounting/total-sales/${invoice.id}/show`;
};

/** The server would refuse a note on this invoice now: the page says why instead of a form. */
export const NoteRefused = ({
  kind,
  invoice,
  refused,
}: {
  kind: NoteKind;
  invoice: Invoice;
  refused: ErrorDetail;
}) => {
  const translate = useTranslate();
  const back = useInvoiceBack(invoice);
  return (
    <Box sx={{ mt: 2, maxWidth: 720 }} data-testid={`${kind}-note-refused`}>
      <Title title={translate(`app.notes.${kind}.title`, { number: invoice.number })} />
      <Alert severity="warning" sx={{ mb: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>{translate(`app.notes.${kind}.refused`)}</Typography>
        <Typography data-testid={`${kind}-note-refused-reason`}>
          {translate(refused.key, refused.params)}
        </Typography>
      </Alert>
      <Button component={RouterLink} to={back} variant="outlined">
        {translate('app.notes.credit.back')}
      </Button>
    </Box>
  );
};

/**
 * Issuing a note: the body sent once per form as it stands (a retry of the same form reuses its
 * idempotency key, so a reply lost on the way never issues two notes), then the note's page; the
 * server's refusals kept for the form's fields until the form changes.
 */
export const useIssueNote = (kind: NoteKind, invoice: Invoice) => {
  const dataProvider = useAppDataProvider();
  const navigate = useNavigate();
  const { basename } = useArea();
  const [busy, setBusy] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problem[]>([]);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const issue = async (body: unknown) => {
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
    setBusy(true);
    try {
      const note = await dataProvider.send<{ id: string }>(
        'POST',
        `invoices/${invoice.id}/${API[kind]}`,
        body,
        {
          idempotencyKey: attempt.current.key,
        },
      );
      navigate(`${basename}/${LIST[kind]}/${note.id}/show`);
    } catch (e) {
      if (!isHandled(e)) setServerProblems(problemsOf(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, serverProblems, clearServerProblems: () => setServerProblems([]), issue };
};

/** A form's problems, its own (once the user tried to issue) then the server's, by field. */
export const useFieldErrors = (problems: readonly Problem[]) => {
  const problemText = useProblemText();
  return (field: string) => {
    const p = problems.find((x) => x.field === field);
    return p ? problemText(p) : undefined;
  };
};

/**
 * Money by method (a credit note's refunds, a debit note's payments): a method, an amount, the card's
 * authorization code where the method asks it, and a button to take the row away; the problems named
 * `payments.<i>.…`.
 */
export const MoneyRows = ({
  kind,
  rows,
  onChange,
  errorOf,
  amountTestId,
  rowTestId,
}: {
  kind: NoteKind;
  rows: readonly RefundRow[];
  onChange: (rows: RefundRow[]) => void;
  errorOf: (field: string) => string | undefined;
  amountTestId: string;
  rowTestId?: string;
}) => {
  const translate = useTranslate();
  const change = (i: number, patch: Partial<RefundRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack spacing={1.5}>
      {rows.map((r, i) => (
        <Box
          key={r.key}
          data-testid={rowTestId}
          sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1.3fr) minmax(0, 1fr) auto' }}
        >
          <TextField
            select
            size="small"
            label={translate('app.billing.method')}
            value={r.method}
            onChange={(e) => change(i, { method: Number(e.target.value) as PaymentMethod })}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': `${kind}-note-method` } as object },
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
            onChange={(e) => change(i, { amount: e.target.value })}
            slotProps={{ htmlInput: { ...MONEY_INPUT, 'data-testid': amountTestId } }}
          />
          <IconButton
            aria-label={translate('app.billing.remove_payment')}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
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
              onChange={(e) => change(i, { authorizationCode: e.target.value })}
              sx={{ gridColumn: '1 / 3' }}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
          )}
        </Box>
      ))}
    </Stack>
  );
};

/** "Add a payment" under money rows. */
export const AddMoneyRow = ({ onAdd }: { onAdd: () => void }) => {
  const translate = useTranslate();
  return (
    <Button size="small" startIcon={<AddIcon />} onClick={onAdd}>
      {translate('app.billing.add_payment')}
    </Button>
  );
};

/**
 * The end of a note's form: what is wrong with its money as a whole (refunds that do not add up), why
 * (the reason every note carries), what the server refused that no field shows, back to the invoice,
 * and issue.
 */
export const NoteFormEnd = ({
  kind,
  invoice,
  reason,
  onReason,
  errorOf,
  serverProblems,
  busy,
  onIssue,
  issueLabel,
  issueIcon,
}: {
  kind: NoteKind;
  invoice: Invoice;
  reason: string;
  onReason: (reason: string) => void;
  errorOf: (field: string) => string | undefined;
  serverProblems: readonly Problem[];
  busy: boolean;
  onIssue: () => void;
  issueLabel: string;
  issueIcon: ReactNode;
}) => {
  const translate = useTranslate();
  const problemText = useProblemText();
  const back = useInvoiceBack(invoice);
  return (
    <>
      {errorOf('payments') && (
        <Typography color="error" variant="body2" sx={{ mt: 1 }} data-testid={`${kind}-note-money-problem`}>
          {errorOf('payments')}
        </Typography>
      )}
      <TextField
        fullWidth
        multiline
        minRows={2}
        sx={{ mt: 2 }}
        label={translate('app.notes.credit.reason')}
        value={reason}
        error={Boolean(errorOf('reason'))}
        helperText={errorOf('reason')}
        onChange={(e) => onReason(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': `${kind}-note-reason` } }}
      />
      {serverProblems.length > 0 && (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid={`${kind}-note-problems`}>
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
          startIcon={issueIcon}
          disabled={busy}
          onClick={onIssue}
          data-testid={`${kind}-note-issue`}
        >
          {issueLabel}
        </Button>
      </Stack>
    </>
  );
};

/** The form's frame: named after its invoice, the page's width. */
export const NoteFormFrame = ({
  kind,
  invoice,
  children,
}: {
  kind: NoteKind;
  invoice: Invoice;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 1, display: 'grid', gap: 2, maxWidth: 960 }} data-testid={`${kind}-note-form`}>
      <Title title={translate(`app.notes.${kind}.title`, { number: invoice.number })} />
      {children}
    </Box>
  );
};
