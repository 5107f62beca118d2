import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'ra-core';
import { isHandled, isHttpError, messageParams } from '../http/errors';
import { useArea } from '../shell/area';
import { fieldLabel } from './fieldErrors';

/** What `POST files` answers. */
export type UploadedFile = {
  id: string;
  name: string;
  content_type: string;
  /** bytes */
  size?: number;
  width?: number;
  height?: number;
};

/** `image` for pictures, `logo` for the salon's square logo, `attachment` for PDFs and videos too. */
export type UploadPurpose = 'image' | 'logo' | 'attachment';

/**
 * The bytes of an API path (after the area's `apiBase`) as an address an <img> can show: files are
 * served with the bearer token, which an <img> cannot send; so they are fetched and shown from a local
 * object URL, released when the path changes or the screen goes.
 */
export const useApiBlobUrl = (path: string | undefined): string | undefined => {
  const { apiBase, session } = useArea();
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    setUrl(undefined);
    if (!path) return undefined;
    const controller = new AbortController();
    let made: string | undefined;
    const token = session.token();
    window
      .fetch(`${apiBase}/${path}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        signal: controller.signal,
      })
      .then((response) => (response.ok ? response.blob() : undefined))
      .then((blob) => {
        if (!blob) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [apiBase, session, path]);
  return url;
};

/** An uploaded file of the salon's, for an <img> (see `useApiBlobUrl`). */
export const useFileUrl = (fileId: unknown): string | undefined =>
  useApiBlobUrl(typeof fileId === 'string' && fileId ? `files/${encodeURIComponent(fileId)}` : undefined);

/**
 * Sends a chosen file at once (`POST files?purpose=…`); the form then keeps only its id. The server
 * judges the bytes: its refusal (doc2 §5.3's allowed types, too large, a logo not square) comes back
 * translated, naming the form's field (`resources.<resource>.fields.<source>`).
 */
export const useUploadFile = (purpose: UploadPurpose, resource: string, source: string) => {
  const translate = useTranslate();
  const { http, apiBase } = useArea();
  const [uploading, setUploading] = useState(false);
  const [refused, setRefused] = useState<string>();

  const upload = useCallback(
    async (file: File): Promise<UploadedFile | undefined> => {
      setUploading(true);
      setRefused(undefined);
      try {
        const { json } = await http(
          `${apiBase}/files?purpose=${purpose}&name=${encodeURIComponent(file.name)}`,
          {
            method: 'POST',
            body: file,
            headers: { 'Content-Type': file.type || 'application/octet-stream' },
          },
        );
        return json as UploadedFile;
      } catch (error) {
        if (isHandled(error)) return undefined;
        const key = isHttpError(error) ? (error.body?.errors?.file ?? error.message) : 'app.errors.unknown';
        setRefused(
          translate(key, {
            _: key,
            ...messageParams(error),
            field: fieldLabel(translate, resource, source),
          }),
        );
        return undefined;
      } finally {
        setUploading(false);
      }
    },
    [apiBase, http, purpose, resource, source, translate],
  );

  return { upload, uploading, refused, clearRefused: () => setRefused(undefined) };
};
