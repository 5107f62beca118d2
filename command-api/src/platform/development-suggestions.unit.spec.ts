import type { DevelopmentSuggestionEvent } from '@rawnaq/contracts';
import {
  decideSuggestion,
  evolveSuggestion,
  initialSuggestion,
  type SuggestionState,
} from './development-suggestions';

const id = '0193a000-0000-7000-8000-0000000000f1';
const given = (...events: DevelopmentSuggestionEvent[]): SuggestionState =>
  events.reduce(evolveSuggestion, initialSuggestion);
const submitted: DevelopmentSuggestionEvent = {
  type: 'DevelopmentSuggestionSubmitted',
  data: { suggestion_id: id, title: 'Dark mode', details: 'Please', user_id: 'u-1', user_name: 'Owner' },
};

describe("a salon's development suggestion", () => {
  it('is sent once, new, by the user who wrote it', () => {
    const events = decideSuggestion(
      {
        type: 'Submit',
        id,
        input: { title: 'Dark mode', details: 'Please' },
        userId: 'u-1',
        userName: 'Owner',
      },
      initialSuggestion,
    );
    expect(events).toEqual([submitted]);
    expect(given(...events)).toEqual({ exists: true, status: 1, reply: null });
    expect(() =>
      decideSuggestion(
        { type: 'Submit', id, input: { title: 'x', details: 'y' }, userId: 'u-1', userName: 'Owner' },
        given(submitted),
      ),
    ).toThrow(expect.objectContaining({ message: 'errors.already_exists' }));
  });

  it('is answered with a status and a reply, and answered again', () => {
    const first = decideSuggestion(
      { type: 'Answer', id, input: { status: 2, reply: ' Planned for spring ' } },
      given(submitted),
    );
    expect(first).toEqual([
      {
        type: 'DevelopmentSuggestionAnswered',
        data: { suggestion_id: id, status: 2, reply: 'Planned for spring', previous_status: 1 },
      },
    ]);
    const done = decideSuggestion({ type: 'Answer', id, input: { status: 3 } }, given(submitted, ...first));
    expect(done[0].data).toMatchObject({ status: 3, reply: null, previous_status: 2 });
  });

  it('writes nothing for the same answer again, and refuses one that does not exist', () => {
    const answered = given(submitted, {
      type: 'DevelopmentSuggestionAnswered',
      data: { suggestion_id: id, status: 0, reply: 'Not for us', previous_status: 1 },
    });
    expect(
      decideSuggestion({ type: 'Answer', id, input: { status: 0, reply: 'Not for us' } }, answered),
    ).toEqual([]);
    expect(() => decideSuggestion({ type: 'Answer', id, input: { status: 3 } }, initialSuggestion)).toThrow(
      expect.objectContaining({ message: 'not_found.record', status: 404 }),
    );
  });
});
