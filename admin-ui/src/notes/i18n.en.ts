/** Texts of an invoice's corrections (cancel, credit and debit notes) in English (merged by i18n/messages.en.ts). */
const creditNoteFields = {
  number: 'No.',
  issued_at: 'Date and time',
  invoice_number: 'Invoice',
  customer_name: 'Customer',
  total: 'Credited',
  reason: 'Reason',
  from: 'From',
  to: 'To',
};

export const en = {
  resources: {
    'accounting/credit-note': { name: 'Credit note |||| Credit notes', fields: creditNoteFields },
  },
  app: {
    notes: {
      credit: {
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
