import { useFileUrl } from '../forms/files';
import { useCallback } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TopToolbar } from 'react-admin';
import { useRecordContext, useRefresh, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { DocumentBody, DocumentHeading, DocumentShow, Fact, Facts, Section, Sections } from './DocumentParts';

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
    <DocumentBody testId="invoice-show">
      <InvoiceLogo src={logo} alt={sellerName} />
      <DocumentHeading title={translate('app.sales.invoice.title', { number: invoice.number })}>
        <InvoiceStateChip state={invoice.state} />
        <EInvoicingChip state={invoice.einvoicing} />
      </DocumentHeading>
      <CancelledNotice invoice={invoice} />
      <Facts>
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
      </Facts>
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
      <Sections>
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
      </Sections>
      <InvoiceNotes notes={invoice.print} />
    </DocumentBody>
  );
};

/** One invoice as issued: seller, customer, lines, VAT by category, totals, payments. */
export const InvoiceShow = () => (
  <DocumentShow title={<InvoiceTitle />} actions={<Actions />}>
    <InvoiceBody />
  </DocumentShow>
);
