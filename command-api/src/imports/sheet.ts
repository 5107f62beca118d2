import type ExcelJS from 'exceljs';
import { DomainError } from '@rawnaq/contracts';

export type SheetRow = { row: number; values: Record<string, unknown> };

/** A cell as the person typed it: dates as YYYY-MM-DD, numbers and text as they read, rich text joined. */
const plain = (value: ExcelJS.CellValue): unknown => {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return plain(value.result as ExcelJS.CellValue);
    return undefined;
  }
  return typeof value === 'string' ? value.trim() : value;
};

const normalise = (header: string) => header.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Reads the first sheet: the first row names the columns (a field's key, or its English or Arabic
 * label), every following non-empty row is a record. Unknown columns are reported, not ignored.
 */
export const readSheet = async (bytes: Buffer, columns: Record<string, string[]>): Promise<SheetRow[]> => {
  // loaded on the first import, not at start: the workbook library is ~8 MB of heap every server
  // would otherwise carry (and its every full GC mark) for a page a salon opens a few times a year
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new DomainError('imports.not_a_workbook', 422, { file: 'imports.not_a_workbook' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 1)
    throw new DomainError('imports.empty_sheet', 422, { file: 'imports.empty_sheet' });
  const byLabel = new Map<string, string>();
  for (const [field, labels] of Object.entries(columns))
    for (const label of [field, ...labels]) byLabel.set(normalise(label), field);
  const header = sheet.getRow(1);
  const fields = new Map<number, string>();
  header.eachCell((cell, col) => {
    const text = String(plain(cell.value) ?? '');
    if (!text) return;
    const field = byLabel.get(normalise(text));
    if (!field)
      throw new DomainError(
        'imports.unknown_column',
        422,
        { file: 'imports.unknown_column' },
        { column: text },
      );
    fields.set(col, field);
  });
  const rows: SheetRow[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values: Record<string, unknown> = {};
    for (const [col, field] of fields) {
      const v = plain(row.getCell(col).value);
      if (v !== undefined && v !== '') values[field] = v;
    }
    if (Object.keys(values).length) rows.push({ row: n, values });
  });
  return rows;
};
