import {
  conflict,
  notFound,
  SUGGESTION_STATUSES,
  type DevelopmentSuggestionEvent,
  type SuggestionAnswerInput,
  type SuggestionInput,
  type SuggestionStatus,
} from '@rawnaq/contracts';

/** A salon's suggestion to the platform: sent once, then answered (and answered again) by the manager. */
export type SuggestionState =
  { exists: false } | { exists: true; status: SuggestionStatus; reply: string | null };
export const initialSuggestion: SuggestionState = { exists: false };

export const evolveSuggestion = (s: SuggestionState, e: DevelopmentSuggestionEvent): SuggestionState => {
  if (e.type === 'DevelopmentSuggestionSubmitted')
    return { exists: true, status: SUGGESTION_STATUSES.new, reply: null };
  if (!s.exists) return s;
  return { ...s, status: e.data.status, reply: e.data.reply };
};

export type SuggestionCommand =
  | { type: 'Submit'; id: string; input: SuggestionInput; userId: string; userName: string }
  | { type: 'Answer'; id: string; input: SuggestionAnswerInput };

export const decideSuggestion = (c: SuggestionCommand, s: SuggestionState): DevelopmentSuggestionEvent[] => {
  if (c.type === 'Submit') {
    if (s.exists) throw conflict('errors.already_exists');
    return [
      {
        type: 'DevelopmentSuggestionSubmitted',
        data: { suggestion_id: c.id, ...c.input, user_id: c.userId, user_name: c.userName },
      },
    ];
  }
  if (!s.exists) throw notFound('not_found.record');
  const reply = c.input.reply?.trim() ? c.input.reply.trim() : null;
  // the same answer again writes nothing (a double click, a retry)
  if (c.input.status === s.status && reply === s.reply) return [];
  return [
    {
      type: 'DevelopmentSuggestionAnswered',
      data: { suggestion_id: c.id, status: c.input.status, reply, previous_status: s.status },
    },
  ];
};
