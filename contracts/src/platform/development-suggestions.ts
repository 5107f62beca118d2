import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { streamName } from '../events/envelope';
import { required } from '../validators/core';
import { maxLength } from '../validators/text';
import { withRule } from '../validators/zod';

/**
 * A salon's suggestion to the platform (doc1 manager `technical/development-suggestions`): sent from
 * the salon's back office, answered by the platform's manager with a status and a reply the salon
 * reads. Statuses are doc1's: 0 rejected, 1 new, 2 under processing, 3 done.
 */
export const SUGGESTION_STATUSES = { rejected: 0, new: 1, under_processing: 2, done: 3 } as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[keyof typeof SUGGESTION_STATUSES];
export const SUGGESTION_CATEGORY = 'suggestion';
export const suggestionStream = (tenantId: string, id: string) =>
  streamName(SUGGESTION_CATEGORY, tenantId, id);

const code = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), schema);

/** What a salon's user writes. */
export const suggestionInput = z.preprocess(
  cleanPayload,
  z.object({
    title: withRule(z.string(), required, maxLength(150)),
    details: withRule(z.string(), required, maxLength(3000)),
  }),
);
export type SuggestionInput = z.infer<typeof suggestionInput>;

/** The manager's answer: where it stands (not back to new) and, optionally, a word to the salon. */
export const suggestionAnswerInput = z.preprocess(
  cleanPayload,
  z.object({
    status: code(z.union([z.literal(0), z.literal(2), z.literal(3)])),
    reply: withRule(z.string(), maxLength(2000)).optional(),
  }),
);
export type SuggestionAnswerInput = z.infer<typeof suggestionAnswerInput>;

export type DevelopmentSuggestionSubmitted = {
  type: 'DevelopmentSuggestionSubmitted';
  data: { suggestion_id: string; title: string; details: string; user_id: string; user_name: string };
};
export type DevelopmentSuggestionAnswered = {
  type: 'DevelopmentSuggestionAnswered';
  data: {
    suggestion_id: string;
    status: SuggestionStatus;
    reply: string | null;
    previous_status: SuggestionStatus;
  };
};
export type DevelopmentSuggestionEvent = DevelopmentSuggestionSubmitted | DevelopmentSuggestionAnswered;
