import { Show, TopToolbar } from 'react-admin';
import { useRecordContext, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcardOutlined';
import { useFormat } from '../format/useFormat';
import { useArea } from '../shell/area';
import { GiftCardStatusChip, useHolder } from './GiftCardList';
import { eGiftPath, type GiftCard } from './types';
import { LinkIfAllowed } from '../layout/LinkIfAllowed';

const Title = () => {
  const record = useRecordContext<GiftCard>();
  const translate = useTranslate();
  return <>{record ? `${translate('app.gift_cards.page_title')} ${record.code}` : ''}</>;
};

const Actions = () => {
  const record = useRecordContext<GiftCard>();
  const translate = useTranslate();
  const { language } = useArea();
  return (
    <TopToolbar>
      {record && (
        <Button
          href={eGiftPath(language, record.unique_id)}
          target="_blank"
          rel="noopener"
          variant="outlined"
          startIcon={<CardGiftcardIcon />}
          data-testid="gift-card-e-gift"
        >
          {translate('app.gift_cards.e_gift')}
        </Button>
      )}
    </TopToolbar>
  );
};

const Field = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography component="div">{children}</Typography>
  </Box>
);

const Details = () => {
  const card = useRecordContext<GiftCard>();
  const translate = useTranslate();
  const { money, date } = useFormat();
  const { basename } = useArea();
  const holder = useHolder();
  if (!card) return null;
  const invoice = (id: string, number: number) => (
    <LinkIfAllowed resource="accounting/total-sales" to={`${basename}/accounting/total-sales/${id}/show`}>
      {translate('app.gift_cards.invoice', { number })}
    </LinkIfAllowed>
  );
  return (
    <Stack spacing={2} sx={{ p: 2 }} data-testid="gift-card">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="p" dir="ltr" data-testid="gift-card-code">
          {card.code}
        </Typography>
        <GiftCardStatusChip status={card.status} />
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Field label={translate('app.gift_cards.value')}>
          <bdi>{money(card.value)}</bdi>
        </Field>
        <Field label={translate('app.gift_cards.remaining')}>
          <bdi data-testid="gift-card-remaining">{money(card.remaining)}</bdi>
        </Field>
        <Field label={translate('app.gift_cards.issued_on')}>{date(card.business_date)}</Field>
        <Field label={translate('app.gift_cards.expires_on')}>{date(card.expires_on)}</Field>
        <Field label={translate('app.gift_cards.type')}>
          {translate(`app.gift_cards.types.${card.card_type}`)}
        </Field>
        <Field label={translate('app.gift_cards.holder')}>{holder(card)}</Field>
        {card.buyer_name && <Field label={translate('app.gift_cards.buyer')}>{card.buyer_name}</Field>}
        {card.invoice_id && card.invoice_number !== null && (
          <Field label={translate('app.gift_cards.sold')}>
            {invoice(card.invoice_id, card.invoice_number)}
          </Field>
        )}
      </Box>
      {card.message && (
        <Field label={translate('app.gift_cards.message')}>
          <bdi>{card.message}</bdi>
        </Field>
      )}
      <Divider />
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('app.gift_cards.redemptions')}
      </Typography>
      {card.redemptions.length === 0 ? (
        <Typography color="text.secondary">{translate('app.gift_cards.no_redemptions')}</Typography>
      ) : (
        <Stack spacing={1} divider={<Divider flexItem />}>
          {card.redemptions.map((r) => (
            <Stack
              key={`${r.invoice_id}${r.at}`}
              direction="row"
              sx={{ gap: 1, justifyContent: 'space-between' }}
            >
              <span>
                {invoice(r.invoice_id, r.invoice_number)} · {date(r.business_date)}
              </span>
              <bdi>{money(r.amount)}</bdi>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
};

/** One gift card: its code, what is left, whose it is, and where it was spent. */
export const GiftCardShow = () => (
  <Show title={<Title />} actions={<Actions />}>
    <Card variant="outlined" sx={{ border: 0 }}>
      <Details />
    </Card>
  </Show>
);
