import { matchesSearch, searchText } from './searchText';

describe("the menu's search", () => {
  it('finds English labels whatever the case and the order of the words', () => {
    expect(matchesSearch('VAT report', 'vat')).toBe(true);
    expect(matchesSearch('VAT report', 'report VAT')).toBe(true);
    expect(matchesSearch('VAT report', 'vat sales')).toBe(false);
    expect(matchesSearch('Customers’ penalties', "customers' pen")).toBe(true);
  });

  it('finds Arabic labels typed without short vowels, with another alef, ya or ta marbuta', () => {
    expect(matchesSearch('تقرير ضريبة القيمة المضافة', 'ضريبه')).toBe(true);
    expect(matchesSearch('الإعدادات العامة', 'الاعدادات')).toBe(true);
    expect(matchesSearch('الفواتير المعلّقة', 'المعلقة')).toBe(true);
    expect(matchesSearch('مستوى المخزون', 'مستوي')).toBe(true);
    expect(matchesSearch('تقرير الحضور', 'المواعيد')).toBe(false);
    expect(searchText('٣ تقارير')).toBe('3 تقارير');
  });

  it('matches everything on an empty search', () => {
    expect(matchesSearch('Invoices', '   ')).toBe(true);
  });
});
