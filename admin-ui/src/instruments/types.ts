/** A gift card as GET gift-cards gives it: amounts in minor units, its status worked out for today. */
export type GiftCard = {
  id: string;
  code: string;
  unique_id: string;
  card_type: 0 | 1 | 2;
  value: number;
  remaining: number;
  currency: string;
  customer_id: string | null;
  customer_name: string | null;
  buyer_id: string | null;
  buyer_name: string | null;
  invoice_id: string | null;
  invoice_number: number | null;
  message?: string;
  business_date: string;
  expires_on: string;
  issued_at: string;
  last_used_on: string | null;
  status: 'active' | 'used' | 'expired';
  redemptions: Array<{
    amount: number;
    invoice_id: string;
    invoice_number: number;
    business_date: string;
    at: string;
  }>;
};

export const GIFT_CARD_STATUSES = ['active', 'used', 'expired'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

/** The three management reports of gift cards (doc1 §2), each the card list at one status. */
export const GIFT_CARD_REPORTS: Record<GiftCardStatus, string> = {
  active: 'reports/active-gifts-cards',
  used: 'reports/used-gifts-cards',
  expired: 'reports/expired-gifts-cards',
};

export const INSTRUMENTS_API_PATHS: Record<string, string> = {
  [GIFT_CARD_REPORTS.active]: 'gift-cards',
  [GIFT_CARD_REPORTS.used]: 'gift-cards',
  [GIFT_CARD_REPORTS.expired]: 'gift-cards',
  'accounting/receivable': 'receivables',
  'pos/customer-wallet-reminder': 'wallet-reminder',
  'menu/discount-codes': 'discount-codes',
};

/** The card's public page, the link its holder is sent. */
export const eGiftPath = (language: string, uniqueId: string) => `/${language}/e-gift/${uniqueId}`;
