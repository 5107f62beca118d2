/**
 * The management reports and pages of issue 11 in English (merged by i18n/messages.en.ts): the
 * activities reports, the most used products, the customer types over time, the customers' penalties
 * and the rate-us reminders.
 */
export const en = {
  app: {
    management: {
      all: 'All',
      kinds: {
        service: 'Service',
        product: 'Product',
        gift_card: 'Gift card',
        offer: 'Offer',
        package: 'Package',
      },
      no_visits: 'No one opened the salon’s online pages in this period.',
      online_visits: {
        home: 'Home page',
        booking: 'Booking page',
        price_list: 'Price list',
        other: 'Other pages',
        views: 'All views',
        bookings: 'Online bookings',
        conversion: 'Booking page to booking',
      },
      menu: {
        activities: 'Activities report',
        activities_summary: 'Activities summary',
        customer_types: 'Customer types over time',
        most_used_products: 'Most used products',
        rate_us: 'Ask to rate today’s invoices',
        penalties: 'Customers’ penalties',
        online_visits: 'Online visits per day',
      },
      titles: {
        activities: 'Activities report',
        activities_summary: 'Activities summary per employee',
        customer_types: 'Customer types over time',
        most_used_products: 'Most used products (internal use)',
        rate_us: 'Ask today’s customers to rate us',
        online_visits: 'Visits to the online pages per day',
      },
      files: {
        activities: 'activities-report',
        activities_summary: 'activities-summary',
        customer_types: 'customer-types',
        most_used_products: 'most-used-products',
        rate_us: 'rate-us',
        penalties: 'customers-penalties',
        online_visits: 'online-daily-visit',
      },
      columns: {
        item: 'Service or product',
        customers: 'Customers',
        quantity_used: 'Quantity used',
        cost: 'Cost',
        times: 'Times',
        products: 'Products',
        mobile: 'Mobile',
      },
      customer_types: { new: 'New', frequent: 'Frequent', missed: 'Missed' },
      customer_types_chart: 'Customers of each type at the end of each month',
      no_customers: 'No customers in this period.',
      no_activities: 'No work recorded on an invoice in this period.',
      no_internal_use: 'Nothing was taken for internal use in this period.',
      rank_by: 'Rank by',
      send_rate_us: 'Ask to rate',
      rate_us_hint:
        'The day’s invoices whose customer has not rated the visit yet. The message opens in WhatsApp in the customer’s language, with the link to rate this invoice.',
      rate_us_empty: 'Every customer of this day has rated the visit, or no invoice named a customer.',
      rate_us_text:
        'Hello %{name}, thank you for visiting %{salon}. How was your visit? Please rate us here: %{link}',
      penalties_count: '%{count} (no-shows: %{no_shows})',
      by_day: 'Day by day',
      no_penalties: 'No penalties in this period.',
      add_penalty: 'Add a penalty',
      add_penalty_title: 'A penalty for %{name}',
      add_penalty_hint:
        'Written on the customer’s record as “other” (no-shows are recorded from the appointment book). Say what happened.',
      penalty_added: 'Penalty added to the customer’s record',
    },
    reports: { columns: { lines: 'Lines' } },
  },
  resources: {
    customers: { fields: { penalties: 'Penalties' } },
    'reports/acitivities-report': { name: 'Activities report' },
    'reports/activities-report-summary': { name: 'Activities summary' },
    'reports/most-used-products': { name: 'Most used products' },
    'reports/online-daily-visit': { name: 'Online visits per day' },
    'reports/historical-data-for-customers-types': { name: 'Customer types over time' },
    'pos/rate-us-for-issued-invoices': { name: 'Ask to rate today’s invoices' },
    'accounting/customers-penalties': {
      name: 'Customers’ penalties',
      fields: {
        at: 'Date',
        customer_name: 'Customer',
        customer_mobile: 'Mobile',
        penalty_type: 'Type',
        appointment: 'Appointment',
        notes: 'Notes',
        from: 'From',
        to: 'To',
      },
    },
  },
};
