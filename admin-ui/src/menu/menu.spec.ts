import { activationChange, changeCount } from './activation';
import { groupBy, moveItem } from './order';
import { beforeVatText, parseTypedNumber, priceMinor, reachableWithVat, withVatText } from './pricing';
import { namePayload, namesOf, servicePayload } from './types';

describe('prices before and with VAT', () => {
  it('computes the price with VAT of a typed price, exactly and rounded half up', () => {
    expect(withVatText('100', 15, 'SAR')).toBe('115.00');
    expect(withVatText('1234.56', 15, 'SAR')).toBe('1419.74');
    expect(withVatText('0.1', 15, 'SAR')).toBe('0.12');
    expect(withVatText('10', '12.5', 'SAR')).toBe('11.25');
    expect(withVatText('1.5', 5, 'KWD')).toBe('1.575');
    expect(withVatText('100', 0, 'SAR')).toBe('100.00');
    expect(withVatText('100', undefined, 'SAR')).toBe('100.00');
  });

  it('leaves the other field empty while the typed text is no price', () => {
    for (const text of ['', ' ', 'abc', '1.555', '-5', null, undefined])
      expect(withVatText(text, 15, 'SAR')).toBe('');
    expect(beforeVatText('1.2.3', 15, 'SAR')).toBe('');
  });

  it('splits a price including VAT into the price before it', () => {
    expect(beforeVatText('115', 15, 'SAR')).toBe('100.00');
    expect(beforeVatText('100', 15, 'SAR')).toBe('86.96');
    expect(withVatText(beforeVatText('100', 15, 'SAR'), 15, 'SAR')).toBe('100.00');
    expect(beforeVatText('105', 5, 'SAR')).toBe('100.00');
    expect(beforeVatText('1.050', 5, 'OMR')).toBe('1.000');
  });

  it('tells when a price with VAT cannot be reached in whole halalas, and what the customer pays then', () => {
    expect(reachableWithVat('100', 15, 'SAR')).toBeUndefined();
    expect(reachableWithVat('0.11', 15, 'SAR')).toBe(12);
    expect(reachableWithVat('', 15, 'SAR')).toBeUndefined();
  });

  it('reads Arabic-Indic digits as typed on Arabic keyboards', () => {
    expect(parseTypedNumber('١٢٠٫٥٠')).toBe('120.50');
    expect(priceMinor('١٢٠٫٥', 'SAR')).toBe(12050);
    expect(parseTypedNumber(7)).toBe(7);
  });
});

describe('the activate screens', () => {
  const items = [
    { id: 'a', status: 1 },
    { id: 'b', status: 0 },
    { id: 'c', status: 1 },
  ];
  it('send only what was switched', () => {
    expect(activationChange(items, {})).toEqual({ activate: [], deactivate: [] });
    expect(activationChange(items, { a: true, b: true, c: false })).toEqual({
      activate: ['b'],
      deactivate: ['c'],
    });
    expect(changeCount(activationChange(items, { a: false, b: false }))).toBe(1);
  });
});

describe('the order of a group', () => {
  it('moves one service up or down', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
  });

  it('groups services by group in the groups’ order, keeping the menu order inside each', () => {
    const services = [
      { id: 1, g: 'x' },
      { id: 2, g: 'y' },
      { id: 3, g: 'x' },
      { id: 4, g: 'z' },
    ];
    const grouped = groupBy(services, (s) => s.g, ['y', 'x', 'empty']);
    expect([...grouped.keys()]).toEqual(['y', 'x', 'empty', 'z']);
    expect(grouped.get('x')!.map((s) => s.id)).toEqual([1, 3]);
    expect(grouped.get('empty')).toEqual([]);
  });
});

describe('payloads', () => {
  it('send the whole service form, empty fields as null, nothing the server computes', () => {
    expect(
      servicePayload({
        id: 's1',
        name_en: 'Haircut',
        name_ar: 'قص',
        group_id: 'g',
        category_id: '',
        price: '100.00',
        price_with_vat: '115.00',
        price_minor: 10000,
        job_time: 45,
        show_to_customer: true,
        home_service: false,
        employee_ids: ['e1', 'e2'],
      }),
    ).toEqual({
      name_en: 'Haircut',
      name_ar: 'قص',
      group_id: 'g',
      category_id: null,
      price: '100.00',
      offer_price: null,
      job_time: 45,
      show_to_customer: true,
      home_service: false,
      expiry_date: null,
      image_file_id: null,
      // who does it, kept on each employee
      employee_ids: ['e1', 'e2'],
    });
    expect(namePayload({ id: 'g', name_en: 'Hair', name_ar: '', status: 1 })).toEqual({
      name_en: 'Hair',
      name_ar: null,
    });
  });

  it('put the name in the page language first', () => {
    expect(namesOf({ name_en: 'Hair', name_ar: 'الشعر' }, 'ar')).toEqual({ main: 'الشعر', other: 'Hair' });
    expect(namesOf({ name_en: 'Hair', name_ar: 'الشعر' }, 'en')).toEqual({ main: 'Hair', other: 'الشعر' });
  });
});
