import { canonicalMobile, validateMobile } from '@rawnaq/contracts';
import { composePhone, decompose } from './phone';

describe('a number typed beside its country code', () => {
  it.each([
    ['0551234567', '966', '+9660551234567'],
    ['551234567', '966', '+966551234567'],
    ['055 123 4567', '966', '+9660551234567'],
    ['٠٥٥١٢٣٤٥٦٧', '966', '+9660551234567'],
    ['966551234567', '966', '+966551234567'],
    ['+971501112233', '966', '+971501112233'],
    ['00971501112233', '966', '00971501112233'],
    ['99887766', '965', '+96599887766'],
  ])('mobile %s with +%s is kept as %s, valid, and canonical on the server', (typed, code, kept) => {
    expect(composePhone(typed, code, 'mobile')).toBe(kept);
    expect(validateMobile(kept)).toBeUndefined();
    expect(canonicalMobile(kept)).toMatch(/^\+\d+$/);
  });

  it('a short local number is checked for the length of the chosen country, not for a missing code', () => {
    expect(validateMobile(composePhone('12345', '966', 'mobile'))).toMatchObject({
      key: 'validation.mobile_length',
    });
  });

  it("a telephone loses its trunk zero and keeps its '+'; WhatsApp is bare digits", () => {
    expect(composePhone('011 234 5678', '966', 'telephone')).toBe('+966112345678');
    expect(composePhone('0501234567', '966', 'whatsapp')).toBe('966501234567');
    expect(composePhone('966501234567', '966', 'whatsapp')).toBe('966501234567');
    expect(composePhone('', '966', 'telephone')).toBe('');
  });

  it('a kept value splits back into its code and the rest', () => {
    expect(decompose('+966551234567', '971')).toEqual({ dialCode: '966', rest: '551234567' });
    expect(decompose('966501234567', '971')).toEqual({ dialCode: '966', rest: '501234567' });
    expect(decompose(undefined, '971')).toEqual({ dialCode: '971', rest: '' });
    expect(decompose('+15551234567', '966')).toEqual({ dialCode: '966', rest: '+15551234567' });
  });
});
