import { useState } from 'react';
import { useTranslate } from 'ra-core';
import type { Currency } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useFormat } from '../format/useFormat';
import { amountText, type TillGiftCardRow } from '../billing/basket';
import { newKey } from '../shell/newKey';
import type { GiftCard } from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';

type Lookup = { state: 'found'; card: GiftCard } | { state: 'missing' } | undefined;

/**
 * The gift cards a customer spends at the till: a code (typed or scanned) and how much of it. "Check"
 * looks the card up and offers what is left, up to what the invoice still needs; the server decides.
 */
export const GiftCardsPanel = ({
  rows,
  onChange,
  remaining,
  currency,
  errorOf,
}: {
  rows: TillGiftCardRow[];
  onChange: (rows: TillGiftCardRow[]) => void;
  /** what the invoice still needs after the other cards and the payments */
  remaining: number;
  currency: Currency;
  errorOf: (field: string) => string | undefined;
}) => {
  const translate = useTranslate();
  const { money, date } = useFormat();
  const dataProvider = useAppDataProvider();
  const [lookups, setLookups] = useState<Record<string, Lookup>>({});
  const change = (i: number, patch: Partial<TillGiftCardRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const check = async (row: TillGiftCardRow, i: number) => {
    const code = row.code.trim();
    if (!code) return;
    const found = await dataProvider
      .send<GiftCard[]>(
        'GET',
        `gift-cards?filter=${encodeURIComponent(JSON.stringify({ code }))}&range=[0,0]`,
      )
      .catch(() => []);
    const card = found[0];
    setLookups((l) => ({ ...l, [row.key]: card ? { state: 'found', card } : { state: 'missing' } }));
    if (card && card.status === 'active' && !row.amount.trim())
      change(i, { amount: amountText(Math.min(card.remaining, remaining), currency) });
  };
  return (
    <Box data-testid="billing-gift-cards">
      {rows.length > 0 && (
        <Typography variant="subtitle2" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('app.gift_cards.spend')}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {rows.map((row, i) => {
          const lookup = lookups[row.key];
          const codeError = errorOf(`gift_cards.${i}.code`);
          const note =
            lookup?.state === 'missing'
              ? translate('app.gift_cards.not_found')
              : lookup?.state === 'found'
                ? lookup.card.status !== 'active'
                  ? translate(`app.gift_cards.statuses.${lookup.card.status}`)
                  : translate(
                      lookup.card.customer_name ? 'app.gift_cards.found_for' : 'app.gift_cards.found',
                      {
                        remaining: money(lookup.card.remaining),
                        date: date(lookup.card.expires_on),
                        name: lookup.card.customer_name ?? '',
                      },
                    )
                : undefined;
          return (
            <Box
              key={row.key}
              data-testid="billing-gift-card"
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: 'minmax(0, 1.4fr) minmax(0, 1fr) auto',
                alignItems: 'start',
              }}
            >
              <TextField
                size="small"
                label={translate('app.gift_cards.code')}
                value={row.code}
                onChange={(e) => (
                  change(i, { code: e.target.value }),
                  setLookups((l) => ({ ...l, [row.key]: undefined }))
                )}
                onBlur={() => check(row, i)}
                onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), check(row, i))}
                error={Boolean(codeError) || lookup?.state === 'missing'}
                slotProps={{
                  htmlInput: {
                    dir: 'ltr',
                    autoCapitalize: 'characters',
                    'data-testid': 'billing-gift-card-code',
                  },
                }}
              />
              <TextField
                size="small"
                label={translate('app.billing.amount')}
                value={row.amount}
                onChange={(e) => change(i, { amount: e.target.value })}
                error={Boolean(errorOf(`gift_cards.${i}.amount`))}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': 'billing-gift-card-amount' },
                }}
              />
              <IconButton
                onClick={() => onChange(rows.filter((_, j) => j !== i))}
                aria-label={translate('app.gift_cards.remove_card')}
                data-testid="billing-gift-card-remove"
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
              {(codeError ?? errorOf(`gift_cards.${i}.amount`) ?? note) && (
                <Typography
                  variant="caption"
                  color={
                    codeError || errorOf(`gift_cards.${i}.amount`) || lookup?.state === 'missing'
                      ? 'error'
                      : 'text.secondary'
                  }
                  sx={{ gridColumn: '1 / -1' }}
                  data-testid="billing-gift-card-note"
                >
                  {codeError ?? errorOf(`gift_cards.${i}.amount`) ?? note}
                </Typography>
              )}
            </Box>
          );
        })}
      </Stack>
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => onChange([...rows, { key: newKey(), code: '', amount: '' }])}
        data-testid="billing-add-gift-card"
        sx={{ mt: rows.length ? 1 : 0 }}
      >
        {translate('app.gift_cards.add_card')}
      </Button>
    </Box>
  );
};
