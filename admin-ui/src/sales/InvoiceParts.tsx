import { useMemo, type ReactNode } from 'react';
import { useTranslate } from 'ra-core';
import { codeLabelKey, formatMoney, type Currency, type VatSubtotal } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useArea } from '../shell/area';
import type { Invoice, InvoiceState } from './types';

/** An amount of the invoice's own currency (minor units), in the page's language. */
export const useInvoiceMoney = (currency: string | undefined) => {
  const { language } = useArea();
  return useMemo(
    () => (minor: number) => {
      try {
        return formatMoney(
          { amount: minor, currency: (currency ?? 'SAR') as Currency },
          { locale: language },
        );
      } catch {
        return String(minor);
      }
    },
    [currency, language],
  );
};

/** A money figure reads left to right inside right-to-left text and never breaks. */
export const Amount = ({ children }: { children: string }) => (
  <bdi style={{ whiteSpace: 'nowrap' }}>{children}</bdi>
);

const STATE_COLOURS: Record<InvoiceState, 'success' | 'warning' | 'error' | 'default'> = {
  paid: 'success',
  partially_paid: 'warning',
  unpaid: 'error',
  cancelled: 'default',
};

export const InvoiceStateChip = ({ state }: { state: InvoiceState | undefined }) => {
  const translate = useTranslate();
  if (!state) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATE_COLOURS[state]}
      label={translate(`app.sales.states.${state}`)}
      data-testid="invoice-state"
    />
  );
};

/** "Standard rate 15%", "Exempt"... */
export const useVatCategory = () => {
  const translate = useTranslate();
  return (s: Pick<VatSubtotal, 'category' | 'rateBp'>) =>
    translate(`app.sales.vat_categories.${s.category}`, { rate: `${s.rateBp / 100}%` });
};

export const usePaymentMethod = () => {
  const translate = useTranslate();
  return (method: number) => translate(codeLabelKey('paymentMethod', method));
};

/** A table of label/value pairs, the usual shape of an invoice's totals. */
export const tableSx: SxProps<Theme> = {
  width: '100%',
  borderCollapse: 'collapse',
  '& td, & th': {
    py: 0.75,
    px: 1,
    textAlign: 'start',
    borderBottom: 1,
    borderColor: 'divider',
    verticalAlign: 'top',
  },
  '& th': { fontWeight: 600 },
  '& .num': { textAlign: 'end' },
  '& td.num': { whiteSpace: 'nowrap' },
};

/** VAT once per category over the whole document, as ZATCA reads it. */
export const VatByCategory = ({ invoice, money }: { invoice: Invoice; money: (m: number) => string }) => {
  const translate = useTranslate();
  const category = useVatCategory();
  return (
    <Box component="table" sx={tableSx} data-testid="vat-by-category">
      <thead>
        <tr>
          <th>{translate('app.sales.invoice.category')}</th>
          <th className="num">{translate('app.sales.invoice.taxable')}</th>
          <th className="num">{translate('app.sales.invoice.vat')}</th>
        </tr>
      </thead>
      <tbody>
        {invoice.subtotals.map((s) => (
          <tr key={`${s.category}-${s.rateBp}`}>
            <td>{category(s)}</td>
            <td className="num">
              <Amount>{money(s.taxable)}</Amount>
            </td>
            <td className="num">
              <Amount>{money(s.vat)}</Amount>
            </td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
};

/** Before discount, discount, before VAT, VAT, total, paid and owed. */
export const InvoiceTotals = ({ invoice, money }: { invoice: Invoice; money: (m: number) => string }) => {
  const translate = useTranslate();
  const rows: Array<[string, number, boolean?]> = [
    ['gross', invoice.gross],
    ...(invoice.discount ? [['discount', -invoice.discount] as [string, number]] : []),
    ['net', invoice.net],
    ['vat', invoice.vat],
    ['total', invoice.total, true],
    ...(invoice.redeemed ? [['redeemed', -invoice.redeemed] as [string, number]] : []),
    ['paid', invoice.paid],
    ...(invoice.owed ? [['owed', invoice.owed] as [string, number]] : []),
  ];
  return (
    <Box component="table" sx={tableSx} data-testid="invoice-totals">
      <tbody>
        {rows.map(([key, value, strong]) => (
          <tr key={key} data-testid={`total-${key}`}>
            {strong ? (
              <th>{translate(`app.sales.invoice.${key}`)}</th>
            ) : (
              <td>
                {translate(key === 'redeemed' ? 'app.gift_cards.redeemed' : `app.sales.invoice.${key}`)}
              </td>
            )}
            {strong ? (
              <th className="num">
                <Amount>{money(value)}</Amount>
              </th>
            ) : (
              <td className="num">
                <Amount>{money(value)}</Amount>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </Box>
  );
};

/** Each payment's method, amount and (card) authorization code. */
export const InvoicePayments = ({ invoice, money }: { invoice: Invoice; money: (m: number) => string }) => {
  const translate = useTranslate();
  const method = usePaymentMethod();
  if (invoice.payments.length === 0)
    return <Box sx={{ color: 'text.secondary', py: 1 }}>{translate('app.sales.invoice.no_payments')}</Box>;
  return (
    <Box component="table" sx={tableSx} data-testid="invoice-payments">
      <tbody>
        {invoice.payments.map((p) => (
          <tr key={p.payment_id}>
            <td>
              {method(p.method)}
              {p.authorization_code && (
                <Box
                  component="span"
                  // an online payment's reference is one long word: it breaks rather than widen a phone's card
                  sx={{
                    color: 'text.secondary',
                    display: 'block',
                    fontSize: '0.85em',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {translate('app.sales.invoice.authorization_code')}: <bdi>{p.authorization_code}</bdi>
                </Box>
              )}
            </td>
            <td className="num">
              <Amount>{money(p.amount)}</Amount>
            </td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
};

/** "From package X": a line paid by a session of the customer's purchase (nothing is paid for it here). */
export const FromCustomerOffer = ({ line }: { line: Invoice['lines'][number] }) => {
  const translate = useTranslate();
  const { language } = useArea();
  const from = line.from_customer_offer;
  if (!from) return null;
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="div"
      data-testid="invoice-line-from-offer"
    >
      {translate(`app.customer_offers.from_${from.kind}`, {
        name: language === 'ar' ? from.name_ar || from.name_en : from.name_en || from.name_ar,
      })}
    </Typography>
  );
};

/**
 * One line of a document as a phone shows it, in two: what and its total, then its details in smaller
 * type. The invoice's, the e-invoice's and the debit note's lines.
 */
export const LineItem = ({
  name,
  total,
  details,
  testId,
}: {
  name: ReactNode;
  total: string;
  details: ReactNode;
  testId?: string;
}) => (
  <Box
    component="li"
    data-testid={testId}
    sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
  >
    <Stack direction="row" sx={{ gap: 1, justifyContent: 'space-between' }}>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{name}</Box>
      <Typography sx={{ fontWeight: 600, flexShrink: 0 }}>
        <Amount>{total}</Amount>
      </Typography>
    </Stack>
    <Typography variant="body2" color="text.secondary">
      {details}
    </Typography>
  </Box>
);

/** A phone's list of a document's lines (`LineItem`s). */
export const LineItems = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid={testId}>
    {children}
  </Box>
);

/**
 * One line of an invoice as a phone and the customer's e-invoice show it: what and its total, then
 * (who,) how many at what price, its discount and its VAT.
 */
export const InvoiceLineItem = ({
  line,
  name,
  employee,
  money,
  testId,
}: {
  line: Invoice['lines'][number];
  name: string;
  employee?: string;
  money: (minor: number) => string;
  testId?: string;
}) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.sales.invoice.${key}`);
  return (
    <LineItem
      testId={testId}
      name={
        <>
          <Typography>{name}</Typography>
          <FromCustomerOffer line={line} />
        </>
      }
      total={money(line.total)}
      details={
        <>
          {employee && <>{employee} · </>}
          <bdi>{`${line.quantity} × ${money(line.unit_price)}`}</bdi>
          {line.discount > 0 && (
            <>
              {' · '}
              {t('discount')} <Amount>{money(line.discount)}</Amount>
            </>
          )}
          {' · '}
          {t('vat')} <Amount>{money(line.vat)}</Amount>
        </>
      }
    />
  );
};

/** The salon's notes at an invoice's foot (its invoice settings), in the page's language or the other. */
export const InvoiceNotes = ({ notes }: { notes?: { notes_en: string; notes_ar: string } }) => {
  const { language } = useArea();
  const text =
    (language === 'ar' ? notes?.notes_ar || notes?.notes_en : notes?.notes_en || notes?.notes_ar) ?? '';
  if (!text) return null;
  return (
    <Typography
      variant="body2"
      sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', textAlign: 'center', mt: 2 }}
      data-testid="invoice-notes"
    >
      {text}
    </Typography>
  );
};

/** The salon's logo at the head of an invoice (shown when its invoice settings say so). */
export const InvoiceLogo = ({ src, alt }: { src?: string; alt: string }) =>
  src ? (
    <Box
      component="img"
      src={src}
      alt={alt}
      data-testid="invoice-logo"
      sx={{ display: 'block', mx: 'auto', maxHeight: 72, maxWidth: 200, objectFit: 'contain' }}
    />
  ) : null;
