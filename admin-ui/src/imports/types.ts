/** What can be imported from Excel (docs/api.md "Excel imports"). */
export const IMPORT_ENTITIES = ['customers', 'services', 'products'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

export const isImportEntity = (value: unknown): value is ImportEntity =>
  IMPORT_ENTITIES.includes(value as ImportEntity);

/** The list screen each import fills, whose field labels also name the file's columns. */
export const IMPORT_LIST: Record<ImportEntity, string> = {
  customers: 'customers',
  services: 'menu/services',
  products: 'products/define-product',
};

/** The permission table's entry (auth/access.ts): `imports` with the entity as the action. */
export const IMPORT_ACCESS = 'imports';

export type PreviewError = {
  row: number;
  field: string;
  key: string;
  params?: Record<string, unknown>;
  message: string;
};

export type Preview = {
  total: number;
  valid: number;
  invalid: number;
  rows: Array<{ row: number; values: Record<string, unknown> }>;
  errors: PreviewError[];
};

export type ImportRun = {
  id: string;
  entity?: ImportEntity;
  status: 'running' | 'completed' | 'failed';
  total: number;
  done?: number;
  created?: number;
  error?: string;
};

/** The columns to show: the file's own, in its order, then any field only an error names. */
export const previewColumns = (preview: Preview): string[] => {
  const columns: string[] = [];
  const add = (field: string) => {
    if (!columns.includes(field)) columns.push(field);
  };
  for (const row of preview.rows) Object.keys(row.values).forEach(add);
  for (const error of preview.errors) add(error.field);
  return columns;
};

/** Errors by row, then by field: what each cell of the preview shows in red. */
export const errorsByRow = (errors: PreviewError[]) => {
  const byRow = new Map<number, Map<string, PreviewError>>();
  for (const error of errors) {
    const row = byRow.get(error.row) ?? new Map<string, PreviewError>();
    if (!row.has(error.field)) row.set(error.field, error);
    byRow.set(error.row, row);
  }
  return byRow;
};

/** Done out of total as a percentage for the progress bar (100 when there was nothing to do). */
export const progressOf = (run: Pick<ImportRun, 'status' | 'total' | 'done' | 'created'>) => {
  if (run.status === 'completed') return 100;
  const done = run.done ?? run.created ?? 0;
  return run.total > 0 ? Math.min(100, Math.floor((done * 100) / run.total)) : 0;
};

/** The file name a download's Content-Disposition gives (`filename*=UTF-8''...` first), if any. */
export const fileNameOf = (disposition: string | null): string | undefined => {
  if (!disposition) return undefined;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1].trim();
};
