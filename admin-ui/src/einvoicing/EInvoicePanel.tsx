import { useCallback, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SendIcon from '@mui/icons-material/Send';
import { failureKey, isHandled, isHttpError } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { downloadWithToken } from '../imports/download';
import { useArea } from '../shell/area';
import { useQrSource } from '../shell/QrImage';
import { useFormat } from '../format/useFormat';
import { EINVOICING_COLORS } from './EInvoicingChip';

type Explained = { code: string; message: string; en: string; ar: string; fix_en: string; fix_ar: string };
export type EInvoiceDocument = {
  id: string;
  state: 'pending' | 'reported' | 'reported_with_warnings' | 'cleared' | 'rejected';
  /** a standard (B2B) document: cleared by the authority before it is printed */
  standard?: boolean;
  icv: number;
  qr: string;
  attempts: number;
  next_attempt_at: string | null;
  accepted_at: string | null;
  errors: Explained[];
  warnings: Explained[];
};

/** The authority's reasons, each explained in the page's language with what to fix. */
export const AuthorityReasons = ({ items, kind }: { items: Explained[]; kind: 'errors' | 'warnings' }) => {
  const { language } = useArea();
  if (!items.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, ps: 2.5 }} data-testid={`einvoice-${kind}`}>
      {items.map((m) => (
        <li key={`${m.code}-${m.message}`}>
          <Typography variant="body2" color={kind === 'errors' ? 'error' : 'text.primary'}>
            <bdi dir="ltr">{m.code}</bdi> {language === 'ar' ? m.ar : m.en}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {language === 'ar' ? m.fix_ar : m.fix_en}
          </Typography>
        </li>
      ))}
    </Box>
  );
};

const ZatcaQr = ({ text }: { text: string }) => {
  const src = useQrSource(text);
  const translate = useTranslate();
  return src ? (
    <img
      src={src}
      width={132}
      height={132}
      alt={translate('app.einvoicing.qr')}
      data-testid="einvoice-qr"
      data-qr={text}
    />
  ) : null;
};

/**
 * Where a sales document stands with ZATCA: its state, the authority's reasons explained, its QR,
 * its XML and its PDF (the XML inside, to print or send), and "report now" when it was refused or is late.
 */
export const EInvoicePanel = ({
  documentId,
  fallback,
  onState,
}: {
  documentId: string;
  fallback: string;
  /** told the document's state each time it is read (the page re-reads its record when it moved on) */
  onState?: (state: EInvoiceDocument['state']) => void;
}) => {
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const { apiBase, session } = useArea();
  const { dateTime } = useFormat();
  const [doc, setDoc] = useState<EInvoiceDocument | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const filter = encodeURIComponent(JSON.stringify({ document_id: documentId }));
    const found = await dataProvider.send<EInvoiceDocument[]>('GET', `einvoicing/documents?filter=${filter}`);
    setDoc(found[0] ?? null);
  }, [dataProvider, documentId]);
  useEffect(() => {
    load().catch(() => setDoc(null));
  }, [load]);
  const state = doc?.state;
  useEffect(() => {
    if (state) onState?.(state);
  }, [state, onState]);
  // a document on its way to the authority is looked at again until it has its answer (the worker
  // sends it within seconds): the screen shows where it stands without a reload
  const waiting = doc?.state === 'pending';
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => load().catch(() => undefined), 5_000);
    return () => clearInterval(timer);
  }, [waiting, load]);
  if (doc === undefined)
    return <Typography color="text.secondary">{translate('ra.page.loading')}</Typography>;
  if (doc === null) return <Typography data-testid="einvoice-none">{fallback}</Typography>;
  const fail = (error: unknown) => {
    if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }} data-testid="einvoice-panel">
      <ZatcaQr text={doc.qr} />
      <Stack sx={{ gap: 1, minWidth: 0 }}>
        <Box>
          <Chip
            size="small"
            color={EINVOICING_COLORS[doc.state]}
            label={translate(`app.einvoicing.states.${doc.state}`)}
            data-testid={`einvoice-state-${doc.state}`}
          />{' '}
          <Typography variant="caption" color="text.secondary">
            {translate('app.einvoicing.icv', { icv: doc.icv })}
          </Typography>
        </Box>
        {doc.state === 'pending' && doc.attempts > 0 && doc.next_attempt_at && (
          <Typography variant="body2" color="text.secondary">
            {translate('app.einvoicing.retrying', { at: dateTime(doc.next_attempt_at) })}
          </Typography>
        )}
        <AuthorityReasons items={doc.errors} kind="errors" />
        <AuthorityReasons items={doc.warnings} kind="warnings" />
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {/* a standard (B2B) invoice is printed only once ZATCA cleared it */}
          {(doc.standard && doc.state !== 'cleared' ? (['xml'] as const) : (['xml', 'pdf'] as const)).map(
            (format) => (
              <Button
                key={format}
                size="small"
                variant="outlined"
                startIcon={format === 'pdf' ? <PictureAsPdfIcon /> : <DownloadIcon />}
                data-testid={`einvoice-${format}`}
                onClick={() =>
                  downloadWithToken({
                    url: `${apiBase}/einvoicing/documents/${doc.id}/${format}`,
                    token: session.token(),
                    fallbackName: '',
                  }).catch(fail)
                }
              >
                {translate(`app.einvoicing.download_${format}`)}
              </Button>
            ),
          )}
          {(doc.state === 'rejected' || doc.state === 'pending') && (
            <Button
              size="small"
              variant="contained"
              startIcon={<SendIcon />}
              disabled={busy}
              data-testid="einvoice-report-now"
              onClick={async () => {
                setBusy(true);
                try {
                  await dataProvider.send('POST', `einvoicing/documents/${doc.id}/report`);
                } catch (error) {
                  // "already accepted": the worker sent it meanwhile; the answer below shows it
                  if (!(isHttpError(error) && error.message === 'einvoicing.already_accepted')) fail(error);
                } finally {
                  await load().catch(() => undefined);
                  setBusy(false);
                }
              }}
            >
              {translate('app.einvoicing.report_now')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Stack>
  );
};
