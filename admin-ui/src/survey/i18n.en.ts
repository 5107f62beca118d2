/** The customer's e-survey in English (merged by i18n/messages.en.ts). */
export const en = {
  app: {
    survey: {
      title: 'Rate your visit',
      intro: 'How was your visit to %{salon}? Invoice no. %{number}',
      stars: 'Your rating out of 5',
      choose: 'Choose from 1 to 5 stars',
      comment: 'Anything to tell us? (optional)',
      send: 'Send my rating',
      sending: 'Sending…',
      thanks_title: 'Thank you!',
      thanks: 'Your rating helps %{salon} look after you better.',
      already: 'This visit has already been rated. Thank you!',
      see_invoice: 'See the invoice',
      not_found_title: 'Survey not found',
      not_found: 'This link opens no survey. Check that it was copied whole, or ask the salon for it.',
      failed: 'The survey could not be loaded or sent. Check the connection and try again.',
      retry: 'Try again',
      on_invoice: 'Customer rating',
      not_rated: 'Not rated yet',
      survey_link: 'Survey link',
    },
  },
};
