import { DomainError, type InvoiceRated } from '@rawnaq/contracts';
import { decideRating, evolveSurvey, initialSurveyState, PublicRateLimit } from './surveys.commands';

const rate = {
  invoiceId: 'i1',
  invoiceNumber: 7,
  rating: 4,
  comment: '  Lovely  ',
  at: '2026-11-25T10:00:00.000Z',
};
const rated: InvoiceRated = {
  type: 'InvoiceRated',
  data: {
    invoice_id: 'i1',
    invoice_number: 7,
    rating: 4,
    comment: 'Lovely',
    rated_at: '2026-11-25T10:00:00.000Z',
  },
};
const given = (...events: InvoiceRated[]) => events.reduce(evolveSurvey, initialSurveyState);

describe('the e-survey (once per invoice)', () => {
  it('records a rating with its comment, trimmed', () =>
    expect(decideRating(rate, given())).toEqual([rated]));

  it('leaves out an empty comment', () =>
    expect(decideRating({ ...rate, comment: '   ' }, given())[0].data).not.toHaveProperty('comment'));

  it('refuses a second rating (409)', () => {
    expect(() => decideRating(rate, given(rated))).toThrow(DomainError);
    expect(() => decideRating(rate, given(rated))).toThrow(
      expect.objectContaining({ key: 'survey.already_rated', status: 409 }),
    );
  });
});

describe('the limit on a public write', () => {
  it('lets a few requests a minute through per address, then answers 429 until the minute has passed', () => {
    const limit = new PublicRateLimit(3, 60_000);
    for (const t of [0, 1, 2]) limit.check('1.2.3.4', t);
    expect(() => limit.check('1.2.3.4', 3)).toThrow(expect.objectContaining({ status: 429 }));
    limit.check('5.6.7.8', 3);
    limit.check('1.2.3.4', 60_001);
  });
});
