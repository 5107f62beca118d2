import { useRef, useState } from 'react';
import { useCanAccess, useGetList, useRefresh, useTranslate } from 'ra-core';
import {
  codeLabelKey,
  currencyOfCountry,
  fromArabicDigits,
  PaymentMethod,
  toDecimalString,
  toMinor,
} from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import { problemsOf } from '../billing/problems';
import type { TillProblem } from '../billing/basket';
import { useFormat } from '../format/useFormat';
import { isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { newKey } from '../shell/newKey';
import { useProblemText, type Expense } from './Expenses';
import { METHODS } from './PayDialog';

const RESOURCE = 'accounting/expenses';

/** A bill owed: an expense or a purchase of stock. */
type Bill = Pick<Expense, 'id' | 'number' | 'supplier_invoice_number' | 'date' | 'owed' | 'total'> & {
  kind: 'expense' | 'purchase';
};

/**
 * Paying a supplier's bills at once (its expenses and its purchases): each owed bill ticked with what it
 * owes (less may be typed), one method for all, the total as it is chosen; the server pays all or none,
 * never above what a bill owes.
 */
export const PayBillsButton = ({ supplierId, onPaid }: { supplierId: string; onPaid: () => void }) => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const problemText = useProblemText();
  const { money, date } = useFormat();
  const information = useOptionalGlobalInformation<{
    global_informations: { account: { country_id: number } };
  }>();
  const countryId = information?.global_informations.account.country_id ?? 1;
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: 'pay' });
  const [open, setOpen] = useState(false);
  const owedOf = {
    filter: { supplier_id: supplierId, owed: true },
    sort: { field: 'date', order: 'ASC' as const },
    pagination: { page: 1, perPage: 50 },
  };
  const expenses = useGetList<Expense>(RESOURCE, owedOf, { enabled: canAccess === true });
  const purchases = useGetList<Expense>('accounting/purchases', owedOf, { enabled: canAccess === true });
  const owed: Bill[] = [
    ...(expenses.data ?? []).map((e) => ({ ...e, kind: 'expense' as const })),
    ...(purchases.data ?? []).map((e) => ({ ...e, id: `purchase:${e.id}`, kind: 'purchase' as const })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  const refetch = () => Promise.all([expenses.refetch(), purchases.refetch()]);
  const [method, setMethod] = useState<number>(PaymentMethod.transfer);
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [problems, setProblems] = useState<TillProblem[]>([]);
  const key = useRef(newKey());
  const currency = currencyOfCountry(countryId);
  const amountOf = (e: Bill) => amounts[e.id] ?? toDecimalString({ amount: e.owed, currency });
  const chosen = owed.filter((e) => ticked[e.id] ?? true);
  const total = (() => {
    try {
      return chosen.reduce((s, e) => s + toMinor(amountOf(e), countryId), 0);
    } catch {
      return null;
    }
  })();
  if (!canAccess || owed.length === 0) return null;
  const errorOf = (i: number) => {
    const p = problems.find((x) => x.field?.startsWith(`bills.${i}.`));
    return p ? problemText(p) : undefined;
  };
  const pay = async () => {
    try {
      await dataProvider.send(
        'POST',
        'expenses/payments',
        {
          method,
          bills: chosen.map((e) =>
            e.kind === 'purchase'
              ? { purchase_id: e.id.slice('purchase:'.length), amount: amountOf(e) }
              : { expense_id: e.id, amount: amountOf(e) },
          ),
        },
        { idempotencyKey: key.current },
      );
      key.current = newKey();
      setOpen(false);
      setAmounts({});
      setTicked({});
      setProblems([]);
      await refetch();
      onPaid();
      refresh();
    } catch (e) {
      if (!isHandled(e)) setProblems(problemsOf(e));
    }
  };
  return (
    <>
      <Button
        variant="contained"
        startIcon={<PaymentsIcon />}
        onClick={() => setOpen(true)}
        data-testid="pay-bills"
      >
        {translate('app.books.pay_bills')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        data-testid="pay-bills-dialog"
      >
        <DialogTitle>{translate('app.books.pay_bills')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5} sx={{ pt: 1 }}>
            {owed.map((e, i) => (
              <Stack
                key={e.id}
                direction="row"
                sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}
                data-testid="pay-bill"
              >
                <Checkbox
                  checked={ticked[e.id] ?? true}
                  onChange={(ev) => setTicked({ ...ticked, [e.id]: ev.target.checked })}
                  slotProps={{ input: { 'aria-label': `#${e.number}` } as object }}
                />
                <Stack sx={{ flex: '1 1 160px', minWidth: 0 }}>
                  <Typography variant="body2">
                    <bdi>
                      {`${e.kind === 'purchase' ? translate('app.books.sources.purchase') : translate('app.books.sources.expense')} #${e.number} · ${e.supplier_invoice_number || date(e.date)}`}
                    </bdi>
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {translate('app.books.owed_of', { owed: money(e.owed), total: money(e.total) })}
                  </Typography>
                </Stack>
                <TextField
                  size="small"
                  sx={{ width: { xs: '100%', sm: 140 } }}
                  disabled={!(ticked[e.id] ?? true)}
                  value={amountOf(e)}
                  onChange={(ev) => {
                    setAmounts({ ...amounts, [e.id]: fromArabicDigits(ev.target.value.trim()) });
                    setProblems([]);
                  }}
                  error={Boolean(errorOf(chosen.indexOf(e)))}
                  helperText={errorOf(chosen.indexOf(e))}
                  slotProps={{
                    htmlInput: { dir: 'ltr', inputMode: 'decimal', 'data-testid': `pay-bill-amount-${i}` },
                  }}
                />
              </Stack>
            ))}
            <TextField
              select
              size="small"
              label={translate('app.books.method')}
              value={method}
              onChange={(e) => setMethod(Number(e.target.value))}
            >
              {METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {translate(codeLabelKey('paymentMethod', m))}
                </MenuItem>
              ))}
            </TextField>
            {problems
              .filter((p) => !p.field?.startsWith('bills.'))
              .map((p) => (
                <Alert key={p.key} severity="error">
                  {problemText(p)}
                </Alert>
              ))}
            <Typography sx={{ fontWeight: 600 }} data-testid="pay-bills-total">
              {translate('app.books.pay_total', { total: total === null ? '—' : money(total) })}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            onClick={pay}
            disabled={chosen.length === 0 || total === null}
            data-testid="pay-bills-confirm"
          >
            {translate('app.books.pay')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
