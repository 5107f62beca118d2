import { DomainError, type ComplaintEvent } from '@rawnaq/contracts';
import { decideComplaint, evolveComplaint, initialComplaint, type ComplaintCommand } from './complaint';

const who = { complaintId: 'c1', at: '2026-12-01T10:00:00.000Z', byName: 'Sara' };
const open: ComplaintCommand = {
  type: 'Open',
  ...who,
  source: 'rating',
  description: 'Waited too long',
  customer_id: null,
  customer_name: null,
  rating: 1,
  business_date: '2026-12-01',
};
const given = (...commands: ComplaintCommand[]) =>
  commands.reduce(
    (s, c) => decideComplaint(c, s).reduce((x, e: ComplaintEvent) => evolveComplaint(x, e), s),
    initialComplaint,
  );
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('not refused');
};

describe('a complaint (issue 26)', () => {
  it('is opened once: opening it again (a retried rating) records nothing', () => {
    expect(decideComplaint(open, initialComplaint)).toEqual([
      {
        type: 'ComplaintOpened',
        data: {
          complaint_id: 'c1',
          at: who.at,
          by_name: 'Sara',
          source: 'rating',
          description: 'Waited too long',
          customer_id: null,
          customer_name: null,
          rating: 1,
          business_date: '2026-12-01',
        },
      },
    ]);
    expect(decideComplaint(open, given(open))).toEqual([]);
  });

  it('is taken up once while new, noted, then resolved with what was done, and stays resolved', () => {
    const state = given(open);
    expect(decideComplaint({ type: 'TakeUp', ...who, note: '  Called her  ' }, state)).toEqual([
      {
        type: 'ComplaintTakenUp',
        data: { complaint_id: 'c1', at: who.at, by_name: 'Sara', note: 'Called her' },
      },
    ]);
    const taken = given(open, { type: 'TakeUp', ...who });
    expect(taken).toEqual({ opened: true, state: 'in_progress' });
    expect(refusal(() => decideComplaint({ type: 'TakeUp', ...who }, taken)).message).toBe(
      'complaint.already_taken_up',
    );
    expect(decideComplaint({ type: 'Note', ...who, note: 'Offered a blow dry' }, taken)).toHaveLength(1);
    const resolved = given(open, { type: 'Resolve', ...who, note: 'She is happy' });
    expect(resolved).toEqual({ opened: true, state: 'resolved' });
    for (const c of [
      { type: 'Note', ...who, note: 'x' },
      { type: 'Resolve', ...who, note: 'x' },
      { type: 'TakeUp', ...who },
    ] as ComplaintCommand[])
      expect(refusal(() => decideComplaint(c, resolved)).message).toBe('complaint.already_resolved');
  });

  it('cannot be acted on before it exists (404)', () => {
    const e = refusal(() => decideComplaint({ type: 'Resolve', ...who, note: 'x' }, initialComplaint));
    expect(e.message).toBe('not_found.complaint');
    expect(e.status).toBe(404);
  });
});
