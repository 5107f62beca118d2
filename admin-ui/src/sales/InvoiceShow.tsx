import { useFileUrl } from '../forms/files';
import { useCallback, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Show, TopToolbar } from 'react-admin';
import { useRecordContext, useRefresh, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import ListIcon from '@mui/icons-material/List';
import { useFormat } from '../format/useFormat';
import { useIsPhone } from '../layout/ResponsiveDataTable';
import { useArea } from '../shell/area';
import { useActorName } from '../users/useUsers';
import {
  Amount,
  InvoicePayments,
  InvoiceStateChip,
  InvoiceTotals,
  VatByCategory,
  tableSx,
  useInvoiceMoney,
  useVatCategory,
  InvoiceLineItem,
  LineItems,
  FromCustomerOffer,
  InvoiceLogo,
  InvoiceNotes,
} from './InvoiceParts';
import { useCustomerName } from './InvoiceList';
import type { Invoice } from './types';
import { ReceivePaymentButton } from '../instruments/ReceivePaymentButton';
import { CancelInvoiceButton } from '../notes/CancelInvoiceButton';
import { CancelledNotice } from '../notes/CancelledNotice';
import { CreditNoteButton } from '../notes/CreditNoteButton';
import { DebitNoteButton } from '../notes/DebitNoteButton';
import { InvoiceRating } from '../survey/InvoiceRating';
import { EInvoicePanel } from '../einvoicing/EInvoicePanel';
import { EInvoicingChip } from '../einvoicing/EInvoicingChip';
import { BuyerText } from './EInvoicePage';

/** The address of the customer's e-invoice, the same the receipt's link and QR lead to. */
export const eInvoicePath = (language: string, uniqueId: string) => `/${language}/e-invoice/${uniqueId}`;

const InvoiceTitle = () => {
  const record = useRecordContext<Invoice>();
  const translate = useTranslate();
  return <>{record ? translate('app.sales.invoice.title', { number: record.number }) : ''}</>;
};

const Actions = () => {
  const translate = useTranslate();
  const record = useRecordContext<Invoice>();
  const { language, basename } = useArea();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button component={RouterLink} to={`${basename}/accounting/total-sales`} startIcon={<ListIcon />}>
        {translate('app.sales.invoice.back')}
      </Button>
      {record && (
        <Button
          href={eInvoicePath(language, record.unique_id)}
          target="_blank"
          rel="noopener"
          variant="outlined"
          startIcon={<ReceiptIcon />}
          data-testid="customer-einvoice"
        >
          {translate('app.sales.invoice.customer_einvoice')}
        </Button>
      )}
      {record && <ReceivePaymentButton invoice={record} variant="contained" />}
      {record && <CreditNoteButton invoice={record} />}
      {record && <DebitNoteButton invoice={record} />}
      {record && <CancelInvoiceButton invoice={record} />}
    </TopToolbar>
  );
};

/** Names of the employees and the cashier the invoice refers to, as `GET invoices/<id>` gives them. */
const useNames = (invoice: Invoice | undefined): Record<string, string> => {
  const { language } = useArea();
  const actorName = useActorName();
  if (!invoice) return {};
  const names: Record<string, string> = {};
  for (const [id, e] of Object.entries(invoice.employee_names ?? {}))
    names[id] = (language === 'ar' ? e.name_ar : e.name_en) || e.name_en;
  if (invoice.cashier_id && invoice.cashier_name)
    names[invoice.cashier_id] = actorName({
      kind: 'user',
      id: invoice.cashier_id,
      name: invoice.cashier_name,
    });
  return names;
};

const Section = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => (
  <Card variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Card>
);

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

const InvoiceBody = () => {
  const invoice = useRecordContext<Invoice>();
  const translate = useTranslate();
  const { language } = useArea();
  const { dateTime } = useFormat();
  const money = useInvoiceMoney(invoice?.currency);
  const category = useVatCategory();
  const customer = useCustomerName();
  const names = useNames(invoice);
  const phone = useIsPhone();
  const refresh = useRefresh();
  // the document reported while the page is open: the invoice (its chip, its notes) is read again
  const known = invoice?.einvoicing;
  const moved = useCallback((state: string) => state !== known && refresh(), [known, refresh]);
  const logo = useFileUrl(invoice?.print?.logo_file_id);
  if (!invoice) return null;
  const lineName = (l: Invoice['lines'][number]) =>
    language === 'ar' ? l.name_ar || l.name_en : l.name_en || l.name_ar;
  const t = (key: string) => translate(`app.sales.invoice.${key}`);
  const sellerName = language === 'ar' ? invoice.seller.name_ar : invoice.seller.name_en;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }} data-testid="invoice-show">
      <InvoiceLogo src={logo} alt={sellerName} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {translate('app.sales.invoice.title', { number: invoice.number })}
        </Typography>
        <InvoiceStateChip state={invoice.state} />
        <EInvoicingChip state={invoice.einvoicing} />
      </Stack>
      <CancelledNotice invoice={invoice} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Fact label={t('date')}>
          <bdi>{dateTime(invoice.issued_at)}</bdi>
        </Fact>
        <Fact label={t('seller')}>
          {sellerName}
          {invoice.seller.vat_number && (
            <Typography variant="body2" color="text.secondary" component="div">
              {t('vat_number')} <bdi>{invoice.seller.vat_number}</bdi>
            </Typography>
          )}
        </Fact>
        <Fact label={t('customer')}>{customer(invoice)}</Fact>
        {invoice.buyer && (
          <Fact label={t('buyer')}>
            <BuyerText buyer={invoice.buyer} />
          </Fact>
        )}
        <Fact label={t('cashier')}>{(invoice.cashier_id && names[invoice.cashier_id]) || '—'}</Fact>
      </Box>
      <Section title={t('lines')} testId="invoice-lines">
        {phone ? (
          // a phone reads each line as two: what and its total, then who, how many, at what price
          <LineItems>
            {invoice.lines.map((l) => (
              <InvoiceLineItem
                key={l.line_id}
                testId="invoice-line"
                line={l}
                name={lineName(l)}
                employee={l.employee_id ? names[l.employee_id] : undefined}
                money={money}
              />
            ))}
          </LineItems>
        ) : (
          <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
            <Box component="table" sx={{ ...tableSx, minWidth: 640 }}>
              <thead>
                <tr>
                  <th>{t('item')}</th>
                  <th>{t('employee')}</th>
                  <th className="num">{t('quantity')}</th>
                  <th className="num">{t('unit_price')}</th>
                  <th className="num">{t('discount')}</th>
                  <th className="num">{t('vat')}</th>
                  <th className="num">{t('line_total')}</th>
                </tr>
              </thead>
              <tbody>
                {invoice.lines.map((l) => (
                  <tr key={l.line_id} data-testid="invoice-line">
                    <td>
                      {lineName(l)}
                      <FromCustomerOffer line={l} />
                    </td>
                    <td>{(l.employee_id && names[l.employee_id]) || '—'}</td>
                    <td className="num">{l.quantity}</td>
                    <td className="num">
                      <Amount>{money(l.unit_price)}</Amount>
                    </td>
                    <td className="num">
                      <Amount>{money(l.discount)}</Amount>
                    </td>
                    <td className="num" title={category({ category: l.vat_category, rateBp: l.vat_rate_bp })}>
                      <Amount>{money(l.vat)}</Amount>
                    </td>
                    <td className="num">
                      <Amount>{money(l.total)}</Amount>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
        )}
      </Section>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Section title={t('vat_by_category')}>
          <VatByCategory invoice={invoice} money={money} />
        </Section>
        <Section title={t('total')}>
          <InvoiceTotals invoice={invoice} money={money} />
        </Section>
        <Section title={t('payments')}>
          <InvoicePayments invoice={invoice} money={money} />
        </Section>
        <Section title={translate('app.survey.on_invoice')} testId="invoice-rating-section">
          <InvoiceRating invoiceId={invoice.id} uniqueId={invoice.unique_id} />
        </Section>
        <Section title={t('einvoicing')}>
          {invoice.einvoicing === 'not_applicable' ? (
            <Typography>{translate(`app.sales.einvoicing.${invoice.einvoicing}`)}</Typography>
          ) : (
            <EInvoicePanel
              documentId={invoice.id}
              fallback={translate('app.einvoicing.not_signed')}
              onState={moved}
            />
          )}
          {invoice.notes && (
            <Fact label={t('notes')}>
              <bdi>{invoice.notes}</bdi>
            </Fact>
          )}
        </Section>
      </Box>
      <InvoiceNotes notes={invoice.print} />
    </Stack>
  );
};

/** One invoice as issued: seller, customer, lines, VAT by category, totals, payments. */
export const InvoiceShow = () => (
  <Show
    title={<InvoiceTitle />}
    actions={<Actions />}
    component="div"
    // a flex item grows to its widest content (the lines' table) unless allowed to shrink
    sx={{ '& .RaShow-main, & .RaShow-card': { minWidth: 0 } }}
  >
    <InvoiceBody />
  </Show>
);
