/** Held invoices' texts in English (merged into the catalogue by i18n/messages.en.ts). */
export const en = {
  resources: {
    'on-hold-report': {
      name: 'Held invoice |||| Held invoices',
      fields: {
        held_at: 'Held at',
        customer_id: 'Customer',
        lines: 'Items',
        total: 'Total',
        held_by: 'Held by',
        status: 'State',
        from: 'From',
        to: 'To',
      },
    },
  },
  app: {
    held: {
      menu: 'Held invoices',
      hold: 'Hold',
      holding: 'Holding…',
      held: 'The invoice is on hold: resume it from the held invoices.',
      resume: 'Resume',
      resumed: 'Resumed from a held invoice (%{date})',
      cancel: 'Cancel',
      cancel_title: 'Cancel this held invoice?',
      cancel_content:
        'The held basket of %{customer} (%{total}) is dropped and can no longer be issued. Nothing was paid on it.',
      cancelled: 'The held invoice is cancelled',
      keep: 'Keep it',
      empty: 'No invoice is on hold.',
      items: '%{smart_count} item |||| %{smart_count} items',
      by: 'by %{name}',
      invoice: 'Invoice no. %{number}',
      statuses: { on_hold: 'On hold', issued: 'Issued', cancelled: 'Cancelled' },
      not_on_hold: 'This held invoice can no longer be resumed.',
    },
  },
};
