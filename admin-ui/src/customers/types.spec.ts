import { newCustomerDefaults } from './types';

describe('a new customer', () => {
  it('is not contacted on WhatsApp until the customer agrees (opt-in consent, Saudi PDPL)', () => {
    expect(newCustomerDefaults('ar')).toEqual({ preferred_language: 'ar', whatsapp_allowed: false });
    expect(newCustomerDefaults('en').whatsapp_allowed).toBe(false);
  });
});
