import { HttpError, type ApiErrorBody } from '../http/errors';
import { fileNameOf } from './types';

/**
 * A file the API serves only to a signed-in user (a template workbook): fetched with the session's
 * token, since a plain link cannot send it, and saved under the server's name or the given one. The
 * app's HTTP client reads answers as text, which would spoil the bytes, so this reads them as a blob.
 */
export const downloadWithToken = async (options: {
  url: string;
  token: string | null;
  fallbackName: string;
}): Promise<void> => {
  const response = await fetch(options.url, {
    headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
  }).catch(() => {
    throw new HttpError('app.errors.network', 0, null);
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new HttpError(body?.message ?? 'app.errors.server', response.status, body);
  }
  const blob = await response.blob();
  const name = options.fallbackName || fileNameOf(response.headers.get('Content-Disposition')) || 'download';
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
};
