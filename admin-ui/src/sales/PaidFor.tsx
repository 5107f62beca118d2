import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import Link from '@mui/material/Link';
import { useArea } from '../shell/area';
import { CREDIT_NOTES, DEBIT_NOTES } from '../notes/paths';
import type { Payment } from './types';

type PaymentOf = Pick<
  Payment,
  'invoice_id' | 'invoice_number' | 'source' | 'kind' | 'debit_note_id' | 'credit_note_id' | 'amount'
>;

/**
 * What a payment was for, in words: an invoice (at the till or paid later), a debit note, a credit
 * note's refund, a deposit (on its invoice once the visit is paid), a deposit given back, a wallet
 * top-up. Not every payment has an invoice: a top-up or a deposit has none.
 */
const paidFor = (p: PaymentOf): { key: string; path?: (basename: string) => string } => {
  const invoice = (basename: string) => `${basename}/accounting/total-sales/${p.invoice_id}/show`;
  if (p.kind === 'wallet_top_up') return { key: 'wallet_top_up' };
  if (p.kind === 'deposit_refund') return { key: 'deposit_refund' };
  if (p.kind === 'deposit' || p.source === 1)
    return p.invoice_id ? { key: 'deposit_on', path: invoice } : { key: 'deposit' };
  if (p.source === 2 && p.debit_note_id)
    return { key: 'debit_note', path: (b) => `${b}/${DEBIT_NOTES}/${p.debit_note_id}/show` };
  if (p.source === 3 && p.credit_note_id)
    return { key: 'refund', path: (b) => `${b}/${CREDIT_NOTES}/${p.credit_note_id}/show` };
  if (!p.invoice_id) return { key: p.amount < 0 ? 'deposit_refund' : 'wallet_top_up' };
  return { key: p.kind === 'receivable' ? 'receivable' : 'invoice', path: invoice };
};

/** The words of what a payment was for (the CSV's and the tables' text). */
export const usePaidFor = () => {
  const translate = useTranslate();
  return (p: PaymentOf) =>
    translate(`app.sales.paid_for.${paidFor(p).key}`, { number: p.invoice_number ?? '' });
};

/** What a payment was for, opening that document when it has one. */
export const PaidFor = ({ payment }: { payment: PaymentOf }) => {
  const text = usePaidFor();
  const { basename } = useArea();
  const { path } = paidFor(payment);
  const words = <bdi>{text(payment)}</bdi>;
  return path ? (
    <Link
      component={RouterLink}
      to={path(basename)}
      onClick={(e) => e.stopPropagation()}
      data-testid="payment-paid-for"
    >
      {words}
    </Link>
  ) : (
    <span data-testid="payment-paid-for">{words}</span>
  );
};
