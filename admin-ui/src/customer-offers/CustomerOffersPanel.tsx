import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RedeemIcon from '@mui/icons-material/RedeemOutlined';
import { useFormat } from '../format/useFormat';
import { useArea } from '../shell/area';
import type { CustomerOffer } from './types';

/** Sessions of a purchase's service still free once the basket's lines that use it are counted. */
export const sessionsFree = (
  offer: CustomerOffer,
  serviceId: string,
  inBasket: ReadonlyArray<{ customerOfferId?: string; itemId: string }>,
) => {
  const mine = inBasket.filter((l) => l.customerOfferId === offer.id);
  const service = offer.services.find((s) => s.service_id === serviceId);
  if (!service) return 0;
  return Math.max(
    0,
    Math.min(
      service.left - mine.filter((l) => l.itemId === serviceId).length,
      offer.sessions_left - mine.length,
    ),
  );
};

/**
 * The till, for a customer with offers or packages to use: what she has left, each service a button
 * that adds it as a line paid by one of her sessions (0 on this invoice: she paid when she bought it).
 */
export const CustomerOffersPanel = ({
  offers,
  lines,
  onUse,
}: {
  offers: CustomerOffer[];
  lines: ReadonlyArray<{ customerOfferId?: string; itemId: string }>;
  onUse: (offer: CustomerOffer, serviceId: string) => void;
}) => {
  const translate = useTranslate();
  const { date } = useFormat();
  const { language } = useArea();
  const usable = offers.filter((o) => o.status === 'active');
  if (usable.length === 0) return null;
  const name = (x: { name_en: string; name_ar: string }) => (language === 'ar' ? x.name_ar : x.name_en);
  return (
    <Box sx={{ mt: 1.5 }} data-testid="billing-customer-offers">
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {translate('app.customer_offers.on_till')}
      </Typography>
      <Stack spacing={1}>
        {usable.map((o) => (
          <Box key={o.id} data-testid="billing-customer-offer">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {name(o)}{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                <bdi>
                  {translate('app.customer_offers.sessions_left', {
                    left: o.sessions_left,
                    smart_count: o.allowance,
                  })}
                  {' · '}
                  {translate('app.customer_offers.valid_until', { date: date(o.expires_on) })}
                </bdi>
              </Typography>
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}>
              {o.services.map((s) => {
                const free = sessionsFree(o, s.service_id, lines);
                return (
                  <Button
                    key={s.service_id}
                    size="small"
                    variant="outlined"
                    startIcon={<RedeemIcon />}
                    disabled={free === 0}
                    onClick={() => onUse(o, s.service_id)}
                    data-testid="billing-use-session"
                  >
                    {translate('app.customer_offers.use_session', { service: name(s), left: free })}
                  </Button>
                );
              })}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
};
