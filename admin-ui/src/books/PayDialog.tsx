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
