import { useRef, useState, type ReactNode } from 'react';
import { useTranslate } from 'ra-core';
import { codeLabelKey, fromArabicDigits, PaymentMethod } from '@rawnaq/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import IconButton from '@mui/material/IconButton';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import { problemsOf } from '../billing/problems';
import type { TillProblem } from '../billing/basket';
import { isHandled } from '../http/errors';
import { newKey } from '../shell/newKey';

/** money out by these methods (a customer's wallet pays no bill) */
export const METHODS: number[] = Object.values(PaymentMethod).filter((m) => m !== PaymentMethod.wallet);

/**
 * Paying what a bill or a payroll month still owes: a button opening a method and an amount (what is
 * owed to start with, when given), sent with one idempotency key until it is accepted; the server's
 * refusal (above what is owed) shown under the amount.
 */
export const PayDialogButton = ({
  title,
  amountLabel,
  initialAmount = '',
  initialMethod = PaymentMethod.cash,
  testId,
  problemText,
  send,
  onPaid,
}: {
  title: ReactNode;
  amountLabel: string;
  initialAmount?: string;
  initialMethod?: number;
  /** `<testId>`, `<testId>-method`, `<testId>-amount`, `<testId>-confirm` */
  testId: string;
  problemText: (p: TillProblem) => string;
  send: (payment: { method: number; amount: string }, idempotencyKey: string) => Promise<unknown>;
  onPaid: () => void;
}) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<number>(initialMethod);
  const [amount, setAmount] = useState('');
  const [problems, setProblems] = useState<TillProblem[]>([]);
  const key = useRef(newKey());
  const pay = async () => {
    try {
      await send({ method, amount }, key.current);
      key.current = newKey();
      setOpen(false);
      setAmount('');
      onPaid();
    } catch (e) {
      if (!isHandled(e)) setProblems(problemsOf(e));
    }
  };
  return (
    <>
      <Button
        variant="contained"
        startIcon={<PaymentsIcon />}
        onClick={() => {
          setAmount(initialAmount);
          setOpen(true);
        }}
        data-testid={testId}
      >
        {translate('app.books.pay')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              size="small"
              label={translate('app.books.method')}
              value={method}
              onChange={(e) => setMethod(Number(e.target.value))}
              slotProps={{ htmlInput: { 'data-testid': `${testId}-method` } }}
            >
              {METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {translate(codeLabelKey('paymentMethod', m))}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={amountLabel}
              value={amount}
              onChange={(e) => {
                setAmount(fromArabicDigits(e.target.value.trim()));
                setProblems([]);
              }}
              error={problems.length > 0}
              helperText={problems.map(problemText).join(' ')}
              slotProps={{
                htmlInput: { dir: 'ltr', inputMode: 'decimal', 'data-testid': `${testId}-amount` },
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={pay} data-testid={`${testId}-confirm`}>
            {translate('app.books.pay')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

export type PaymentRow = { method: number; amount: string };

/**
 * What a bill's form takes as paid now (an expense's, a purchase's): a method and an amount a line,
 * lines added and removed, the server's refusal shown under an amount; what is not paid stays owed.
 * Test ids: `<testId>-payment-<i>-amount`, `<testId>-add-payment`.
 */
export const PaidNowRows = ({
  payments,
  onChange,
  errorOf,
  testId,
}: {
  payments: PaymentRow[];
  onChange: (next: (all: PaymentRow[]) => PaymentRow[]) => void;
  errorOf: (field: string) => string | undefined;
  testId: string;
}) => {
  const translate = useTranslate();
  const set = (i: number, patch: Partial<PaymentRow>) =>
    onChange((all) => all.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <>
      <Typography variant="subtitle1" sx={{ mt: 1, mb: 1 }}>
        {translate('app.books.paid_now')}
      </Typography>
      <Stack spacing={1}>
        {payments.map((p, i) => (
          <Stack key={i} direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label={translate('app.books.method')}
              value={p.method}
              onChange={(e) => set(i, { method: Number(e.target.value) })}
              sx={{ width: 180 }}
            >
              {METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {translate(codeLabelKey('paymentMethod', m))}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={translate('app.books.expense_fields.amount')}
              value={p.amount}
              onChange={(e) => set(i, { amount: fromArabicDigits(e.target.value.trim()) })}
              error={Boolean(errorOf(`payments.${i}.amount`))}
              helperText={errorOf(`payments.${i}.amount`)}
              sx={{ width: 140 }}
              slotProps={{
                htmlInput: {
                  dir: 'ltr',
                  inputMode: 'decimal',
                  'data-testid': `${testId}-payment-${i}-amount`,
                },
              }}
            />
            <IconButton
              aria-label={translate('app.books.remove_line')}
              onClick={() => onChange((all) => all.filter((_, j) => j !== i))}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      <Button
        startIcon={<AddIcon />}
        sx={{ my: 1 }}
        data-testid={`${testId}-add-payment`}
        onClick={() => onChange((all) => [...all, { method: PaymentMethod.cash, amount: '' }])}
      >
        {translate('app.books.add_payment')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.books.rest_owed')}
      </Typography>
    </>
  );
};
