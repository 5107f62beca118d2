/** What the money reports' routes answer (query-api `reports.query.controller.ts`); money in minor units. */

export type MethodRow = {
  id: string;
  method: number;
  payments: number;
  paid: number;
  refunds: number;
  refunded: number;
  /** paid minus refunded */
  net: number;
};
export type MethodTotals = Omit<MethodRow, 'id' | 'method'>;

export type SalesFigures = {
  invoices: number;
  gross: number;
  discount: number;
  net: number;
  vat: number;
  total: number;
  paid: number;
  owed: number;
  credit_notes: number;
  credited: number;
  by_method: Record<string, number>;
  refunds_by_method: Record<string, number>;
};

export type EmployeeRow = {
  /** the employee (absent on an employee's days, keyed by date) */
  id?: string;
  employee_id?: string;
  date?: string;
  name_en?: string;
  name_ar?: string;
  lines: number;
  services: number;
  products: number;
  sales: number;
  commission: number;
  returned: number;
  returned_commission: number;
  net_sales: number;
  net_commission: number;
};

export type ItemRow = {
  id: string;
  item_id?: string;
  name_en?: string;
  name_ar?: string;
  lines: number;
  quantity: number;
  sales: number;
  returned_quantity: number;
  returned: number;
  net_quantity: number;
  net_sales: number;
};

export type Visits = { visits: number; checked_in: number; no_show: number; cancelled: number };

export type Dashboard = {
  today: string;
  month: { from: string; to: string };
  sales: { today: SalesFigures; month: SalesFigures };
  payments: {
    today: { rows: MethodRow[]; totals: MethodTotals };
    month: { rows: MethodRow[]; totals: MethodTotals };
  };
  visits: { today: Visits; month: Visits };
  days: Array<{ date: string; invoices: number; net: number; total: number; credited: number }>;
  top_services: ItemRow[];
  top_employees: EmployeeRow[];
};

export type CashierRow = {
  id: string;
  cashier_id: string;
  cashier_name: string | null;
  invoices: number;
  net: number;
  vat: number;
  total: number;
  paid: number;
  owed: number;
  credit_notes: number;
  credited: number;
  refunded: number;
  /** money taken besides the invoices issued: what was owed, debit notes, wallets, deposits */
  received: number;
  by_method: Record<string, number>;
  refunds_by_method: Record<string, number>;
};

export type PaymentsRow = {
  date?: string;
  month?: string;
  payments: number;
  paid: number;
  refunds: number;
  refunded: number;
  net: number;
  by_method: Record<string, number>;
  refunds_by_method: Record<string, number>;
};

export type VatRow = {
  category: 'S' | 'Z' | 'E' | 'O';
  rate_bp: number;
  taxable: number;
  vat: number;
  debited_taxable: number;
  debited_vat: number;
  credited_taxable: number;
  credited_vat: number;
  net_taxable: number;
  net_vat: number;
};

/** A credit or debit note as its report lists it: the note, its invoice, why, and its amounts. */
export type NoteRow = {
  id: string;
  number: number;
  invoice_id: string;
  invoice_number: number;
  business_date: string;
  customer_name: string | null;
  reason: string;
  net: number;
  vat: number;
  total: number;
};

export type CreditNoteRow = NoteRow & { refunded: number };

export type DebitNoteRow = NoteRow & { paid: number; owed: number };

export type RefundedInvoiceRow = {
  id: string;
  date: string;
  invoice_id: string;
  invoice_number: number;
  invoice_date: string | null;
  invoice_total: number | null;
  customer_name: string | null;
  credit_notes: number;
  credited: number;
  refunded: number;
};
