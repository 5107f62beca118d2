/** A customer's purchased offer or package as the query API reads it (`customers/:id/offers`). */
export type CustomerOffer = {
  id: string;
  unique_id: string;
  kind: 'offer' | 'package';
  name_en: string;
  name_ar: string;
  customer_id: string;
  customer_name: string;
  services: Array<{
    service_id: string;
    name_en: string;
    name_ar: string;
    sessions: number;
    used: number;
    left: number;
  }>;
  allowance: number;
  sessions_used: number;
  sessions_left: number;
  price: number;
  total: number;
  value_left: number;
  invoice_id: string | null;
  invoice_number: number | null;
  business_date: string;
  expires_on: string;
  days_left: number;
  status: 'active' | 'used' | 'expired' | 'closed';
  uses: Array<{
    service_id: string;
    invoice_id: string;
    invoice_number: number;
    business_date: string;
    returned: boolean;
  }>;
};

export const UNUSED_OFFERS_REPORT = 'reports/unused-customers-offers-report';

/** The e-offer page of a purchase, in the reader's language. */
export const eOfferPath = (language: string, uniqueId: string) => `/${language}/e-offer/${uniqueId}`;
