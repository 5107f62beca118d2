/** The manager screens' texts in English (merged into the catalogue by i18n/messages.en.ts). */
export const en = {
  app: {
    manager: {
      accounts: {
        title: 'Salon accounts',
        empty: 'No salon accounts yet.',
        open: 'Open an account',
        opened: 'Account %{number} was opened: its owner can sign in and run the setup wizard',
        progress: '%{progress}% (%{done} of %{total} steps)',
        salon: 'The salon',
        owner: 'The owner',
        alias_hint: 'Letters a-z, A-Z and digits only, 3 to 40 characters: unique on the platform.',
      },
      online: {
        open: 'Taking bookings',
        closed: 'Not taking bookings',
        saved: 'Saved: the salon’s pages follow at once',
        empty: 'No salon has an online address yet.',
        empty_gateway: 'No salon has an active payment gateway package.',
      },
      fees: {
        hint: 'One UAE dirham for each successful payment through the payment gateway, per salon over the period chosen.',
        empty: 'No successful payment through the payment gateway in this period.',
        transactions: '%{smart_count} transaction |||| %{smart_count} transactions',
      },
    },
  },
  resources: {
    'addon-services/global-aliases': {
      name: 'Global alias |||| Global aliases',
      fields: {
        account_id: 'Number',
        name: 'Salon',
        alias: 'Alias',
        q: 'Search aliases',
        online_booking: 'Online booking',
        google_index: 'Search engines may index',
        payment_gateway_package: 'Payment gateway package',
      },
    },
    'payment-gateway-fees': {
      name: 'Payment gateway fee |||| Payment gateway fees',
      fields: {
        from: 'From',
        to: 'To',
        account_id: 'Number',
        name: 'Salon',
        transactions: 'Paid transactions',
        fees: 'Fees',
      },
    },
    'addon-services/merchant-with-payment-gateway-package': {
      name: 'Salon with the payment gateway |||| Salons with the payment gateway',
      fields: {
        account_id: 'Number',
        name: 'Salon',
        alias: 'Alias',
        online_booking: 'Online booking',
        google_index: 'Search engines may index',
        payment_gateway_package: 'Payment gateway package',
      },
    },
    'merchants/active-merchants': {
      name: 'Salon account |||| Salon accounts',
      fields: {
        account_id: 'Number',
        name: 'Name',
        name_en: 'English name',
        name_ar: 'Arabic name',
        alias: 'Alias',
        country_id: 'Country',
        salon_type: 'Salon type',
        vat_percentage: 'VAT',
        max_employees: 'Employees limit',
        wizard_progress: 'Setup wizard',
        created_at: 'Opened',
        owner_name: "Owner's name",
        owner_username: "Owner's username",
        owner_email: "Owner's e-mail",
        owner_password: "Owner's password",
      },
    },
  },
};
