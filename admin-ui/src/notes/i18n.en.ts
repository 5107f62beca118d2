/** Texts of an invoice's corrections (cancel, credit and debit notes) in English (merged by i18n/messages.en.ts). */
const creditNoteFields = {
  number: 'No.',
  issued_at: 'Date and time',
  invoice_number: 'Invoice',
  customer_name: 'Customer',
  total: 'Credited',
  reason: 'Reason',
  einvoicing: 'E-invoicing',
  from: 'From',
  to: 'To',
};

export const en = {
  resources: {
    'accounting/credit-note': { name: 'Credit note |||| Credit notes', fields: creditNoteFields },
    'accounting/debit-note': {
      name: 'Debit note |||| Debit notes',
      fields: { ...creditNoteFields, total: 'Charged', owed: 'Owed' },
    },
    'accounting/accounting-notes': {
      name: 'Credit and debit note |||| Credit and debit notes',
      fields: { ...creditNoteFields, kind: 'Kind', total: 'Amount' },
    },
  },
  app: {
    notes: {
      open_invoices: 'Open the invoices',
      kinds: { credit: 'Credit note', debit: 'Debit note' },
      accounting: {
        menu: 'Credit and debit notes',
        empty: 'No credit or debit notes in this period.',
      },
      debit: {
        choose_invoice:
          'A debit note adds to an invoice: open the invoice to charge more on it, then "Debit note".',
        menu: 'Debit notes',
        button: 'Debit note',
        title: 'Debit note on invoice no. %{number}',
        show_title: 'Debit note no. %{number}',
        refused: 'This invoice cannot have a debit note now',
        lines: 'What is charged',
        description: 'Description',
        amount: 'Amount before VAT',
        vat_type: 'VAT',
        add_line: 'Add a line',
        remove_line: 'Remove this line',
        charged: 'Charged',
        payments: 'Paid now',
        issue: 'Issue debit note · %{total}',
        list: 'Debit notes',
        empty: 'No debit notes in this period.',
        file: 'debit-notes',
      },
      credit: {
        choose_invoice:
          'A credit note corrects an invoice: open the invoice to refund or correct, then "Credit note".',
        menu: 'Credit notes',
        button: 'Credit note',
        title: 'Credit note on invoice no. %{number}',
        show_title: 'Credit note no. %{number}',
        refused: 'This invoice cannot have a credit note now',
        back: 'Back to the invoice',
        lines: 'What comes back',
        all: 'Everything that remains',
        line_facts: '%{quantity} sold, %{left} can come back',
        quantity: 'Qty back',
        credited: 'Credited',
        refunds: 'Refunds',
        refund_all: 'Refund it all in one payment',
        reason: 'Reason',
        issue: 'Issue credit note · %{total}',
        of_invoice: 'Invoice no. %{number}',
        list: 'Credit notes',
        empty: 'No credit notes in this period.',
        file: 'credit-notes',
      },
      cancel: {
        button: 'Cancel invoice',
        title: 'Cancel invoice no. %{number}?',
        content:
          'The invoice stays numbered but counts for nothing: its payments (%{total}) are cancelled and the day’s figures lose it.',
        reason: 'Reason',
        confirm: 'Cancel the invoice',
        keep: 'Keep it',
        refused_title: 'This invoice cannot be cancelled',
        close: 'Close',
        done: 'Invoice no. %{number} is cancelled',
        cancelled: 'Cancelled on %{date}: %{reason}',
      },
    },
  },
};
