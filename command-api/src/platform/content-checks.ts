import {
  rejected,
  type CheckAspect,
  type CheckList,
  type CheckReview,
  type CheckTargetKind,
  type ContentCheckEvent,
  type ContentCheckInput,
} from '@rawnaq/contracts';

/** A salon's entry in a check list, as the platform's team last decided on it. */
export type ContentCheckState = { review: CheckReview; reason: string | null };
export const initialContentCheck: ContentCheckState = { review: 'pending', reason: null };

export const evolveContentCheck = (_: ContentCheckState, e: ContentCheckEvent): ContentCheckState => ({
  review: e.data.decision,
  reason: e.data.rejection_reason,
});

/** What the entry is (from the check list's read model): its list and the record it is about. */
export type CheckEntry = {
  id: string;
  list: CheckList;
  target_kind: CheckTargetKind;
  target_id: string;
  aspect: CheckAspect;
};

/**
 * The manager approves an entry or rejects it with a reason for the salon. Either may follow the
 * other (a rejection found late, a rejection taken back); the same decision again writes nothing.
 */
export const decideContentCheck = (
  entry: CheckEntry,
  input: ContentCheckInput,
  s: ContentCheckState,
): ContentCheckEvent[] => {
  const reason = input.decision === 'rejected' ? (input.reason?.trim() ?? '') : '';
  if (input.decision === 'rejected' && reason.length < 3) throw rejected('validation.is_required', 'reason');
  if (s.review === input.decision && (input.decision === 'approved' || s.reason === reason)) return [];
  return [
    {
      type: 'ContentCheckDecided',
      data: {
        entry_id: entry.id,
        check_list: entry.list,
        target_kind: entry.target_kind,
        target_id: entry.target_id,
        aspect: entry.aspect,
        decision: input.decision,
        rejection_reason: input.decision === 'rejected' ? reason : null,
        previous_review: s.review,
      },
    },
  ];
};
