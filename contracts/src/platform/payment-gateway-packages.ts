import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { PLATFORM_TENANT } from '../identity/events';
import { required } from '../validators/core';
import { integer } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { withRule } from '../validators/zod';
import { streamName } from '../events/envelope';

/**
 * The platform's payment gateway packages (doc1 §2 `platform-setting/payment-gateway-packages`): what
 * a salon subscribes to for its online payments — a monthly price and the platform's fee on each
 * successful transaction (doc2 §9: 1 AED unless a package says otherwise), both in AED fils. A salon's
 * package (doc1 §3, 0 cancelled / 1 active) names one of them; a package withdrawn (status 0) is
 * offered to no new salon and keeps its fee for the salons already on it.
 */
export const PAYMENT_GATEWAY_PACKAGE_CATEGORY = 'paymentgatewaypackage';
export const paymentGatewayPackageStream = (id: string) =>
  streamName(PAYMENT_GATEWAY_PACKAGE_CATEGORY, PLATFORM_TENANT, id);

export type PaymentGatewayPackage = {
  package_id: string;
  name_en: string;
  name_ar: string;
  /** AED fils a month */
  monthly_fee_fils: number;
  /** AED fils on each successful gateway transaction */
  transaction_fee_fils: number;
  /** 1 offered, 0 withdrawn */
  status: 0 | 1;
};

export type PaymentGatewayPackageDefined = {
  type: 'PaymentGatewayPackageDefined';
  data: PaymentGatewayPackage;
};
export type PaymentGatewayPackageChanged = {
  type: 'PaymentGatewayPackageChanged';
  data: Partial<Omit<PaymentGatewayPackage, 'package_id'>> & {
    package_id: string;
    previous: Partial<Omit<PaymentGatewayPackage, 'package_id'>>;
  };
};
export type PaymentGatewayPackageEvent = PaymentGatewayPackageDefined | PaymentGatewayPackageChanged;

const fils = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    withRule(z.string(), required, integer({ min: 0, max })).transform(Number),
  );
const name = withRule(z.string(), required, maxLength(60));

/** A package as the manager types it (fees in fils: 100 is 1 AED). */
export const paymentGatewayPackageInput = z.preprocess(
  cleanPayload,
  z.object({
    name_en: name,
    name_ar: name,
    monthly_fee_fils: fils(10_000_000),
    transaction_fee_fils: fils(100_000),
    status: z.preprocess(
      (v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v === true ? 1 : v === false ? 0 : v),
      z.union([z.literal(0), z.literal(1)]),
    ),
  }),
);
export type PaymentGatewayPackageInput = z.infer<typeof paymentGatewayPackageInput>;
