import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { COUNTRY_LIST, formatViewDateTime, type TenantTimeZone } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import GlobalStyles from '@mui/material/GlobalStyles';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import StarIcon from '@mui/icons-material/StarBorderOutlined';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { useQrSource } from '../shell/QrImage';
import { useArea } from '../shell/area';
import { usePublicDocument } from '../http/usePublicDocument';
import {
  InvoicePayments,
  InvoiceTotals,
  VatByCategory,
  useInvoiceMoney,
  InvoiceLineItem,
  InvoiceLogo,
  InvoiceNotes,
  LineItems,
} from './InvoiceParts';
import type { Invoice, PublicInvoice } from './types';

type Paper = 'receipt' | 'a4';

/** ZATCA's phase-1 QR code (base64 TLV text) as an SVG image: sharp on a thermal printer and on A4. */
const QrCode = ({ text, label }: { text: string; label: string }) => {
  const src = useQrSource(text);
  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={label}
      data-testid="einvoice-qr"
      sx={{
        width: 168,
        height: 168,
        display: 'block',
        mx: 'auto',
        '@media print': { width: '40mm', height: '40mm' },
      }}
    />
  );
};

/** The invoice's time in the salon's zone: each Gulf currency belongs to one country and its one zone. */
const zoneOf = (currency: string): TenantTimeZone =>
  COUNTRY_LIST.find((c) => c.currency === currency)?.timeZone ?? 'Asia/Riyadh';

/** The page's paper: an 80 mm roll (the till's printer) or an A4 sheet; only the document is printed. */
const PrintStyles = ({ paper }: { paper: Paper }) => (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page':
          paper === 'receipt'
            ? // a roll has no height of its own and CSS needs one (`auto` is not valid beside a width):
              // a long receipt goes on over a second length of A4's height
              { size: '80mm 297mm', margin: '3mm' }
            : { size: 'A4 portrait', margin: '15mm' },
        body: { background: '#fff !important' },
        '.no-print': { display: 'none !important' },
        '.einvoice-page': {
          padding: '0 !important',
          background: '#fff !important',
          minHeight: '0 !important',
        },
        '.einvoice-paper': {
          boxShadow: 'none !important',
          border: 'none !important',
          margin: '0 !important',
          padding: '0 !important',
          width: paper === 'receipt' ? '74mm !important' : '100% !important',
          maxWidth: 'none !important',
          fontSize: paper === 'receipt' ? '9pt' : '11pt',
        },
        // the roll's narrow column: one small type size, the salon's name a little larger
        ...(paper === 'receipt' && {
          '.einvoice-paper td, .einvoice-paper th': { padding: '1mm 0.5mm !important' },
          '.einvoice-paper .MuiTypography-root': { fontSize: 'inherit !important' },
          '.einvoice-paper h1.MuiTypography-root': { fontSize: '1.4em !important' },
        }),
      },
    }}
  />
);

const Document = ({
  invoice,
  paper,
  uniqueId,
}: {
  invoice: PublicInvoice;
  paper: Paper;
  uniqueId: string;
}) => {
  const translate = useTranslate();
  const { language } = useArea();
  const money = useInvoiceMoney(invoice.currency);
  const t = (key: string) => translate(`app.sales.invoice.${key}`);
  const name = (en: string, ar: string) => (language === 'ar' ? ar || en : en || ar);
  const asInvoice = invoice as unknown as Invoice;
  return (
    <Paper
      className="einvoice-paper"
      variant="outlined"
      sx={{
        mx: 'auto',
        p: { xs: 2, sm: 3 },
        width: '100%',
        maxWidth: paper === 'receipt' ? 420 : 800,
        minWidth: 0,
      }}
      data-testid="einvoice"
    >
      <Stack spacing={0.5} sx={{ textAlign: 'center', mb: 2 }}>
        <InvoiceLogo
          src={invoice.print?.logo ? `/api/public/e-invoice/${encodeURIComponent(uniqueId)}/logo` : undefined}
          alt={name(invoice.salon.name_en, invoice.salon.name_ar)}
        />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="einvoice-salon">
          {name(invoice.salon.name_en, invoice.salon.name_ar)}
        </Typography>
        <Typography variant="subtitle1" data-testid="einvoice-kind">
          {t(invoice.buyer ? 'standard_tax_invoice' : 'tax_invoice')}
        </Typography>
        {invoice.seller.vat_number && (
          <Typography variant="body2">
            {t('vat_number')} <bdi>{invoice.seller.vat_number}</bdi>
          </Typography>
        )}
      </Stack>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, mb: 2 }}
        data-testid="einvoice-head"
      >
        <Typography color="text.secondary">{t('number')}</Typography>
        <Typography sx={{ fontWeight: 600 }} data-testid="einvoice-number">
          <bdi>{invoice.number}</bdi>
        </Typography>
        <Typography color="text.secondary">{t('date')}</Typography>
        <Typography>
          <bdi>
            {formatViewDateTime(invoice.issued_at, { locale: language, tz: zoneOf(invoice.currency) })}
          </bdi>
        </Typography>
        {invoice.customer_name && (
          <>
            <Typography color="text.secondary">{t('customer')}</Typography>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{invoice.customer_name}</Typography>
          </>
        )}
        {invoice.buyer && (
          <>
            <Typography color="text.secondary">{t('buyer')}</Typography>
            <BuyerText buyer={invoice.buyer} />
          </>
        )}
      </Box>
      <Divider />
      <LineItems testId="einvoice-lines">
        {invoice.lines.map((l) => (
          <InvoiceLineItem key={l.line_id} line={l} name={name(l.name_en, l.name_ar)} money={money} />
        ))}
      </LineItems>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('vat_by_category')}
      </Typography>
      <VatByCategory invoice={asInvoice} money={money} />
      <Box sx={{ mt: 2 }}>
        <InvoiceTotals invoice={asInvoice} money={money} />
      </Box>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('payments')}
      </Typography>
      <InvoicePayments invoice={asInvoice} money={money} />
      <Box sx={{ mt: 3 }}>
        {invoice.qr ? (
          <QrCode text={invoice.qr} label={translate('app.sales.einvoice.qr')} />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {translate('app.sales.einvoice.no_qr')}
          </Typography>
        )}
      </Box>
      <InvoiceNotes notes={invoice.print} />
      <Typography sx={{ textAlign: 'center', mt: 2 }}>{translate('app.sales.einvoice.thanks')}</Typography>
    </Paper>
  );
};

/** A standard (B2B) tax invoice's buyer: its name, VAT number and national address. */
export const BuyerText = ({ buyer }: { buyer: NonNullable<PublicInvoice['buyer']> }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }} data-testid="invoice-buyer">
      <Typography component="div" sx={{ fontWeight: 600 }}>
        {buyer.name}
      </Typography>
      <Typography variant="body2" component="div">
        {translate('app.sales.invoice.vat_number')} <bdi>{buyer.vat_number}</bdi>
      </Typography>
      <Typography variant="body2" component="div" color="text.secondary">
        {[
          `${buyer.building_number} ${buyer.street}`,
          buyer.district,
          `${buyer.city} ${buyer.postal_code}`,
          buyer.additional_number,
        ]
          .filter(Boolean)
          .join('، ')}
      </Typography>
    </Box>
  );
};

/** A standard tax invoice ZATCA has not cleared (yet): shown to no one until it is. */
const AwaitingClearance = ({ invoice, onRetry }: { invoice: PublicInvoice; onRetry: () => void }) => {
  const translate = useTranslate();
  const { language } = useArea();
  const refused = invoice.einvoice_state === 'rejected';
  return (
    <Paper
      variant="outlined"
      sx={{ mx: 'auto', maxWidth: 480, p: 3, textAlign: 'center' }}
      data-testid={refused ? 'einvoice-refused' : 'einvoice-awaiting-clearance'}
    >
      <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
        {language === 'ar' ? invoice.salon.name_ar || invoice.salon.name_en : invoice.salon.name_en}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {translate(refused ? 'app.sales.einvoice.refused' : 'app.sales.einvoice.awaiting_clearance', {
          number: invoice.number,
        })}
      </Typography>
      {!refused && (
        <Button variant="contained" onClick={onRetry}>
          {translate('app.sales.einvoice.retry')}
        </Button>
      )}
    </Paper>
  );
};

/** `/{lang}/e-invoice/{uniqueId}`: the customer's invoice, bilingual, printable on a receipt or A4. */
export const EInvoicePage = () => {
  const { uniqueId } = useParams();
  const { language } = useArea();
  const translate = useTranslate();
  const { state, retry } = usePublicDocument<PublicInvoice>('e-invoice', uniqueId);
  const [paper, setPaper] = useState<Paper>('receipt');
  useEffect(() => {
    document.title = translate('app.sales.einvoice.title');
  }, [translate]);
  return (
    <Box
      component="main"
      className="einvoice-page"
      sx={{ minHeight: '100vh', bgcolor: 'background.default', px: { xs: 1, sm: 2 }, py: 2 }}
    >
      <PrintStyles paper={paper} />
      <Stack
        className="no-print"
        direction="row"
        sx={{
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 2,
          mx: 'auto',
          maxWidth: 800,
        }}
      >
        <LanguageSwitch color="primary" />
        {state.kind === 'found' && !state.document.awaiting_clearance && (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={paper}
              onChange={(_e, v: Paper | null) => v && setPaper(v)}
              aria-label={translate('app.sales.einvoice.print')}
            >
              <ToggleButton value="receipt" data-testid="paper-receipt">
                {translate('app.sales.einvoice.receipt')}
              </ToggleButton>
              <ToggleButton value="a4" data-testid="paper-a4">
                {translate('app.sales.einvoice.a4')}
              </ToggleButton>
            </ToggleButtonGroup>
            <Button
              variant="contained"
              startIcon={<PrintIcon />}
              onClick={() => window.print()}
              data-testid="einvoice-print"
            >
              {translate('app.sales.einvoice.print')}
            </Button>
            {/* the customer's e-survey, from the same link */}
            <Button
              component={RouterLink}
              to={`/${language}/e-survey/${uniqueId}`}
              variant="outlined"
              startIcon={<StarIcon />}
              data-testid="einvoice-rate"
            >
              {translate('app.survey.title')}
            </Button>
          </Stack>
        )}
      </Stack>
      {state.kind === 'loading' && (
        <Box
          sx={{ display: 'grid', placeItems: 'center', py: 8 }}
          aria-label={translate('app.sales.einvoice.loading')}
        >
          <CircularProgress />
        </Box>
      )}
      {state.kind === 'found' &&
        (state.document.awaiting_clearance ? (
          <AwaitingClearance invoice={state.document} onRetry={retry} />
        ) : (
          <Document invoice={state.document} paper={paper} uniqueId={uniqueId ?? ''} />
        ))}
      {state.kind === 'found' && state.document.currency === 'SAR' && (
        // the booking site's public page (a page of its own, so a real link): with this invoice's facts
        <Typography className="no-print" variant="body2" sx={{ textAlign: 'center', mt: 2 }}>
          <Link
            href={`/${language}/report-to-zatca?invoice=${encodeURIComponent(uniqueId ?? '')}`}
            data-testid="einvoice-report-to-zatca"
          >
            {translate('app.sales.einvoice.report_to_zatca')}
          </Link>
        </Typography>
      )}
      {(state.kind === 'not-found' || state.kind === 'failed') && (
        <Paper
          variant="outlined"
          sx={{ mx: 'auto', maxWidth: 480, p: 3, textAlign: 'center' }}
          data-testid={`einvoice-${state.kind}`}
        >
          <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
            {translate(
              `app.sales.einvoice.${state.kind === 'not-found' ? 'not_found_title' : 'failed_title'}`,
            )}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: state.kind === 'failed' ? 2 : 0 }}>
            {translate(
              state.kind === 'not-found' ? 'app.sales.einvoice.not_found' : 'app.sales.einvoice.failed',
            )}
          </Typography>
          {state.kind === 'failed' && (
            <Button variant="contained" onClick={retry}>
              {translate('app.sales.einvoice.retry')}
            </Button>
          )}
        </Paper>
      )}
    </Box>
  );
};
