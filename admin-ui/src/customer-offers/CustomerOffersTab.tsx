import { useRecordContext, useTranslate } from 'ra-core';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CustomerOfferCard } from './CustomerOfferCard';
import { useCustomerOffers } from './useCustomerOffers';

/** The customer's card: the offers and packages she bought, the usable ones first, with their sessions left. */
export const CustomerOffersTab = () => {
  const record = useRecordContext<{ id: string }>();
  const translate = useTranslate();
  const { offers } = useCustomerOffers(record ? String(record.id) : undefined);
  if (!offers) return null;
  return (
    <Stack spacing={1.5} sx={{ py: 1, maxWidth: 720 }} data-testid="customer-offers">
      {offers.length === 0 && (
        <Typography color="text.secondary" data-testid="customer-offers-empty">
          {translate('app.customer_offers.none')}
        </Typography>
      )}
      {offers.map((o) => (
        <CustomerOfferCard key={o.id} offer={o} />
      ))}
    </Stack>
  );
};
