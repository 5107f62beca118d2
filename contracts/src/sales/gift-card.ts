import { z } from 'zod';
import type { GiftCardType } from '../coded-values/enumerations';
import { cleanPayload } from '../customers/customer-input';
import { addDays } from '../dates/instants';
import { required } from '../validators/core';
import { price } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { perCountry, withRule } from '../validators/zod';

/** One stream per gift card, named by its code, so the till finds a card by the code it is given. */
export const GIFT_CARD_CATEGORY = 'giftcard';

/**
 * A gift card is valid for one year (doc2 §9): through the day before the same date a year later
 * (issued 2026-03-01, last valid 2027-02-28; issued on 29 February, last valid 27 February).
 */
export const giftCardExpiry = (issuedOn: string): string => {
  const [y, m, d] = issuedOn.split('-');
  const sameDay = `${Number(y) + 1}-${m}-${m === '02' && d === '29' ? '28' : d}`;
  return addDays(sameDay, -1);
};

/** Crockford's base 32: no I, L, O or U, so a code read out over the phone is not misheard. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A card's code from 60 bits of a hash, as the customer sees it: `K7QM-2XPA-9DTR`. */
export const giftCardCode = (hash: Uint8Array): string => {
  let bits = 0n;
  for (let i = 0; i < 8; i++) bits = (bits << 8n) | BigInt(hash[i] ?? 0);
  let out = '';
  for (let i = 0; i < 12; i++) out += ALPHABET[Number((bits >> BigInt(5 * i)) & 31n)];
  return `${out.slice(0, 4)}-${out.slice(4, 8)}-${out.slice(8, 12)}`;
};

/**
 * A code as typed at the till, made canonical: upper case, without spaces or dashes, the letters a
 * reader confuses with digits read as those digits; undefined when it cannot be a card's code.
 */
export const normalizeGiftCardCode = (typed: string): string | undefined => {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{12}$/.test(plain)) return undefined;
  return `${plain.slice(0, 4)}-${plain.slice(4, 8)}-${plain.slice(8, 12)}`;
};

export type GiftCardStatusName = 'active' | 'used' | 'expired';

/** A card's status on a day: used once nothing remains, expired after its last day, else active. */
export const giftCardStatus = (
  card: { remaining: number; expires_on: string },
  today: string,
): GiftCardStatusName => (card.remaining <= 0 ? 'used' : card.expires_on < today ? 'expired' : 'active');

export type GiftCardIssued = {
  type: 'GiftCardIssued';
  data: {
    gift_card_id: string;
    code: string;
    /** the e-gift page's link */
    unique_id: string;
    card_type: GiftCardType;
    value: number;
    currency: string;
    /** who may spend it; null: whoever brings the code */
    customer_id: string | null;
    customer_name: string | null;
    /** who paid for it (a paid card: the invoice's customer) */
    buyer_id: string | null;
    buyer_name: string | null;
    invoice_id: string | null;
    invoice_number: number | null;
    message?: string;
    business_date: string;
    expires_on: string;
    issued_by: string;
  };
};

export type GiftCardRedeemed = {
  type: 'GiftCardRedeemed';
  data: {
    gift_card_id: string;
    code: string;
    amount: number;
    invoice_id: string;
    invoice_number: number;
    business_date: string;
    remaining: number;
  };
};

/**
 * A card's last day passed with something left on it: written once, by the daily expiry worker, so the
 * books recognise what was left as income (breakage) on the day after its last day, and a replay of the
 * history recognises it on the same day.
 */
export type GiftCardExpired = {
  type: 'GiftCardExpired';
  data: {
    gift_card_id: string;
    code: string;
    /** what was left on it, no longer owed to anyone */
    remaining: number;
    expires_on: string;
    /** the first day it was no longer valid */
    business_date: string;
  };
};

export type GiftCardEvent = GiftCardIssued | GiftCardRedeemed | GiftCardExpired;

/** Giving a gift card free (with the right and the setting) to a customer. */
export const freeGiftCardInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    z.object({
      customer_id: withRule(z.string(), required, maxLength(60)),
      value: z.preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        withRule(z.string(), required, price({ countryId: context.countryId, max: 100_000_000 })),
      ),
      message: withRule(z.string(), maxLength(300)).optional(),
    }),
  ),
);
export type FreeGiftCardInput = z.infer<ReturnType<typeof freeGiftCardInput>>;

/** A gift card spent on an invoice: its code and how much of it. */
export const giftCardRedemptionInput = (context: { countryId: number }) =>
  z.object({
    code: withRule(z.string(), required, maxLength(20)),
    amount: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : v),
      withRule(z.string(), required, price({ countryId: context.countryId, max: 100_000_000 })),
    ),
  });
