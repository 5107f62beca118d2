import { PublicDocumentFrame } from '../shell/PublicDocumentFrame';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { formatDate, formatMoney, type Currency } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SpaIcon from '@mui/icons-material/SpaOutlined';
import { useArea } from '../shell/area';
import { usePublicDocument } from '../http/usePublicDocument';
import { STATUS_COLOR } from './CustomerOfferCard';

type PublicCustomerOffer = {
  kind: 'offer' | 'package';
  name_en: string;
  name_ar: string;
  description_en: string | null;
  description_ar: string | null;
  customer_name: string;
  services: Array<{ service_id: string; name_en: string; name_ar: string; sessions: number; left: number }>;
  sessions_total: number;
  sessions_used: number;
  sessions_left: number;
  total: number;
  currency: Currency;
  invoice_number: number | null;
  business_date: string;
  expires_on: string;
  status: 'active' | 'used' | 'expired' | 'closed';
  uses: Array<{ service_id: string; business_date: string; invoice_number: number }>;
  salon: { name_en: string; name_ar: string };
};

/** `/{lang}/e-offer/{uniqueId}`: the offer or package a customer bought, with what she has left and until when. */
export const EOfferPage = () => {
  const { uniqueId } = useParams();
  const translate = useTranslate();
  const { language } = useArea();
  const { state, retry } = usePublicDocument<PublicCustomerOffer>('e-offer', uniqueId);
  useEffect(() => {
    document.title = translate('app.customer_offers.page_title');
  }, [translate]);
  const offer = state.kind === 'found' ? state.document : undefined;
  const name = (x: { name_en: string; name_ar: string }) =>
    (language === 'ar' ? x.name_ar : x.name_en) || x.name_en;
  const day = (d: string) => formatDate(d, { locale: language });
  const description = offer && (language === 'ar' ? offer.description_ar : offer.description_en);
  return (
    <PublicDocumentFrame
      state={state}
      retry={retry}
      maxWidth={520}
      testId="e-offer"
      missing="app.customer_offers.page_missing"
      failed="app.customer_offers.page_failed"
    >
      {offer && (
        <Paper
          elevation={3}
          sx={{
            mx: 'auto',
            maxWidth: 520,
            p: 3,
            borderRadius: 3,
            background: (t) =>
              `linear-gradient(135deg, ${t.palette.primary.main}14, ${t.palette.secondary.main}1f)`,
          }}
          data-testid="e-offer"
        >
          <Stack sx={{ alignItems: 'center', textAlign: 'center' }}>
            <SpaIcon color="primary" sx={{ fontSize: 56 }} />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {name(offer.salon)}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {translate(`app.customer_offers.kinds.${offer.kind}`)}
            </Typography>
            <Typography variant="h6" component="p" data-testid="e-offer-name">
              {name(offer)}
            </Typography>
            <Typography>
              {translate('app.customer_offers.page_for', { name: offer.customer_name })}
            </Typography>
            {description && (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {description}
              </Typography>
            )}
            <Typography variant="h3" component="p" sx={{ fontWeight: 700, my: 2 }} data-testid="e-offer-left">
              {offer.sessions_left}
            </Typography>
            <Typography color="text.secondary">
              {translate('app.customer_offers.page_left', { smart_count: offer.sessions_total })}
            </Typography>
          </Stack>
          <Divider sx={{ my: 2 }} />
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {offer.services.map((s) => (
              <Stack
                component="li"
                key={s.service_id}
                direction="row"
                sx={{ justifyContent: 'space-between', py: 0.5, gap: 1 }}
                data-testid="e-offer-service"
              >
                <Typography>{name(s)}</Typography>
                <Typography sx={{ fontWeight: 600 }}>
                  <bdi>
                    {translate('app.customer_offers.page_service_left', {
                      left: s.left,
                      smart_count: s.sessions,
                    })}
                  </bdi>
                </Typography>
              </Stack>
            ))}
          </Box>
          <Divider sx={{ my: 2 }} />
          <Stack
            direction="row"
            sx={{ justifyContent: 'center', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Chip
              color={STATUS_COLOR[offer.status]}
              label={translate(`app.customer_offers.statuses.${offer.status}`)}
              data-testid="e-offer-status"
            />
            <Typography variant="body2">
              <bdi>
                {translate(
                  offer.status === 'expired'
                    ? 'app.customer_offers.expired_on'
                    : 'app.customer_offers.valid_until',
                  {
                    date: day(offer.expires_on),
                  },
                )}
              </bdi>
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, textAlign: 'center' }}>
            <bdi>
              {translate('app.customer_offers.page_bought', {
                date: day(offer.business_date),
                total: formatMoney({ amount: offer.total, currency: offer.currency }, { locale: language }),
              })}
            </bdi>
          </Typography>
          {offer.uses.length > 0 && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="subtitle2">{translate('app.customer_offers.page_uses')}</Typography>
              {offer.uses.map((u, i) => (
                <Typography key={i} variant="body2" color="text.secondary" data-testid="e-offer-use">
                  <bdi>
                    {day(u.business_date)} ·{' '}
                    {name(
                      offer.services.find((s) => s.service_id === u.service_id) ?? {
                        name_en: '',
                        name_ar: '',
                      },
                    )}
                  </bdi>
                </Typography>
              ))}
            </Box>
          )}
          {offer.status === 'active' && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
              {translate('app.customer_offers.page_show', { salon: name(offer.salon) })}
            </Typography>
          )}
        </Paper>
      )}
    </PublicDocumentFrame>
  );
};
