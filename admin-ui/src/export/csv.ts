/** Byte order mark: without it Excel reads UTF-8 as the local code page and Arabic turns to noise. */
export const UTF8_BOM = '\uFEFF';

const cell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** RFC 4180: comma-separated, CRLF line ends, quotes doubled, BOM first. */
export const toCsv = (header: readonly string[], rows: readonly (readonly unknown[])[]): string =>
  UTF8_BOM + [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';

export const downloadCsv = (csv: string, filename: string) => {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${filename}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
