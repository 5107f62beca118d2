import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { streamName } from '../events/envelope';
import { maxLength } from '../validators/text';
import { withRule } from '../validators/zod';

/**
 * The manager's `check-entries/*` (doc1 manager area): what salons add to what the public sees —
 * products, product edits, images, service groups, services and descriptions — each checked by the
 * platform's team after the fact. Content is shown at once (a salon never waits for the platform);
 * a rejected entry that the salon's online pages show is withheld from them until the salon changes
 * it (the change is a new entry to check), and the owner is mailed the reason either way.
 */
export const CHECK_LISTS = [
  'added-products',
  'edited-products',
  'added-images',
  'added-groups',
  'added-services',
  'added-descriptions',
] as const;
export type CheckList = (typeof CHECK_LISTS)[number];

/** What an entry is about: the record and which part of it. */
export type CheckTargetKind = 'service' | 'group' | 'product' | 'offer' | 'package' | 'salon';
export type CheckAspect = 'item' | 'image' | 'description' | 'terms' | 'refund_policy' | 'logo';
export type CheckReview = 'pending' | 'approved' | 'rejected';

export const CONTENT_CHECK_CATEGORY = 'contentcheck';
export const contentCheckStream = (tenantId: string, entryId: string) =>
  streamName(CONTENT_CHECK_CATEGORY, tenantId, entryId);

/**
 * Whether rejecting this part of a record withholds it from the salon's online pages: services and
 * their groups and pictures, the descriptions of offers and packages, the terms and refund policy.
 * Products and the invoice logo are not on those pages: rejecting them asks the salon to correct them.
 */
export const shownOnline = (kind: CheckTargetKind, aspect: CheckAspect) =>
  kind === 'service' ||
  kind === 'group' ||
  ((kind === 'offer' || kind === 'package') && aspect === 'description') ||
  (kind === 'salon' && (aspect === 'terms' || aspect === 'refund_policy'));

/** The key of what a rejection withholds online: one per salon, record and part. */
export const contentHoldId = (tenantId: string, kind: CheckTargetKind, id: string, aspect: CheckAspect) =>
  `${tenantId}|${kind}|${id}|${aspect}`;

const ENTRY_NAMESPACE = '6f1c2a4e-3b7d-4c59-9a0e-52d1c8e7b0a4';
/** An entry's id: the same for the same event and list, so a rebuild gives every entry its id again. */
export const contentEntryId = (eventId: string, list: CheckList) =>
  uuidv5(`${eventId}|${list}`, ENTRY_NAMESPACE);

/** The manager's decision on an entry; a rejection says why, for the salon. */
export const contentCheckInput = z.preprocess(
  cleanPayload,
  z.object({
    decision: z.enum(['approved', 'rejected']),
    reason: withRule(z.string(), maxLength(500)).optional(),
  }),
);
export type ContentCheckInput = z.infer<typeof contentCheckInput>;

/** Many entries approved at once (the list's bulk action). */
export const contentChecksApproveInput = z.preprocess(
  cleanPayload,
  z.object({ ids: z.array(z.uuid()).min(1).max(100) }),
);

export type ContentCheckDecided = {
  type: 'ContentCheckDecided';
  data: {
    entry_id: string;
    check_list: CheckList;
    target_kind: CheckTargetKind;
    target_id: string;
    aspect: CheckAspect;
    decision: 'approved' | 'rejected';
    /** why it was rejected, for the salon (none for an approval) */
    rejection_reason: string | null;
    previous_review: CheckReview;
  };
};
export type ContentCheckEvent = ContentCheckDecided;
