import {
  canonicalMobile,
  detectMobileCountry,
  MOBILE_DIAL_CODES,
  mobileSearchDigits,
  mobileWithCountryCode,
  splitDialCode,
  withDialCode,
  expectedMobileLength,
  isMobileComplete,
  mobile,
  normalizeMobile,
  validateMobile,
} from './mobile';

describe('detectMobileCountry', () => {
  it.each([
    ['966501234567', 'SA', '966'],
    ['+971501234567', 'AE', '971'],
    ['00962791234567', 'JO', '962'],
    ['970591234567', 'PS', '970'],
    ['96599887766', 'KW', '965'],
    ['+97455123456', 'QA', '974'],
    ['0097336123456', 'BH', '973'],
    ['96891234567', 'OM', '968'],
  ])('%s is %s', (raw, country, prefix) => {
    expect(detectMobileCountry(raw)).toMatchObject({ country, prefix, dialCode: prefix });
  });

  it('matches 972 numbers to the Palestine option (970)', () => {
    expect(detectMobileCountry('+972591234567')).toEqual({
      country: 'PS',
      prefix: '970',
      dialCode: '972',
      nationalDigits: 9,
      leadingZero: true,
    });
  });

  it('strips only one "+" or "00" before reading the code', () => {
    expect(detectMobileCountry('+00966501234567')).toBeUndefined();
    expect(detectMobileCountry('0966501234567')).toBeUndefined();
    expect(detectMobileCountry(966501234567)).toMatchObject({ country: 'SA' });
  });

  it.each(['0501234567', '+15551234567', '961', '', null, {}])('does not recognise %p', (raw) => {
    expect(detectMobileCountry(raw)).toBeUndefined();
  });
});

describe('expectedMobileLength', () => {
  it.each([
    ['966501234567', 12],
    ['+966501234567', 13],
    ['00966501234567', 14],
    ['9660501234567', 13],
    ['+9660501234567', 14],
    ['009660501234567', 15],
    ['971501234567', 12],
    ['9710501234567', 13],
    ['9620791234567', 13],
    ['970591234567', 12],
    ['9700591234567', 13],
    ['972591234567', 12],
    ['+9720591234567', 14],
    ['96599887766', 11],
    ['+96599887766', 12],
    ['0096599887766', 13],
    ['97455123456', 11],
    ['97336123456', 11],
    ['96891234567', 11],
  ])('%s → %i', (raw, length) => {
    expect(expectedMobileLength(raw)).toBe(length);
  });

  it('adds no digit for a zero after the 8-digit codes', () => {
    expect(expectedMobileLength('96509887766')).toBe(11);
    expect(expectedMobileLength('96809123456')).toBe(11);
  });

  it('is known as soon as the code is typed, and unknown without a country', () => {
    expect(expectedMobileLength('+966')).toBe(13);
    expect(expectedMobileLength('0501234567')).toBeUndefined();
  });
});

describe('validateMobile', () => {
  it.each(['966501234567', '+966501234567', '00966501234567', '9660501234567', '+96599887766', 966501234567])(
    'accepts %p',
    (raw) => {
      expect(validateMobile(raw)).toBeUndefined();
    },
  );

  it.each([null, undefined, '', '  '])('is always required: %p', (raw) => {
    expect(validateMobile(raw)).toEqual({ key: 'validation.is_required' });
    expect(validateMobile(raw, { maxLengthMode: true })).toEqual({ key: 'validation.is_required' });
  });

  it.each(['abc', '+966 50 123 4567', '966-501234567', '++966501234567', '966501234567+', {}])(
    'must be numeric apart from a leading "+": %p',
    (raw) => {
      expect(validateMobile(raw)).toEqual({ key: 'validation.should_be_a_number' });
    },
  );

  it.each(['0501234567', '+15551234567', '+', '00'])('needs a recognised country code: %p', (raw) => {
    expect(validateMobile(raw)).toEqual({ key: 'validation.mobile_prefix_required' });
  });

  it('needs the exact length', () => {
    expect(validateMobile('96650123456')).toEqual({
      key: 'validation.mobile_length',
      params: { digits: 9, code: '+966' },
    });
    expect(validateMobile('9665012345678')).toEqual({
      key: 'validation.mobile_length',
      params: { digits: 9, code: '+966' },
    });
    expect(validateMobile('+9665012345')).toEqual({
      key: 'validation.mobile_length',
      params: { digits: 9, code: '+966' },
    });
    expect(validateMobile('96509887766')).toBeUndefined();
    expect(validateMobile('965098877660')).toEqual({
      key: 'validation.mobile_length',
      params: { digits: 8, code: '+965' },
    });
  });

  it('accepts anything up to the length in max-length mode', () => {
    const options = { maxLengthMode: true };
    expect(validateMobile('96650', options)).toBeUndefined();
    expect(validateMobile('966501234567', options)).toBeUndefined();
    expect(validateMobile('9665012345678', options)).toEqual({
      key: 'validation.mobile_max_length',
      params: { digits: 9, code: '+966' },
    });
    expect(validateMobile('0501234567', options)).toEqual({ key: 'validation.mobile_prefix_required' });
  });

  it('is available as a field rule', () => {
    expect(mobile()('96650')).toEqual(validateMobile('96650'));
    expect(mobile({ maxLengthMode: true })('96650')).toBeUndefined();
  });
});

describe('isMobileComplete', () => {
  it('is true only at the exact length', () => {
    expect(isMobileComplete('+966501234567')).toBe(true);
    expect(isMobileComplete('+9660501234567')).toBe(true);
    expect(isMobileComplete('+96650123456')).toBe(false);
    expect(isMobileComplete('0501234567')).toBe(false);
    expect(isMobileComplete('')).toBe(false);
  });
});

describe('normalizeMobile', () => {
  it.each([
    '+9660501234567',
    '00966501234567',
    '966501234567',
    '+966501234567',
    '009660501234567',
    966501234567,
  ])('%p → 966501234567', (raw) => {
    expect(normalizeMobile(raw)).toBe('966501234567');
  });

  it('keeps a zero after the 8-digit codes, which is part of the number', () => {
    expect(normalizeMobile('+96509887766')).toBe('96509887766');
  });

  it('keeps 972 and 970 numbers apart', () => {
    expect(normalizeMobile('+9720591234567')).toBe('972591234567');
    expect(normalizeMobile('00970591234567')).toBe('970591234567');
  });

  it.each(['0501234567', '+966 50 123 4567', 'abc', '', null])('has no canonical form for %p', (raw) => {
    expect(normalizeMobile(raw)).toBeUndefined();
  });
});

describe('canonicalMobile: one form everywhere', () => {
  it.each([
    ['+966559876543', undefined],
    ['00966559876543', undefined],
    ['966559876543', undefined],
    ['+9660559876543', undefined],
    ['0559876543', 1],
    ['559876543', 1],
    [559876543, 1],
  ])('%p (salon country %p) is +966559876543', (raw, countryId) => {
    expect(canonicalMobile(raw, countryId)).toBe('+966559876543');
  });

  it('reads a local number with the salon’s own code', () => {
    expect(canonicalMobile('0501112233', 2)).toBe('+971501112233');
    expect(canonicalMobile('99887766', 3)).toBe('+96599887766');
    // a Kuwaiti number that starts like a code is still local: it is too short to hold one
    expect(canonicalMobile('96512345', 3)).toBe('+96596512345');
  });

  it('keeps a number with another country’s code as it is', () => {
    expect(canonicalMobile('971501112233', 1)).toBe('+971501112233');
  });

  it('has no canonical form without a country', () => {
    expect(canonicalMobile('0559876543')).toBeUndefined();
    expect(canonicalMobile('+15551234567', 1)).toBeUndefined();
    expect(canonicalMobile('abc', 1)).toBeUndefined();
  });
});

describe('mobileWithCountryCode', () => {
  it('adds the salon’s code to digits without one, and leaves the rest to the rules', () => {
    expect(mobileWithCountryCode('0551234567', 1)).toBe('9660551234567');
    expect(mobileWithCountryCode('551234567', 1)).toBe('966551234567');
    expect(mobileWithCountryCode('+966551234567', 1)).toBe('+966551234567');
    expect(mobileWithCountryCode('00966551234567', 1)).toBe('00966551234567');
    expect(mobileWithCountryCode('055 123', 1)).toBe('055 123');
    expect(mobileWithCountryCode('0551234567')).toBe('0551234567');
    expect(mobileWithCountryCode(undefined, 1)).toBeUndefined();
  });

  it('lets the rules judge the local form in a Saudi salon', () => {
    expect(validateMobile(mobileWithCountryCode('0551234567', 1))).toBeUndefined();
    expect(validateMobile(mobileWithCountryCode('551234567', 1))).toBeUndefined();
    expect(validateMobile(mobileWithCountryCode('05512', 1))).toMatchObject({
      key: 'validation.mobile_length',
    });
  });
});

describe('withDialCode: what is typed beside a country-code selector', () => {
  it('takes the local part with the chosen code, its national zero kept while typing', () => {
    expect(withDialCode('0551234567', '966')).toBe('9660551234567');
    expect(withDialCode('55 123 4567', '966')).toBe('966551234567');
    expect(withDialCode('٠٥٥١٢٣٤٥٦٧', '966')).toBe('9660551234567');
  });

  it('takes a pasted whole number as it is', () => {
    expect(withDialCode('+971 50 111 2233', '966')).toBe('+971501112233');
    expect(withDialCode('00971501112233', '966')).toBe('00971501112233');
    expect(withDialCode('966551234567', '966')).toBe('966551234567');
    expect(withDialCode('971501112233', '966')).toBe('971501112233');
  });

  it('leaves text that is not a number for the rules', () => {
    expect(withDialCode('abc', '966')).toBe('abc');
    expect(withDialCode('', '966')).toBe('');
  });
});

describe('splitDialCode', () => {
  it('splits a number into its code and the rest', () => {
    expect(splitDialCode('+966551234567')).toEqual({ dialCode: '966', rest: '551234567' });
    expect(splitDialCode('9660551234567')).toEqual({ dialCode: '966', rest: '0551234567' });
    expect(splitDialCode('0096599887766')).toEqual({ dialCode: '965', rest: '99887766' });
    expect(splitDialCode('+972591234567')).toEqual({ dialCode: '972', rest: '591234567' });
  });

  it('gives back what has no recognised code', () => {
    expect(splitDialCode('0551234567')).toEqual({ rest: '0551234567' });
    expect(splitDialCode(undefined)).toEqual({ rest: '' });
  });

  it('offers every code the rules know', () => {
    expect(MOBILE_DIAL_CODES.map((c) => c.dialCode)).toEqual(
      expect.arrayContaining(['966', '971', '965', '968', '973', '974', '962', '970', '972']),
    );
  });
});

describe('mobileSearchDigits: every way of writing the number finds it', () => {
  it.each(['+966559876543', '00966559876543', '966559876543', '+9660559876543'])(
    '%s looks for 966559876543',
    (query) => {
      expect(mobileSearchDigits(query)).toBe('966559876543');
    },
  );

  it.each(['0559876543', '559876543', '٠٥٥٩٨٧٦٥٤٣'])('%s looks for 559876543', (query) => {
    expect(mobileSearchDigits(query)).toBe('559876543');
  });

  it('looks for any part of a number', () => {
    expect(mobileSearchDigits('0559')).toBe('559');
    expect(mobileSearchDigits('9876')).toBe('9876');
    expect(mobileSearchDigits('+9665')).toBe('9665');
  });

  it('is not a number search for names', () => {
    expect(mobileSearchDigits('Sara')).toBeUndefined();
    expect(mobileSearchDigits('+')).toBeUndefined();
    expect(mobileSearchDigits('')).toBeUndefined();
  });
});
