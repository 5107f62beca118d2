import { useEffect, useRef, type ReactNode } from 'react';
import { useGetOne, useTranslate } from 'ra-core';
import type { Currency, InvoiceBuyer } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import { amountText, type TillLine } from '../billing/basket';
import type { Item } from '../billing/ItemSearch';
import { useFormat } from '../format/useFormat';
import { newKey } from '../shell/newKey';
import { tillLinesOf } from './basket';
import { ON_HOLD_REPORT, type HeldInvoice } from './types';

export type ResumedBasket = {
  customerId?: string;
  buyer?: InvoiceBuyer;
  lines: TillLine[];
  discount: string;
};

/**
 * The till resumed from a held invoice (`billing?held_id=`): hands the till the held basket once the
 * menu and the shelf are known, says where it came from (or that it can no longer be resumed), and
 * gives what the issue adds: the held invoice it closes and its notes.
 */
export const useHeldBasket = (
  heldId: string | undefined,
  options: { ready: boolean; items: Item[]; currency: Currency; onBasket: (basket: ResumedBasket) => void },
): { issueFields: { held_invoice_id?: string; notes?: string }; notice: ReactNode } => {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const { data: held } = useGetOne<HeldInvoice>(ON_HOLD_REPORT, { id: heldId ?? '' }, { enabled: !!heldId });
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !held || !options.ready || held.status !== 'on_hold') return;
    done.current = true;
    const listPrice = (l: { kind: string; item_id: string }) =>
      options.items.find((i) => i.kind === l.kind && i.id === l.item_id)?.price;
    options.onBasket({
      customerId: held.customer_id ?? undefined,
      ...(held.buyer && { buyer: held.buyer }),
      lines: tillLinesOf(held.lines, listPrice, options.currency, newKey),
      discount: held.discount > 0 ? amountText(held.discount, options.currency) : '',
    });
  }, [held, options.ready]);
  if (!heldId) return { issueFields: {}, notice: null };
  return {
    issueFields: { held_invoice_id: heldId, ...(held?.notes && { notes: held.notes }) },
    notice: !held ? null : held.status === 'on_hold' ? (
      <Alert severity="info" sx={{ mt: 1 }} data-testid="billing-resumed">
        {translate('app.held.resumed', { date: dateTime(held.held_at) })}
        {held.notes && <div>{held.notes}</div>}
      </Alert>
    ) : (
      <Alert severity="warning" sx={{ mt: 1 }} data-testid="billing-held-closed">
        {translate('app.held.not_on_hold')}
      </Alert>
    ),
  };
};
