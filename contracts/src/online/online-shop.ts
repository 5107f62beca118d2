import { z } from 'zod';
import { LocaleSchema } from '../coded-values/locale';
import { cleanPayload, customerFieldShapes } from '../customers/customer-input';
import { isEmpty, issue, required } from '../validators/core';
import { price } from '../validators/numbers';
import { email, maxLength } from '../validators/text';
import { perCountry, withFieldRule, withRule } from '../validators/zod';

/**
 * The gift cards a salon sells online, in the currency's major units (decimal text), until the salon
 * sets its own limits: no card below the smallest nor above the largest, and the values offered first.
 */
export const ONLINE_GIFT_CARD_DEFAULTS = { min: '50', max: '5000', presets: ['100', '200', '500'] } as const;

/** A customer's details as the online pages ask for them: her name, her mobile, her e-mail if the salon wants it. */
const withEmailRule = <T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  field: string,
  requireEmail: boolean,
): T =>
  withFieldRule(schema, field, () => (v) => (requireEmail && isEmpty(v) ? issue('is_required') : undefined));

/**
 * An offer or a package bought on the salon's `offers` page (doc1 §1): which one, and who buys it. She
 * is recognised by her mobile (the salon's customer with that number), never registered twice.
 */
export const onlineOfferPurchaseInput = perCountry((context) => {
  const customer = customerFieldShapes(context);
  const schema = (requireEmail: boolean) =>
    z.preprocess(
      cleanPayload,
      withEmailRule(
        z.object({
          kind: z.enum(['offer', 'package']),
          item_id: withRule(z.string(), required, maxLength(60)),
          name: customer.name,
          mobile: customer.mobile,
          email: withRule(z.string(), email, maxLength(100)).optional(),
          language: LocaleSchema.optional(),
        }),
        'email',
        requireEmail,
      ),
    );
  return { emailOptional: schema(false), emailRequired: schema(true) };
});
export type OnlineOfferPurchaseInput = z.infer<ReturnType<typeof onlineOfferPurchaseInput>['emailOptional']>;

/**
 * A gift card bought on the salon's `buy-gift-card` page (doc1 §1): its value within the salon's
 * limits, who it is for, who pays for it, and a message for her.
 */
export const onlineGiftCardPurchaseInput = perCountry((context) => {
  const customer = customerFieldShapes(context);
  const schema = (requireEmail: boolean, limits: { min: number; max: number }) =>
    z.preprocess(
      cleanPayload,
      withEmailRule(
        z.object({
          value: z.preprocess(
            (v) => (typeof v === 'number' ? String(v) : v),
            withRule(z.string(), required, price({ countryId: context.countryId, ...limits })),
          ),
          beneficiary_name: customer.name,
          beneficiary_mobile: customer.mobile,
          buyer_name: customer.name,
          buyer_mobile: customer.mobile,
          buyer_email: withRule(z.string(), email, maxLength(100)).optional(),
          message: withRule(z.string(), maxLength(300)).optional(),
          language: LocaleSchema.optional(),
        }),
        'buyer_email',
        requireEmail,
      ),
    );
  return schema;
});
export type OnlineGiftCardPurchaseInput = z.infer<ReturnType<ReturnType<typeof onlineGiftCardPurchaseInput>>>;

/** Who a purchase online is for, as she typed herself (registered, or found by mobile, once paid). */
export type OnlineBuyer = { name: string; mobile: string; email?: string };

/** What a gateway payment of type 2 or 3 buys, kept on the payment until it is paid. */
export type OnlinePurchase =
  | {
      kind: 'offer';
      /** an offer or a package of the salon's menu */
      offer_kind: 'offer' | 'package';
      item_id: string;
      name_en: string;
      name_ar: string;
      buyer: OnlineBuyer;
    }
  | {
      kind: 'gift_card';
      /** the card's value, minor units (what she pays: a card carries no VAT until spent) */
      value: number;
      beneficiary: OnlineBuyer;
      buyer: OnlineBuyer;
      message?: string;
    };

/**
 * A paid purchase the till refused to sell when its payment came in (the offer paused meanwhile, the
 * gift card's value no longer allowed): the money is taken and nothing handed over, so the salon sees
 * it in its online payments with the reason, and delivers it once the cause is gone or gives the money
 * back. Recorded once per reason.
 */
export type GatewayPurchaseNotDelivered = {
  type: 'GatewayPurchaseNotDelivered';
  data: {
    payment_id: string;
    /** the till's refusal (a message key, with its parameters) */
    refusal: string;
    refusal_params?: Record<string, string | number>;
  };
};

/**
 * What a paid purchase online became: the till's sale of it (an issued invoice, paid online), and the
 * gift card or the offer it opened, with the customer's page of it.
 */
export type GatewayPurchaseDelivered = {
  type: 'GatewayPurchaseDelivered';
  data: {
    payment_id: string;
    kind: OnlinePurchase['kind'];
    invoice_id: string;
    invoice_number: number;
    customer_id: string;
    /** the gift card's code (type 2) */
    gift_card_id?: string;
    /** the customer's offer or package (type 3) */
    customer_offer_id?: string;
    /** the link of the `e-gift-card` or `e-offer` page */
    document_unique_id: string;
  };
};
