import { personNameKey, samePersonName } from './customer-identity';

describe('a person name as two spellings of it are compared', () => {
  it('sets case, spaces, punctuation and Latin accents aside', () => {
    expect(samePersonName('Fatima  Ali', ' fatima ali ')).toBe(true);
    expect(samePersonName('Zoë Al-Harbi', 'zoe al harbi')).toBe(true);
  });

  it('makes one the Arabic letter forms people type interchangeably, and drops diacritics and tatweel', () => {
    expect(personNameKey('أمل')).toBe(personNameKey('امل'));
    expect(samePersonName('إيمان', 'ايمان')).toBe(true);
    expect(samePersonName('آمنة', 'امنه')).toBe(true);
    expect(samePersonName('فاطمة', 'فاطمه')).toBe(true);
    expect(samePersonName('منى', 'مني')).toBe(true);
    expect(samePersonName('مُحَمَّد', 'محمد')).toBe(true);
    expect(samePersonName('هـــدى', 'هدى')).toBe(true);
    expect(samePersonName('لؤلؤة', 'لولوه')).toBe(true);
  });

  it('tells apart different names, and a name from a part of it', () => {
    expect(samePersonName('Fatima', 'Fatima Ali')).toBe(false);
    expect(samePersonName('Amal Saeed', 'Noura Saeed')).toBe(false);
    expect(samePersonName('فاطمة', 'فاطمة علي')).toBe(false);
    expect(samePersonName('', '')).toBe(false);
  });
});
