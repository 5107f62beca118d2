import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'ra-core';
import { codeLabelKey, PaymentMethod } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isHandled } from '../http/errors';
import { needsAuthorizationCode, PAYMENT_METHODS, type TillProblem } from '../billing/basket';
import { problemsOf, useProblemText } from '../billing/problems';
import { newKey } from '../shell/newKey';

export type PaymentBody = {
  method: PaymentMethod;
  amount: string;
  authorization_code?: string;
  notes?: string;
};

/**
 * One payment taken off the till (a wallet top-up, a payment of what an invoice left owed): the method,
 * the amount, a card's authorization code. One idempotency key per opening, so a double click or a
 * retry after a lost answer takes the money once.
 */
export const PaymentDialog = ({
  open,
  title,
  info,
  amount: initialAmount = '',
  withWallet = false,
  withNotes = false,
  onClose,
  onSubmit,
  testId,
}: {
  open: boolean;
  title: string;
  info?: string;
  amount?: string;
  /** the wallet may pay (a receivable), not top itself up */
  withWallet?: boolean;
  withNotes?: boolean;
  onClose: () => void;
  onSubmit: (body: PaymentBody, idempotencyKey: string) => Promise<void>;
  testId: string;
}) => {
  const translate = useTranslate();
  const problemText = useProblemText();
  const [method, setMethod] = useState<PaymentMethod>(PaymentMethod.cash);
  const [amount, setAmount] = useState(initialAmount);
  const [code, setCode] = useState('');
  const [notes, setNotes] = useState('');
  const [problems, setProblems] = useState<TillProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey());
  useEffect(() => {
    if (!open) return;
    key.current = newKey();
    setMethod(PaymentMethod.cash);
    setAmount(initialAmount);
    setCode('');
    setNotes('');
    setProblems([]);
  }, [open]);
  const errorOf = (field: string) => {
    const p = problems.find((x) => x.field === field);
    return p ? problemText(p) : undefined;
  };
  const general = problems.filter(
    (p) => !p.field || !['method', 'amount', 'authorization_code', 'notes'].includes(p.field),
  );
  const submit = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await onSubmit(
        {
          method,
          amount: amount.trim(),
          ...(needsAuthorizationCode(method) && code.trim() && { authorization_code: code.trim() }),
          ...(withNotes && notes.trim() && { notes: notes.trim() }),
        },
        key.current,
      );
    } catch (error) {
      if (!isHandled(error)) setProblems(problemsOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" data-testid={testId}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {info && <Typography color="text.secondary">{info}</Typography>}
          <TextField
            select
            label={translate('app.billing.method')}
            value={method}
            onChange={(e) => setMethod(Number(e.target.value) as PaymentMethod)}
            error={Boolean(errorOf('method'))}
            helperText={errorOf('method')}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': `${testId}-method` } as object } }}
          >
            {PAYMENT_METHODS.filter((m) => withWallet || m !== PaymentMethod.wallet).map((m) => (
              <MenuItem key={m} value={m}>
                {translate(codeLabelKey('paymentMethod', m))}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate('app.billing.amount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={Boolean(errorOf('amount'))}
            helperText={errorOf('amount')}
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': `${testId}-amount` } }}
          />
          {needsAuthorizationCode(method) && (
            <TextField
              label={translate('app.billing.authorization_code')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={Boolean(errorOf('authorization_code'))}
              helperText={errorOf('authorization_code')}
              slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': `${testId}-code` } }}
            />
          )}
          {withNotes && (
            <TextField
              label={translate('app.wallet.notes')}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              error={Boolean(errorOf('notes'))}
              helperText={errorOf('notes')}
              multiline
              slotProps={{ htmlInput: { 'data-testid': `${testId}-notes` } }}
            />
          )}
          {general.length > 0 && (
            <Alert severity="error" data-testid={`${testId}-problems`}>
              {general.map((p) => (
                <Typography key={`${p.field}${p.key}`} variant="body2">
                  {problemText(p)}
                </Typography>
              ))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy} data-testid={`${testId}-save`}>
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
