import {
  conflict,
  DEFAULT_CANCELLATION_REASONS,
  notFound,
  type CancellationReasonEvent,
  type CancellationReasonInput,
} from '@rawnaq/contracts';

/** The reasons a salon offers when a visit is cancelled (one stream per salon). */
export type ReasonsState = Map<string, { name_en: string; name_ar: string }>;

export const initialReasons = (): ReasonsState => new Map();

export const evolveReasons = (state: ReasonsState, event: CancellationReasonEvent): ReasonsState => {
  const next = new Map(state);
  switch (event.type) {
    case 'CancellationReasonAdded':
    case 'CancellationReasonChanged':
      next.set(event.data.reason_id, { name_en: event.data.name_en, name_ar: event.data.name_ar });
      return next;
    case 'CancellationReasonRemoved':
      next.delete(event.data.reason_id);
      return next;
  }
};

export type ReasonsCommand =
  | { type: 'Add'; reasonId: string; names: CancellationReasonInput }
  | { type: 'Change'; reasonId: string; names: CancellationReasonInput }
  | { type: 'Remove'; reasonId: string };

const sameName = (state: ReasonsState, names: CancellationReasonInput, except?: string) =>
  [...state.entries()].some(
    ([id, r]) =>
      id !== except &&
      (r.name_en.toLowerCase() === names.name_en.toLowerCase() || r.name_ar === names.name_ar),
  );

/** Names are unique in the salon (doc2 §5.5 "duplicates are rejected: names"); removing keeps history. */
export const decideReasons = (command: ReasonsCommand, state: ReasonsState): CancellationReasonEvent[] => {
  switch (command.type) {
    case 'Add':
      if (state.has(command.reasonId)) return [];
      if (sameName(state, command.names)) throw conflict('appointments.duplicate_reason', 'name_en');
      return [{ type: 'CancellationReasonAdded', data: { reason_id: command.reasonId, ...command.names } }];
    case 'Change': {
      const current = state.get(command.reasonId);
      if (!current) throw notFound('not_found.cancellation_reason');
      if (sameName(state, command.names, command.reasonId))
        throw conflict('appointments.duplicate_reason', 'name_en');
      if (current.name_en === command.names.name_en && current.name_ar === command.names.name_ar) return [];
      return [{ type: 'CancellationReasonChanged', data: { reason_id: command.reasonId, ...command.names } }];
    }
    case 'Remove':
      if (!state.has(command.reasonId)) throw notFound('not_found.cancellation_reason');
      return [{ type: 'CancellationReasonRemoved', data: { reason_id: command.reasonId } }];
  }
};

/** A new salon's reasons, as events of its opening. */
export const defaultReasonEvents = (idOf: (i: number) => string): CancellationReasonEvent[] =>
  DEFAULT_CANCELLATION_REASONS.map((r, i) => ({
    type: 'CancellationReasonAdded',
    data: { reason_id: idOf(i), name_en: r.name_en, name_ar: r.name_ar },
  }));
