import type { HeldInvoiceStatus, InvoiceHeld } from '@rawnaq/contracts';

/** A held basket as `GET held-invoices` gives it: the held event's data, where it stands, and who held it. */
export type HeldInvoice = InvoiceHeld['data'] & {
  id: string;
  status: HeldInvoiceStatus;
  held_by_name: string | null;
  invoice_id?: string;
  invoice_number?: number;
  cancelled_at?: string;
};

export const HELD_STATUSES: HeldInvoiceStatus[] = ['on_hold', 'issued', 'cancelled'];

/** `on-hold-report` (doc1 §2) reads `held-invoices` (docs/api.md). */
export const ON_HOLD_REPORT = 'on-hold-report';
export const HELD_API_PATHS: Record<string, string> = { [ON_HOLD_REPORT]: 'held-invoices' };
