import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import { useArea } from '../shell/area';
import { eOfferPath, type CustomerOffer } from './types';
import { LinkIfAllowed } from '../layout/LinkIfAllowed';

export const STATUS_COLOR = {
  active: 'success',
  used: 'default',
  expired: 'warning',
  closed: 'default',
} as const;

/** One purchase: what it is, its status, each service's sessions left, until when, what it cost. */
export const CustomerOfferCard = ({ offer }: { offer: CustomerOffer }) => {
  const translate = useTranslate();
  const { money, date } = useFormat();
  const { language, basename } = useArea();
  const name = (x: { name_en: string; name_ar: string }) => (language === 'ar' ? x.name_ar : x.name_en);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="customer-offer">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Chip size="small" variant="outlined" label={translate(`app.customer_offers.kinds.${offer.kind}`)} />
        <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} data-testid="customer-offer-name">
          {name(offer)}
        </Typography>
        <Chip
          size="small"
          color={STATUS_COLOR[offer.status]}
          label={translate(`app.customer_offers.statuses.${offer.status}`)}
          data-testid="customer-offer-status"
        />
      </Stack>
      <Typography sx={{ mb: 1 }} data-testid="customer-offer-left">
        {translate('app.customer_offers.sessions_left', {
          left: offer.sessions_left,
          smart_count: offer.allowance,
        })}
      </Typography>
      <Box component="ul" sx={{ m: 0, paddingInlineStart: 2.5, mb: 1 }}>
        {offer.services.map((s) => (
          <Typography component="li" variant="body2" key={s.service_id} data-testid="customer-offer-service">
            {translate('app.customer_offers.service_left', {
              service: name(s),
              left: s.left,
              smart_count: s.sessions,
            })}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        <bdi>
          {translate(
            offer.status === 'expired' ? 'app.customer_offers.expired_on' : 'app.customer_offers.valid_until',
            {
              date: date(offer.expires_on),
            },
          )}
        </bdi>
        {' · '}
        <bdi>{translate('app.customer_offers.value_left', { value: money(offer.value_left) })}</bdi>
      </Typography>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mt: 0.5 }}>
        {offer.invoice_id && (
          <LinkIfAllowed
            resource="accounting/total-sales"
            to={`${basename}/accounting/total-sales/${offer.invoice_id}/show`}
            variant="body2"
          >
            {translate('app.customer_offers.bought_on', {
              date: date(offer.business_date),
              number: offer.invoice_number ?? '',
            })}
          </LinkIfAllowed>
        )}
        <Link
          href={eOfferPath(language, offer.unique_id)}
          target="_blank"
          rel="noopener"
          variant="body2"
          data-testid="customer-offer-link"
        >
          {translate('app.customer_offers.e_offer')}
        </Link>
      </Stack>
    </Paper>
  );
};
