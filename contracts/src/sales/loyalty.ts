import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { required } from '../validators/core';
import { integer } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { withRule } from '../validators/zod';

/** A customer's loyalty points: one stream per customer. */
export const LOYALTY_CATEGORY = 'loyalty';

/** The salon's loyalty rules as the till applies them (settings/invoice). */
export type LoyaltyRules = {
  enabled: boolean;
  /** points earned per whole currency unit paid */
  pointsPerUnit: number;
  /** what one point is worth, in minor units */
  pointValue: number;
  /** the fewest points converted into a voucher */
  minPoints: number;
};

/**
 * The points an amount earns: whole currency units times the rate, rounded down (a customer never
 * earns a fraction of a point, and 9.99 is 9 units). `amount` in minor units of a currency with
 * `decimals` decimals.
 */
export const pointsFor = (amount: number, decimals: number, pointsPerUnit: number): number =>
  amount <= 0 ? 0 : Math.floor(amount / 10 ** decimals) * pointsPerUnit;

export type LoyaltyEvent =
  | {
      type: 'LoyaltyPointsEarned';
      data: {
        customer_id: string;
        points: number;
        invoice_id: string;
        invoice_number: number;
        balance: number;
      };
    }
  | {
      type: 'LoyaltyPointsReversed';
      data: {
        customer_id: string;
        points: number;
        credit_note_id: string;
        credit_note_number: number;
        balance: number;
      };
    }
  | {
      /** the points an invoice earned, taken back when it is cancelled (never below zero) */
      type: 'LoyaltyPointsCancelled';
      data: {
        customer_id: string;
        points: number;
        invoice_id: string;
        invoice_number: number;
        balance: number;
      };
    }
  | {
      type: 'LoyaltyPointsRedeemed';
      data: {
        customer_id: string;
        points: number;
        gift_card_id: string;
        code: string;
        value: number;
        balance: number;
      };
    }
  | { type: 'LoyaltyPointsReset'; data: { customer_id: string; points: number; reason: string; balance: 0 } }
  | {
      /** all her points, moved to the customer she was merged into (issue 24) */
      type: 'LoyaltyPointsMovedOut';
      data: { customer_id: string; to_customer_id: string; points: number; balance: 0 };
    }
  | {
      /**
       * the points of a customer merged into this one, with what each of her invoices earned (a later
       * cancelling of one of them takes its points back here)
       */
      type: 'LoyaltyPointsMovedIn';
      data: {
        customer_id: string;
        from_customer_id: string;
        points: number;
        earned_on: Record<string, number>;
        balance: number;
      };
    };

export const LOYALTY_EVENT_TYPES = [
  'LoyaltyPointsEarned',
  'LoyaltyPointsReversed',
  'LoyaltyPointsCancelled',
  'LoyaltyPointsRedeemed',
  'LoyaltyPointsReset',
  'LoyaltyPointsMovedOut',
  'LoyaltyPointsMovedIn',
] as const;

const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);

/** Points converted into a loyalty voucher (a gift card of type 1 for the customer). */
export const redeemPointsInput = z.preprocess(
  cleanPayload,
  z.object({ points: numberText(withRule(z.string(), required, integer({ min: 1, max: 100_000_000 }))) }),
);

/** An administrator's reset of a customer's points, with why. */
export const resetPointsInput = z.preprocess(
  cleanPayload,
  z.object({ reason: withRule(z.string(), required, maxLength(300)) }),
);

/** The rules as the invoice settings keep them (text, as typed), with the defaults for a salon that never saved them. */
export const loyaltyRulesOf = (
  invoice: Record<string, unknown>,
  toMinorUnits: (text: string) => number,
): LoyaltyRules => ({
  enabled: invoice.loyalty_enabled === true,
  pointsPerUnit: Number(invoice.loyalty_points_per_unit ?? 1) || 1,
  pointValue: toMinorUnits(String(invoice.loyalty_point_value ?? '0.05')),
  minPoints: Number(invoice.loyalty_min_points ?? 100) || 100,
});
