/** Texts of an invoice's corrections (cancel, credit and debit notes) in English (merged by i18n/messages.en.ts). */
export const en = {
  app: {
    notes: {
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
