import { IMPORT_COLUMNS, type ImportEntity } from '@rawnaq/contracts';

/**
 * An empty workbook for an import: the columns' labels in the user's language on the first row, the
 * sheet right to left in Arabic. The importer reads either language's labels (or the field keys).
 */
export const importTemplate = async (entity: ImportEntity, locale: 'en' | 'ar'): Promise<Buffer> => {
  // loaded when a template is first asked for, not at start (see command-api's imports/sheet.ts)
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(locale === 'ar' ? 'البيانات' : 'Data', {
    views: [{ rightToLeft: locale === 'ar' }],
  });
  const labels = Object.values(IMPORT_COLUMNS[entity]).map(([en, ar]) => (locale === 'ar' ? ar : en));
  sheet.addRow(labels);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column, i) => (column.width = Math.max(14, labels[i].length + 4)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
