import { errorsByRow, fileNameOf, isImportEntity, previewColumns, progressOf, type Preview } from './types';

describe('Excel imports', () => {
  const preview: Preview = {
    total: 2,
    valid: 1,
    invalid: 1,
    rows: [
      { row: 2, values: { name: 'Noura', mobile: '0551234567' } },
      { row: 3, values: { name: '', mobile: '12' } },
    ],
    errors: [
      { row: 3, field: 'name', key: 'validation.is_required', message: 'Name is required' },
      { row: 3, field: 'mobile', key: 'validation.mobile', message: 'bad' },
      { row: 3, field: 'mobile', key: 'imports.repeated_in_file', message: 'second' },
      { row: 4, field: 'gender', key: 'validation.in', message: 'bad gender' },
    ],
  };

  it("shows the file's columns in its order, then any field only an error names", () => {
    expect(previewColumns(preview)).toEqual(['name', 'mobile', 'gender']);
  });

  it('keeps the first error of each cell, by row and field', () => {
    const byRow = errorsByRow(preview.errors);
    expect([...byRow.keys()]).toEqual([3, 4]);
    expect(byRow.get(3)?.get('mobile')?.key).toBe('validation.mobile');
    expect(byRow.get(2)).toBeUndefined();
  });

  it('measures progress in whole percents, full once completed', () => {
    expect(progressOf({ status: 'running', total: 60, done: 0 })).toBe(0);
    expect(progressOf({ status: 'running', total: 60, done: 20 })).toBe(33);
    expect(progressOf({ status: 'running', total: 0, done: 0 })).toBe(0);
    expect(progressOf({ status: 'completed', total: 2, created: 2 })).toBe(100);
  });

  it('reads the download name of a Content-Disposition, the UTF-8 one first', () => {
    expect(fileNameOf('attachment; filename="customers-template.xlsx"')).toBe('customers-template.xlsx');
    expect(
      fileNameOf('attachment; filename="x.xlsx"; filename*=UTF-8\'\'%D8%B9%D9%85%D9%84%D8%A7%D8%A1.xlsx'),
    ).toBe('عملاء.xlsx');
    expect(fileNameOf(null)).toBeUndefined();
  });

  it('knows the three imports only', () => {
    expect(['customers', 'services', 'products', 'invoices'].map(isImportEntity)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
