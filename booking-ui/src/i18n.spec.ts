import { messages, otherLocale, translate, type MessageKey } from './i18n';

const placeholders = (text: string): string[] => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Keys whose Arabic text is meant to be in English: the switch that leads to the English page. */
const WRITTEN_IN_THE_OTHER_LANGUAGE: MessageKey[] = ['language.switch_to', 'language.switch_label'];

describe('booking-ui messages', () => {
  it('has the same keys in English and Arabic', () => {
    expect(Object.keys(messages.ar).sort()).toEqual(Object.keys(messages.en).sort());
  });

  it('has no empty text and the same placeholders in both languages', () => {
    for (const key of Object.keys(messages.en) as MessageKey[]) {
      expect(messages.en[key].trim()).not.toBe('');
      expect(messages.ar[key].trim()).not.toBe('');
      expect(placeholders(messages.ar[key])).toEqual(placeholders(messages.en[key]));
    }
  });

  it('leaves no English on an Arabic page and no Arabic on an English page', () => {
    const latin = /[A-Za-z]/;
    const arabic = /[\u0600-\u06FF]/;
    for (const key of Object.keys(messages.en) as MessageKey[]) {
      if (WRITTEN_IN_THE_OTHER_LANGUAGE.includes(key)) continue;
      expect([key, latin.test(messages.ar[key].replace(/%\{\w+\}/g, ''))]).toEqual([key, false]);
      expect([key, arabic.test(messages.en[key])]).toEqual([key, false]);
    }
  });

  it('offers the other language on the switch, named in that language', () => {
    expect(otherLocale('en')).toBe('ar');
    expect(otherLocale('ar')).toBe('en');
    expect(translate('en', 'language.switch_to')).toBe('العربية');
    expect(translate('ar', 'language.switch_to')).toBe('English');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'duration.minutes', { n: '45' })).toBe('45 min');
    expect(translate('ar', 'booking.cutoff', { hours: '24' })).toContain('24 ساعة');
    expect(translate('en', 'duration.minutes')).toBe('%{n} min');
  });
});
