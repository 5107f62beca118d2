import { toCsv, UTF8_BOM } from './csv';

describe('CSV export', () => {
  it('starts with a BOM so Excel shows Arabic, and ends lines with CRLF', () => {
    const csv = toCsv(['الاسم', 'الجوال'], [['سارة', '966501234567']]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv).toBe(`${UTF8_BOM}الاسم,الجوال\r\nسارة,966501234567\r\n`);
  });

  it('quotes commas, quotes and line breaks, and leaves empty values empty', () => {
    expect(toCsv(['a'], [['x, y'], ['say "hi"'], ['two\nlines'], [null], [undefined], [0]])).toBe(
      `${UTF8_BOM}a\r\n"x, y"\r\n"say ""hi"""\r\n"two\nlines"\r\n\r\n\r\n0\r\n`,
    );
  });
});
