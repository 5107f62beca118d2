import type { RegisterCustomerInput } from './customer-input';
import type { WhatsAppConsentChanged } from '../engagement/messaging';

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

/**
 * Registered from the salon's online pages with a mobile already on file under another name (family
 * numbers are shared in the Gulf): a customer of her own, which the front desk may merge into one of
 * `of` (the customers on file with that mobile) or dismiss.
 */
export type CustomerFlaggedAsLikelyDuplicate = {
  type: 'CustomerFlaggedAsLikelyDuplicate';
  data: { customer_id: string; of: string[]; reason: 'same_mobile' };
};
/** The front desk said she is not the same person as `of`: the pair is no longer a likely duplicate. */
export type LikelyDuplicateDismissed = {
  type: 'LikelyDuplicateDismissed';
  data: { customer_id: string; of: string };
};
/**
 * She was merged into another customer, the one kept: she leaves the lists, her id leads to the kept
 * customer wherever it is still used (a visit booked before, a card), her record stays readable.
 */
export type CustomerMerged = {
  type: 'CustomerMerged';
  data: { customer_id: string; into_customer_id: string; into_customer_name: string };
};
/**
 * A customer was merged into this one (`merged_ids`: her and those merged into her before): this
 * customer's history now includes theirs. What the merge moved by events of its own (the wallet's
 * balance, the loyalty points) is said here too, for the reader of the audit log.
 */
export type DuplicateCustomerMergedIn = {
  type: 'DuplicateCustomerMergedIn';
  data: {
    customer_id: string;
    merged_customer_id: string;
    merged_customer_name: string;
    merged_ids: string[];
    wallet_moved: number;
    loyalty_points_moved: number;
  };
};

export type CustomerEvent =
  | CustomerRegistered
  | CustomerDetailsChanged
  | CustomerDisabled
  | CustomerActivated
  | CustomerPenaltyRecorded
  | CustomerFlaggedAsLikelyDuplicate
  | LikelyDuplicateDismissed
  | CustomerMerged
  | DuplicateCustomerMergedIn
  /** "WhatsApp contact allowed" turned on or off by a reply (STOP, START), with when and how */
  | WhatsAppConsentChanged;
export const CUSTOMER_EVENT_TYPES = [
  'CustomerRegistered',
  'CustomerDetailsChanged',
  'CustomerDisabled',
  'CustomerActivated',
  'CustomerPenaltyRecorded',
  'CustomerFlaggedAsLikelyDuplicate',
  'LikelyDuplicateDismissed',
  'CustomerMerged',
  'DuplicateCustomerMergedIn',
  'WhatsAppConsentChanged',
] as const;

/** Stream category of customers: `customer-<tenantId>.<customerId>`. */
export const CUSTOMER_CATEGORY = 'customer';
