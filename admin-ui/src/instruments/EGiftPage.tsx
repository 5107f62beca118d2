import { PublicDocumentFrame } from '../shell/PublicDocumentFrame';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { formatDate, formatMoney, type Currency } from '@rawnaq/contracts';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import { useArea } from '../shell/area';
import { usePublicDocument } from '../http/usePublicDocument';

type PublicGiftCard = {
  code: string;
  card_type: number;
  value: number;
  remaining: number;
  currency: Currency;
  customer_name: string | null;
  buyer_name: string | null;
  message: string | null;
  business_date: string;
  expires_on: string;
  status: 'active' | 'used' | 'expired';
  salon: { name_en: string; name_ar: string };
};

const STATUS_COLOR = { active: 'success', used: 'default', expired: 'warning' } as const;

/** `/{lang}/e-gift/{uniqueId}`: the gift card its holder was sent, with its code, value and validity. */
export const EGiftPage = () => {
  const { uniqueId } = useParams();
  const translate = useTranslate();
  const { language } = useArea();
  const { state, retry } = usePublicDocument<PublicGiftCard>('e-gift', uniqueId);
  useEffect(() => {
    document.title = translate('app.gift_cards.page_title');
  }, [translate]);
  const card = state.kind === 'found' ? state.document : undefined;
  const money = (minor: number) =>
    card ? formatMoney({ amount: minor, currency: card.currency }, { locale: language }) : '';
  const salon = card
    ? (language === 'ar' ? card.salon.name_ar : card.salon.name_en) || card.salon.name_en
    : '';
  return (
    <PublicDocumentFrame
      state={state}
      retry={retry}
      maxWidth={480}
      testId="e-gift"
      missing="app.gift_cards.page_missing"
      failed="app.gift_cards.page_failed"
    >
      {card && (
        <Paper
          elevation={3}
          sx={{
            mx: 'auto',
            maxWidth: 480,
            p: 3,
            borderRadius: 3,
            textAlign: 'center',
            background: (t) =>
              `linear-gradient(135deg, ${t.palette.primary.main}14, ${t.palette.secondary.main}1f)`,
          }}
          data-testid="e-gift"
        >
          <CardGiftcardIcon color="primary" sx={{ fontSize: 56 }} />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {salon}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.gift_cards.page_title')}
          </Typography>
          {card.customer_name && (
            <Typography>{translate('app.gift_cards.page_for', { name: card.customer_name })}</Typography>
          )}
          {card.buyer_name && card.buyer_name !== card.customer_name && (
            <Typography color="text.secondary">
              {translate('app.gift_cards.page_from', { name: card.buyer_name })}
            </Typography>
          )}
          {card.message && (
            <Typography sx={{ fontStyle: 'italic', my: 2 }}>
              <bdi>“{card.message}”</bdi>
            </Typography>
          )}
          <Typography
            variant="h3"
            component="p"
            sx={{ fontWeight: 700, my: 2 }}
            data-testid="e-gift-remaining"
          >
            <bdi>{money(card.remaining)}</bdi>
          </Typography>
          {card.remaining !== card.value && (
            <Typography color="text.secondary">
              {translate('app.gift_cards.page_value', { value: money(card.value) })}
            </Typography>
          )}
          <Paper variant="outlined" sx={{ display: 'inline-block', px: 2, py: 1, my: 2 }}>
            <Typography
              variant="h5"
              component="p"
              dir="ltr"
              sx={{ letterSpacing: 2, fontFamily: 'monospace' }}
              data-testid="e-gift-code"
            >
              {card.code}
            </Typography>
          </Paper>
          <Stack
            direction="row"
            sx={{ justifyContent: 'center', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Chip
              color={STATUS_COLOR[card.status]}
              label={translate(`app.gift_cards.statuses.${card.status}`)}
              data-testid="e-gift-status"
            />
            <Typography variant="body2">
              {translate('app.gift_cards.page_valid', {
                date: formatDate(card.expires_on, { locale: language }),
              })}
            </Typography>
          </Stack>
          {card.status === 'active' && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {translate('app.gift_cards.page_show', { salon })}
            </Typography>
          )}
        </Paper>
      )}
    </PublicDocumentFrame>
  );
};
