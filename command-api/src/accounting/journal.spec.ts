import { DomainError, type GeneralJournalEvent } from '@rawnaq/contracts';
import {
  decideJournal,
  evolveJournal,
  initialJournal,
  type JournalCommand,
  type JournalState,
} from './journal';

const given = (events: GeneralJournalEvent[]): JournalState => events.reduce(evolveJournal, initialJournal);
const post = (difference = 0): JournalCommand => ({
  type: 'Post',
  journalId: 'j1',
  number: 3,
  date: '2026-11-20',
  memo: 'Rent',
  lines: [
    { account: '6102', debit: 500000, credit: 0 },
    { account: '1104', debit: 0, credit: 500000 - difference },
  ],
  difference,
  differenceText: `SAR ${(difference / 100).toFixed(2)}`,
  by: 'u1',
});
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('not refused');
};

describe('a general journal: posted balanced, corrected only by reversing it', () => {
  it('given nothing, when a balanced journal is posted, then it is posted with its total', () => {
    const [event] = decideJournal(post(), initialJournal);
    expect(event).toMatchObject({ type: 'GeneralJournalPosted', data: { number: 3, total: 500000 } });
  });

  it('given nothing, when debits and credits differ, then it is refused on its lines, naming the difference', () => {
    const error = refusal(() => decideJournal(post(1250), initialJournal));
    expect(error).toMatchObject({
      key: 'accounting.journal_unbalanced',
      status: 422,
      errors: { lines: 'accounting.journal_unbalanced' },
      params: { difference: 'SAR 12.50' },
    });
  });

  it('given a posted journal, when it is reversed, then its lines are turned round on the reversal date; a second reversal is refused', () => {
    const posted = given(decideJournal(post(), initialJournal));
    const [reversed] = decideJournal(
      { type: 'Reverse', journalId: 'j1', date: '2026-11-21', reason: 'Wrong month', by: 'u1' },
      posted,
    );
    expect(reversed).toMatchObject({
      type: 'GeneralJournalReversed',
      data: {
        date: '2026-11-21',
        lines: [
          { account: '6102', debit: 0, credit: 500000 },
          { account: '1104', debit: 500000, credit: 0 },
        ],
      },
    });
    const again = refusal(() =>
      decideJournal(
        { type: 'Reverse', journalId: 'j1', date: '2026-11-22', reason: 'x', by: 'u1' },
        given([...decideJournal(post(), initialJournal), reversed]),
      ),
    );
    expect(again).toMatchObject({ key: 'accounting.journal_already_reversed', status: 409 });
  });

  it('refuses reversing a journal not posted, or dated before it', () => {
    expect(
      refusal(() =>
        decideJournal(
          { type: 'Reverse', journalId: 'x', date: '2026-11-21', reason: 'r', by: 'u' },
          initialJournal,
        ),
      ),
    ).toMatchObject({ status: 404 });
    const posted = given(decideJournal(post(), initialJournal));
    expect(
      refusal(() =>
        decideJournal({ type: 'Reverse', journalId: 'j1', date: '2026-11-19', reason: 'r', by: 'u' }, posted),
      ),
    ).toMatchObject({
      key: 'accounting.reversal_before_journal',
      errors: { date: 'accounting.reversal_before_journal' },
    });
  });
});
