import { contractMessages, messageKeys, translate } from './index';

describe('contract messages', () => {
  it('have the same keys in English and Arabic', () => {
    expect(messageKeys(contractMessages.ar).sort()).toEqual(messageKeys(contractMessages.en).sort());
  });

  it('have no English left in the Arabic texts (apart from placeholders and formats)', () => {
    const english = messageKeys(contractMessages.ar)
      .map(
        (k) =>
          [
            k,
            translate('ar', k)
              .replace(/%\{\w+\}/g, '')
              // a campaign's placeholders, typed as they are in any language
              .replace(/\{(name|salon)\}/g, '')
              .replace(/\b(IP|YYYY-MM-DD|\d{4}-\d{2}-\d{2}T[\d:]+Z|SAR|AED|KWD|OMR|BHD|a-z|A-Z)\b/g, ''),
          ] as const,
      )
      .filter(([, text]) => /[A-Za-z]{2,}/.test(text));
    expect(english).toEqual([]);
  });

  it('fills in parameters and falls back to the key', () => {
    expect(translate('en', 'validation.max_length', { field: 'Name', max: 100 })).toBe(
      'Name should not be more than 100 characters',
    );
    expect(translate('en', 'validation.max_length', { field: 'Name' })).toContain('%{max}');
    expect(translate('ar', 'auth.wrong_credentials')).toBe('اسم المستخدم أو كلمة المرور غير صحيحة');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });
});
