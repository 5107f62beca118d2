import { toMinor, type InvoicePayment } from '@rawnaq/contracts';
import type { CommandContext } from '../shared/command-context';
import { idFor } from '../shared/repository';

/**
 * Money the salon pays out (a bill, a payroll month) as recorded: its id (from the request's key, so a
 * retry makes the same one), the method, the amount in minor units and the card's authorization code.
 */
export const paymentOut = (
  ctx: CommandContext,
  kind: 'expense-payment' | 'payroll-payment' | 'purchase-payment',
  p: { method: number; amount: string; authorization_code?: string },
  countryId: number,
  index?: number,
): InvoicePayment => ({
  payment_id: index === undefined ? idFor(ctx, kind) : idFor(ctx, kind, index),
  method: p.method as InvoicePayment['method'],
  amount: toMinor(p.amount, countryId),
  ...(p.authorization_code?.trim() && { authorization_code: p.authorization_code.trim() }),
});
