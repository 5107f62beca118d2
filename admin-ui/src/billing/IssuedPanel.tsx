import { Title } from 'react-admin';
import { useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useFormat } from '../format/useFormat';
import { useArea } from '../shell/area';
import { eGiftPath } from '../instruments/types';
import { LinkIfAllowed } from '../layout/LinkIfAllowed';

/** What `POST invoices` answers, as far as the till shows it. */
export type Issued = {
  id: string;
  number: number;
  unique_id: string;
  total: number;
  paid: number;
  owed: number;
  /** the gift cards it sold: their codes and pages */
  gift_cards_sold?: Array<{ gift_card_id: string; code: string; unique_id: string; value: number }>;
  /** a Saudi invoice's signed e-invoice; a standard (B2B) one says how its clearance went */
  einvoice?: { standard: boolean; state?: 'cleared' | 'rejected' | 'pending' } | null;
};

/** A standard tax invoice's clearance by ZATCA, as the till's reply tells it. */
const Clearance = ({ issued }: { issued: Issued }) => {
  const translate = useTranslate();
  const { basename } = useArea();
  const state = issued.einvoice?.state ?? 'pending';
  return (
    <Alert
      severity={state === 'cleared' ? 'success' : state === 'rejected' ? 'error' : 'info'}
      sx={{ textAlign: 'start', width: '100%' }}
      data-testid={`invoice-clearance-${state}`}
    >
      {translate(`app.billing.clearance.${state}`)}{' '}
      {state !== 'cleared' && (
        <LinkIfAllowed
          resource="accounting/total-sales"
          to={`${basename}/accounting/total-sales/${issued.id}/show`}
          data-testid="invoice-clearance-why"
        >
          {translate('app.billing.clearance.open')}
        </LinkIfAllowed>
      )}
    </Alert>
  );
};

/** The invoice as issued: its number, what it came to, the customer's e-invoice, and the next sale. */
export const IssuedPanel = ({ issued, onNew }: { issued: Issued; onNew: () => void }) => {
  const translate = useTranslate();
  const { language } = useArea();
  const { money } = useFormat();
  return (
    <Box sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}>
      <Title title="app.billing.title" />
      <Card sx={{ width: '100%', maxWidth: 520 }} data-testid="invoice-issued">
        <CardContent>
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <ReceiptLongIcon color="success" sx={{ fontSize: 48 }} />
            <Typography variant="h5" component="h1" data-testid="invoice-number">
              {translate('app.billing.issued_title', { number: issued.number })}
            </Typography>
            <Typography color="text.secondary">
              {translate('app.billing.issued_total', {
                total: money(issued.total),
                paid: money(issued.paid),
              })}
            </Typography>
            {issued.owed > 0 && (
              <Typography color="warning.main">
                {translate('app.billing.owed')}: <bdi>{money(issued.owed)}</bdi>
              </Typography>
            )}
            {issued.einvoice?.standard && <Clearance issued={issued} />}
            {/* a standard tax invoice is shown to no one before ZATCA cleared it */}
            {(!issued.einvoice?.standard || issued.einvoice.state === 'cleared') && (
              <Link
                href={`/${language}/e-invoice/${issued.unique_id}`}
                target="_blank"
                rel="noopener"
                data-testid="invoice-e-invoice"
              >
                {translate('app.billing.e_invoice')}
              </Link>
            )}
            {(issued.gift_cards_sold ?? []).length > 0 && (
              <Stack spacing={0.5} data-testid="invoice-gift-cards">
                <Typography variant="subtitle2">{translate('app.gift_cards.sold')}</Typography>
                {issued.gift_cards_sold!.map((g) => (
                  <Typography key={g.gift_card_id}>
                    <bdi dir="ltr" data-testid="invoice-gift-card-code">
                      {g.code}
                    </bdi>{' '}
                    · <bdi>{money(g.value)}</bdi> ·{' '}
                    <Link href={eGiftPath(language, g.unique_id)} target="_blank" rel="noopener">
                      {translate('app.gift_cards.e_gift')}
                    </Link>
                  </Typography>
                ))}
              </Stack>
            )}
            <Button
              variant="contained"
              size="large"
              startIcon={<AddIcon />}
              onClick={onNew}
              autoFocus
              data-testid="billing-new"
            >
              {translate('app.billing.new_invoice')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};
