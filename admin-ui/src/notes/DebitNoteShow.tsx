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
import { useIsPhone } from '../layout/ResponsiveDataTable';
import {
  Amount,
  InvoicePayments,
  LineItem,
  LineItems,
  tableSx,
  useInvoiceMoney,
  useVatCategory,
} from '../sales/InvoiceParts';
import { useCustomerName } from '../sales/InvoiceList';
import type { Invoice } from '../sales/types';
import { useArea } from '../shell/area';
import type { DebitNote } from './debitNote';
import { DEBIT_NOTES } from './paths';
import { EInvoicingChip } from '../einvoicing/EInvoicingChip';

const Title = () => {
  const note = useRecordContext<DebitNote>();
  const translate = useTranslate();
  return <>{note ? translate('app.notes.debit.show_title', { number: note.number }) : ''}</>;
};

const Actions = () => {
  const translate = useTranslate();
  const note = useRecordContext<DebitNote>();
  const { basename } = useArea();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button component={RouterLink} to={`${basename}/${DEBIT_NOTES}`} startIcon={<ListIcon />}>
        {translate('app.notes.debit.list')}
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
  const note = useRecordContext<DebitNote>();
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const money = useInvoiceMoney(note?.currency);
  const category = useVatCategory();
  const customer = useCustomerName();
  const phone = useIsPhone();
  if (!note) return null;
  const rows: Array<[string, number, boolean?]> = [
    ['app.sales.invoice.net', note.net],
    ['app.sales.invoice.vat', note.vat],
    ['app.notes.debit.charged', note.total, true],
    ['app.sales.invoice.paid', note.paid],
    ['app.sales.invoice.owed', note.owed],
  ];
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }} data-testid="debit-note-show">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {translate('app.notes.debit.show_title', { number: note.number })}
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
            {translate('app.notes.credit.reason')}
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            <bdi>{note.reason}</bdi>
          </Typography>
        </Box>
      </Box>
      <Card variant="outlined" sx={{ p: 2, minWidth: 0, overflowX: 'auto' }}>
        {phone ? (
          // a phone reads each line as two: what and its total, then its VAT category and VAT
          <LineItems testId="debit-note-lines">
            {note.lines.map((l) => (
              <LineItem
                key={l.line_id}
                testId="debit-note-line"
                name={
                  <Typography>
                    <bdi>{l.description}</bdi>
                  </Typography>
                }
                total={money(l.total)}
                details={
                  <>
                    {category({ category: l.vat_category, rateBp: l.vat_rate_bp })}
                    {' · '}
                    {translate('app.sales.invoice.vat')} <Amount>{money(l.vat)}</Amount>
                  </>
                }
              />
            ))}
          </LineItems>
        ) : (
          <Box component="table" sx={tableSx} data-testid="debit-note-lines">
            <thead>
              <tr>
                <th>{translate('app.notes.debit.description')}</th>
                <th>{translate('app.sales.invoice.category')}</th>
                <th className="num">{translate('app.sales.invoice.vat')}</th>
                <th className="num">{translate('app.sales.invoice.line_total')}</th>
              </tr>
            </thead>
            <tbody>
              {note.lines.map((l) => (
                <tr key={l.line_id}>
                  <td>
                    <bdi>{l.description}</bdi>
                  </td>
                  <td>{category({ category: l.vat_category, rateBp: l.vat_rate_bp })}</td>
                  <td className="num">
                    <Amount>{money(l.vat)}</Amount>
                  </td>
                  <td className="num">
                    <Amount>{money(l.total)}</Amount>
                  </td>
                </tr>
              ))}
            </tbody>
          </Box>
        )}
      </Card>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Card variant="outlined" sx={{ p: 2 }}>
          <Box component="table" sx={tableSx} data-testid="debit-note-shown-totals">
            <tbody>
              {rows.map(([key, value, strong]) => (
                <tr key={key}>
                  {strong ? <th>{translate(key)}</th> : <td>{translate(key)}</td>}
                  <td className="num">
                    <Amount>{money(value)}</Amount>
                  </td>
                </tr>
              ))}
            </tbody>
          </Box>
        </Card>
        <Card variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {translate('app.notes.debit.payments')}
          </Typography>
          <InvoicePayments invoice={{ payments: note.payments } as Invoice} money={money} />
        </Card>
      </Box>
    </Stack>
  );
};

/** One debit note as issued: its invoice, lines with VAT, total, what was paid and what is owed. */
export const DebitNoteShow = () => (
  <Show
    title={<Title />}
    actions={<Actions />}
    component="div"
    sx={{ '& .RaShow-main, & .RaShow-card': { minWidth: 0 } }}
  >
    <Body />
  </Show>
);
