import type { RegisterCustomerInput } from './customer-input';

/** What the salon knows about a customer; `mobile_key` is the normalised mobile used to find duplicates. */
export type CustomerDetails = RegisterCustomerInput & { mobile_key: string };

export type CustomerRegistered = {
  type: 'CustomerRegistered';
  data: { customer_id: string } & CustomerDetails;
};
/** Only the fields that changed: their new values (`null` = cleared) and what they were before. */
export type CustomerDetailsChanged = {
  type: 'CustomerDetailsChanged';
  data: {
    customer_id: string;
    changed: Partial<Record<keyof CustomerDetails, unknown>>;
    previous: Partial<Record<keyof CustomerDetails, unknown>>;
  };
};
export type CustomerDisabled = { type: 'CustomerDisabled'; data: { customer_id: string } };
export type CustomerActivated = { type: 'CustomerActivated'; data: { customer_id: string } };

/** A penalty on the customer's record (doc1 §3 customer penalties): 1 no-show, 2 others. */
export type CustomerPenaltyRecorded = {
  type: 'CustomerPenaltyRecorded';
  data: { customer_id: string; penalty_type: 1 | 2; appointment_id?: string; notes?: string };
};

export type CustomerEvent =
  | CustomerRegistered
  | CustomerDetailsChanged
  | CustomerDisabled
  | CustomerActivated
  | CustomerPenaltyRecorded;
export const CUSTOMER_EVENT_TYPES = [
  'CustomerRegistered',
  'CustomerDetailsChanged',
  'CustomerDisabled',
  'CustomerActivated',
  'CustomerPenaltyRecorded',
] as const;

/** Stream category of customers: `customer-<tenantId>.<customerId>`. */
export const CUSTOMER_CATEGORY = 'customer';
