import { Link as RouterLink } from 'react-router-dom';
import { Show, TopToolbar } from 'react-admin';
import { useRecordContext, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ListIcon from '@mui/icons-material/List';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useFormat } from '../format/useFormat';
import { Amount, InvoicePayments, tableSx, useInvoiceMoney, useVatCategory } from '../sales/InvoiceParts';
import { useCustomerName } from '../sales/InvoiceList';
import type { Invoice } from '../sales/types';
import { useArea } from '../shell/area';
import type { CreditNote } from './creditNote';
import { CREDIT_NOTES } from './paths';
import { EInvoicingChip } from '../einvoicing/EInvoicingChip';

const Title = () => {
  const note = useRecordContext<CreditNote>();
  const translate = useTranslate();
  return <>{note ? translate('app.notes.credit.show_title', { number: note.number }) : ''}</>;
};

const Actions = () => {
  const translate = useTranslate();
  const note = useRecordContext<CreditNote>();
  const { basename } = useArea();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button component={RouterLink} to={`${basename}/${CREDIT_NOTES}`} startIcon={<ListIcon />}>
        {translate('app.notes.credit.list')}
      </Button>
      {note && (
        <Button
          component={RouterLink}
          to={`${basename}/accounting/total-sales/${note.invoice_id}/show`}
          variant="outlined"
          startIcon={<ReceiptIcon />}
        >
          {translate('app.notes.credit.of_invoice', { number: note.invoice_number })}
        </Button>
      )}
    </TopToolbar>
  );
};

const Body = () => {
  const note = useRecordContext<CreditNote>();
  const translate = useTranslate();
  const { language } = useArea();
  const { dateTime } = useFormat();
  const money = useInvoiceMoney(note?.currency);
  const category = useVatCategory();
  const customer = useCustomerName();
  if (!note) return null;
  const t = (key: string) => translate(`app.notes.credit.${key}`);
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }} data-testid="credit-note-show">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {translate('app.notes.credit.show_title', { number: note.number })}
        </Typography>
        {note.einvoicing !== 'not_applicable' && <EInvoicingChip state={note.einvoicing} />}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Box>
          <Typography variant="caption" color="text.secondary">
            {translate('app.sales.invoice.date')}
          </Typography>
          <Typography>
            <bdi>{dateTime(note.issued_at)}</bdi>
          </Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {translate('app.sales.invoice.customer')}
          </Typography>
          <Typography>{customer(note)}</Typography>
        </Box>
        <Box sx={{ gridColumn: { xs: '1 / -1', md: 'span 2' } }}>
          <Typography variant="caption" color="text.secondary">
            {t('reason')}
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="credit-note-reason-shown">
            <bdi>{note.reason}</bdi>
          </Typography>
        </Box>
      </Box>
      <Card variant="outlined" sx={{ p: 2, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {t('lines')}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Box component="table" sx={tableSx}>
            <thead>
              <tr>
                <th>{translate('app.sales.invoice.item')}</th>
                <th className="num">{translate('app.sales.invoice.quantity')}</th>
                <th className="num">{translate('app.sales.invoice.vat')}</th>
                <th className="num">{translate('app.sales.invoice.line_total')}</th>
              </tr>
            </thead>
            <tbody>
              {note.lines.map((l) => (
                <tr key={l.line_id} data-testid="credit-note-shown-line">
                  <td>{language === 'ar' ? l.name_ar || l.name_en : l.name_en}</td>
                  <td className="num">{l.quantity}</td>
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
      </Card>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Card variant="outlined" sx={{ p: 2 }}>
          <Box component="table" sx={tableSx} data-testid="credit-note-totals">
            <tbody>
              <tr>
                <td>{translate('app.sales.invoice.net')}</td>
                <td className="num">
                  <Amount>{money(note.net)}</Amount>
                </td>
              </tr>
              <tr>
                <td>{translate('app.sales.invoice.vat')}</td>
                <td className="num">
                  <Amount>{money(note.vat)}</Amount>
                </td>
              </tr>
              <tr>
                <th>{t('credited')}</th>
                <th className="num">
                  <Amount>{money(note.total)}</Amount>
                </th>
              </tr>
            </tbody>
          </Box>
        </Card>
        <Card variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {t('refunds')}
          </Typography>
          <InvoicePayments invoice={{ payments: note.payments } as Invoice} money={money} />
        </Card>
      </Box>
    </Stack>
  );
};

/** One credit note as issued: its invoice, lines, VAT, total, refunds and reason. */
export const CreditNoteShow = () => (
  <Show
    title={<Title />}
    actions={<Actions />}
    component="div"
    sx={{ '& .RaShow-main, & .RaShow-card': { minWidth: 0 } }}
  >
    <Body />
  </Show>
);
