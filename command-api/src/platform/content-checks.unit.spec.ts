import type { ContentCheckEvent } from '@rawnaq/contracts';
import {
  decideContentCheck,
  evolveContentCheck,
  initialContentCheck,
  type CheckEntry,
  type ContentCheckState,
} from './content-checks';

const entry: CheckEntry = {
  id: '0193a000-0000-7000-8000-0000000000c1',
  list: 'added-services',
  target_kind: 'service',
  target_id: '0193a000-0000-7000-8000-0000000000d1',
  aspect: 'item',
};
const given = (...events: ContentCheckEvent[]): ContentCheckState =>
  events.reduce(evolveContentCheck, initialContentCheck);
const decided = (
  decision: 'approved' | 'rejected',
  reason: string | null,
  previous: ContentCheckState['review'],
): ContentCheckEvent => ({
  type: 'ContentCheckDecided',
  data: {
    entry_id: entry.id,
    check_list: entry.list,
    target_kind: 'service',
    target_id: entry.target_id,
    aspect: 'item',
    decision,
    rejection_reason: reason,
    previous_review: previous,
  },
});

describe("the platform's check of what a salon added", () => {
  it('is approved once: approving again writes nothing', () => {
    const events = decideContentCheck(entry, { decision: 'approved' }, initialContentCheck);
    expect(events).toEqual([decided('approved', null, 'pending')]);
    expect(given(...events)).toEqual({ review: 'approved', reason: null });
    expect(decideContentCheck(entry, { decision: 'approved' }, given(...events))).toEqual([]);
  });

  it('is rejected only with a reason of a few letters, trimmed, for the salon', () => {
    for (const reason of [undefined, '', '  ', 'no'])
      expect(() => decideContentCheck(entry, { decision: 'rejected', reason }, initialContentCheck)).toThrow(
        expect.objectContaining({ message: 'validation.is_required' }),
      );
    const events = decideContentCheck(
      entry,
      { decision: 'rejected', reason: '  A competitor’s brand name  ' },
      initialContentCheck,
    );
    expect(events).toEqual([decided('rejected', 'A competitor’s brand name', 'pending')]);
  });

  it('can be rejected after an approval, and approved again after a rejection', () => {
    const approved = decided('approved', null, 'pending');
    const late = decideContentCheck(
      entry,
      { decision: 'rejected', reason: 'Misleading name' },
      given(approved),
    );
    expect(late).toEqual([decided('rejected', 'Misleading name', 'approved')]);
    // the same rejection again (a double click) writes nothing; a new reason is a new decision
    expect(
      decideContentCheck(
        entry,
        { decision: 'rejected', reason: 'Misleading name' },
        given(approved, ...late),
      ),
    ).toEqual([]);
    expect(
      decideContentCheck(entry, { decision: 'rejected', reason: 'Wrong price' }, given(approved, ...late)),
    ).toEqual([decided('rejected', 'Wrong price', 'rejected')]);
    const back = decideContentCheck(
      entry,
      { decision: 'approved', reason: 'ignored' },
      given(approved, ...late),
    );
    expect(back).toEqual([decided('approved', null, 'rejected')]);
  });
});
