import {
  conflict,
  DomainError,
  notFound,
  type GeneralJournalEvent,
  type JournalLine,
} from '@rawnaq/contracts';

/** A general journal as its stream leaves it. */
export type JournalState =
  { posted: false } | { posted: true; number: number; date: string; lines: JournalLine[]; reversed: boolean };

export const initialJournal: JournalState = { posted: false };

export const evolveJournal = (state: JournalState, event: GeneralJournalEvent): JournalState => {
  if (event.type === 'GeneralJournalPosted')
    return {
      posted: true,
      number: event.data.number,
      date: event.data.date,
      lines: event.data.lines,
      reversed: false,
    };
  return state.posted ? { ...state, reversed: true } : state;
};

export type JournalCommand =
  | {
      type: 'Post';
      journalId: string;
      number: number;
      date: string;
      memo: string;
      lines: JournalLine[];
      difference: number;
      differenceText: string;
      by: string;
    }
  | { type: 'Reverse'; journalId: string; date: string; reason: string; by: string };

/**
 * Posting: debits equal credits (the difference named on `lines`), once. Reversing: a posted journal,
 * once, dated on or after it; its lines turned round.
 */
export const decideJournal = (command: JournalCommand, state: JournalState): GeneralJournalEvent[] => {
  if (command.type === 'Post') {
    if (state.posted) throw conflict('errors.already_exists');
    if (command.difference !== 0)
      throw new DomainError(
        'accounting.journal_unbalanced',
        422,
        { lines: 'accounting.journal_unbalanced' },
        { difference: command.differenceText },
      );
    return [
      {
        type: 'GeneralJournalPosted',
        data: {
          journal_id: command.journalId,
          number: command.number,
          date: command.date,
          memo: command.memo,
          lines: command.lines,
          total: command.lines.reduce((s, l) => s + l.debit, 0),
          posted_by: command.by,
        },
      },
    ];
  }
  if (!state.posted) throw notFound('accounting.journal_not_found');
  if (state.reversed) throw conflict('accounting.journal_already_reversed');
  if (command.date < state.date)
    throw new DomainError('accounting.reversal_before_journal', 422, {
      date: 'accounting.reversal_before_journal',
    });
  return [
    {
      type: 'GeneralJournalReversed',
      data: {
        journal_id: command.journalId,
        number: state.number,
        date: command.date,
        reason: command.reason,
        lines: state.lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit })),
        reversed_by: command.by,
      },
    },
  ];
};
