import { saudiTaxNumber, telephone, trn, whatsappNumber } from './identifiers';

describe('saudiTaxNumber', () => {
  const rule = saudiTaxNumber();

  it('needs a value longer than 2 characters to start and end with 3', () => {
    expect(rule('300000000000003')).toBeUndefined();
    expect(rule('303')).toBeUndefined();
    expect(rule(300000000000003)).toBeUndefined();
    expect(rule('200000000000003')).toEqual({ key: 'validation.saudi_tax_number' });
    expect(rule('300000000000002')).toEqual({ key: 'validation.saudi_tax_number' });
    expect(rule('123')).toEqual({ key: 'validation.saudi_tax_number' });
  });

  it('does not judge values of 1 or 2 characters, or empty ones', () => {
    expect(rule('1')).toBeUndefined();
    expect(rule('12')).toBeUndefined();
    expect(rule('')).toBeUndefined();
    expect(rule(null)).toBeUndefined();
  });

  it('does nothing when not applicable', () => {
    expect(saudiTaxNumber({ applicable: false })('200000000000002')).toBeUndefined();
    expect(saudiTaxNumber({ applicable: true })('200000000000002')).toBeDefined();
  });
});

describe('trn', () => {
  it('must be exactly 15 characters', () => {
    expect(trn('100123456700003')).toBeUndefined();
    expect(trn(100123456700003)).toBeUndefined();
    expect(trn('10012345670000')).toEqual({ key: 'validation.trn_length', params: { length: 15 } });
    expect(trn('1001234567000031')).toEqual({ key: 'validation.trn_length', params: { length: 15 } });
    expect(trn('')).toBeUndefined();
  });
});

describe('telephone and WhatsApp numbers', () => {
  it.each(['+966112345678', '00966112345678'])('telephone accepts %p', (value) => {
    expect(telephone(value)).toBeUndefined();
  });

  it.each(['966112345678', '0112345678', '0+966', 966112345678])('telephone refuses %p', (value) => {
    expect(telephone(value)).toEqual({ key: 'validation.telephone_prefix' });
  });

  it.each(['966501234567', '0501234567', 966501234567])('WhatsApp accepts %p', (value) => {
    expect(whatsappNumber(value)).toBeUndefined();
  });

  it.each(['+966501234567', '00966501234567'])('WhatsApp refuses %p', (value) => {
    expect(whatsappNumber(value)).toEqual({ key: 'validation.whatsapp_no_prefix' });
  });

  it('leaves empty values to Required', () => {
    expect(telephone('')).toBeUndefined();
    expect(whatsappNumber(null)).toBeUndefined();
  });
});
