import type { WebsiteSettingsChanged } from '@rawnaq/contracts';
import {
  decideContactMessage,
  decideWebsite,
  evolveWebsite,
  initialWebsite,
  type WebsiteCommand,
} from './website';

const given = (...events: WebsiteSettingsChanged[]) => ({
  when: (c: WebsiteCommand) => ({
    then: (expected: WebsiteSettingsChanged[]) =>
      expect(decideWebsite(c, events.reduce(evolveWebsite, initialWebsite))).toEqual(expected),
  }),
});

const heroChanged: WebsiteSettingsChanged = {
  type: 'WebsiteSettingsChanged',
  data: {
    section: 'texts',
    changed: { hero_title_en: 'Run your salon', hero_title_ar: 'أديري صالونك' },
    previous: { hero_title_en: null, hero_title_ar: null },
  },
};

describe('the website settings', () => {
  it('records what a section changes, with its old value', () =>
    given()
      .when({
        type: 'ChangeSection',
        section: 'texts',
        input: { hero_title_en: 'Run your salon', hero_title_ar: 'أديري صالونك' },
      })
      .then([heroChanged]));

  it('writes nothing when a section is saved as it is', () =>
    given(heroChanged)
      .when({
        type: 'ChangeSection',
        section: 'texts',
        input: { hero_title_en: 'Run your salon', hero_title_ar: 'أديري صالونك' },
      })
      .then([]));

  it('clears a key left out of the section saved', () =>
    given(heroChanged)
      .when({ type: 'ChangeSection', section: 'texts', input: { hero_title_en: 'Run your salon' } })
      .then([
        {
          type: 'WebsiteSettingsChanged',
          data: {
            section: 'texts',
            changed: { hero_title_ar: null },
            previous: { hero_title_ar: 'أديري صالونك' },
          },
        },
      ]));

  it('compares lists whole (the questions, the redirects)', () => {
    const faq = [{ question_en: 'Q', question_ar: 'س', answer_en: 'A', answer_ar: 'ج', order: 1 }];
    const saved: WebsiteSettingsChanged = {
      type: 'WebsiteSettingsChanged',
      data: { section: 'faq', changed: { faq }, previous: { faq: null } },
    };
    given().when({ type: 'ChangeSection', section: 'faq', input: { faq } }).then([saved]);
    given(saved)
      .when({ type: 'ChangeSection', section: 'faq', input: { faq: [...faq] } })
      .then([]);
  });

  it("changes one page's SEO and leaves the other pages' as they were", () => {
    const landing: WebsiteSettingsChanged = {
      type: 'WebsiteSettingsChanged',
      data: {
        section: 'seo_page',
        page: 'landing',
        changed: { title_en: 'Rawnaq' },
        previous: { title_en: null },
      },
    };
    given()
      .when({ type: 'ChangeSeoPage', page: 'landing', input: { title_en: 'Rawnaq' } })
      .then([landing]);
    const state = [landing].reduce(evolveWebsite, initialWebsite);
    expect(state.seo_pages).toEqual({ landing: { title_en: 'Rawnaq' } });
    given(landing)
      .when({ type: 'ChangeSeoPage', page: 'pricing', input: { title_ar: 'الأسعار' } })
      .then([
        {
          type: 'WebsiteSettingsChanged',
          data: {
            section: 'seo_page',
            page: 'pricing',
            changed: { title_ar: 'الأسعار' },
            previous: { title_ar: null },
          },
        },
      ]);
  });
});

describe('a contact message', () => {
  const message = {
    message_id: 'm1',
    name: 'Noura',
    email: 'noura@example.com',
    message: 'Do you support Oman?',
    language: 'en' as const,
    received_at: '2026-12-03T10:00:00.000Z',
  };
  it('is received once', () => {
    expect(decideContactMessage(message, false)).toEqual([{ type: 'ContactMessageReceived', data: message }]);
    expect(decideContactMessage(message, true)).toEqual([]);
  });
});
