import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { required } from '../validators/core';
import { date } from '../validators/dates';
import { integer, price } from '../validators/numbers';
import { maxLength, serviceName } from '../validators/text';
import { withRule } from '../validators/zod';

const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);
const code = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), schema);

/**
 * An offer (spec doc1 §3 Offer): a set of services at a price below their total. Fixed: the customer
 * gets all of them (use type 1); variable: the customer picks up to `max_services_to_use` of them
 * (use type 2), so that number must be less than the number of services.
 */
export const offerInput = (context: { countryId: number }) =>
  z.preprocess(
    cleanPayload,
    z.object({
      name_en: withRule(z.string(), required, serviceName, maxLength(100)),
      name_ar: withRule(z.string(), required, serviceName, maxLength(100)),
      type: z.enum(['fixed', 'variable']),
      use_type: code(z.union([z.literal(1), z.literal(2)])),
      service_ids: z.array(z.string()).min(1),
      max_services_to_use: numberText(withRule(z.string(), integer({ min: 1, max: 100 }))).optional(),
      price: numberText(withRule(z.string(), required, price({ countryId: context.countryId }))),
      expiry_date: withRule(z.string(), required, date),
      description_en: withRule(z.string(), maxLength(1000)).optional(),
      description_ar: withRule(z.string(), maxLength(1000)).optional(),
    }),
  );
export type OfferInput = z.infer<ReturnType<typeof offerInput>>;

export const renewOfferInput = z.preprocess(
  cleanPayload,
  z.object({ expiry_date: withRule(z.string(), required, date) }),
);

/** A package: sessions of services sold together, used within a number of days. */
export const packageInput = (context: { countryId: number }) =>
  z.preprocess(
    cleanPayload,
    z.object({
      name_en: withRule(z.string(), required, serviceName, maxLength(100)),
      name_ar: withRule(z.string(), required, serviceName, maxLength(100)),
      items: z
        .array(
          z.object({
            service_id: z.string(),
            sessions: numberText(withRule(z.string(), required, integer({ min: 1, max: 100 }))),
          }),
        )
        .min(1),
      price: numberText(withRule(z.string(), required, price({ countryId: context.countryId }))),
      validity_days: numberText(withRule(z.string(), required, integer({ min: 1, max: 730 }))),
      description_en: withRule(z.string(), maxLength(1000)).optional(),
      description_ar: withRule(z.string(), maxLength(1000)).optional(),
    }),
  );

export type OfferDetails = {
  name_en: string;
  name_ar: string;
  type: 'fixed' | 'variable';
  use_type: 1 | 2;
  service_ids: string[];
  max_services_to_use?: number;
  price: number;
  items_total: number;
  expiry_date: string;
  description_en?: string;
  description_ar?: string;
};
export type OfferStatus = 'active' | 'paused' | 'disabled' | 'removed';
export type OfferEvent =
  | { type: 'OfferCreated'; data: { offer_id: string } & OfferDetails }
  | {
      type: 'OfferChanged';
      data: { offer_id: string; changed: Record<string, unknown>; previous: Record<string, unknown> };
    }
  | { type: 'OfferPaused' | 'OfferResumed' | 'OfferDisabled' | 'OfferRemoved'; data: { offer_id: string } }
  | { type: 'OfferRenewed'; data: { offer_id: string; expiry_date: string; previous_expiry_date: string } };

export type PackageDetails = {
  name_en: string;
  name_ar: string;
  items: Array<{ service_id: string; sessions: number }>;
  price: number;
  items_total: number;
  validity_days: number;
  description_en?: string;
  description_ar?: string;
};
export type PackageEvent =
  | { type: 'PackageCreated'; data: { package_id: string } & PackageDetails }
  | {
      type: 'PackageChanged';
      data: { package_id: string; changed: Record<string, unknown>; previous: Record<string, unknown> };
    }
  | {
      type: 'PackagePaused' | 'PackageResumed' | 'PackageDisabled' | 'PackageRemoved';
      data: { package_id: string };
    };
