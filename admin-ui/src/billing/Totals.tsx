import { useTranslate } from 'ra-core';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import type { tillTotals } from './basket';

export const Row = ({
  label,
  value,
  strong,
  color,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  color?: string;
  testId?: string;
}) => (
  <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
    <Typography variant="body2" sx={{ fontWeight: strong ? 600 : 400 }}>
      {label}
    </Typography>
    <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400, color }} data-testid={testId}>
      <bdi>{value}</bdi>
    </Typography>
  </Stack>
);

/** Subtotal, discounts, before VAT, VAT per category and rate, total: the invoice's own figures. */
export const Totals = ({ totals }: { totals: ReturnType<typeof tillTotals> }) => {
  const translate = useTranslate();
  const { money } = useFormat();
  const priced = totals.priced;
  return (
    <Stack spacing={0.5} data-testid="billing-totals">
      <Row label={translate('app.billing.subtotal')} value={money(priced?.gross ?? 0)} />
      {(priced?.discount ?? 0) > 0 && (
        <Row label={translate('app.billing.discounts')} value={money(-(priced?.discount ?? 0))} />
      )}
      <Row label={translate('app.billing.net')} value={money(priced?.net ?? 0)} />
      {(priced?.subtotals ?? [])
        .filter((s) => s.category === 'S')
        .map((s) => (
          <Row
            key={`${s.category}${s.rateBp}`}
            label={translate('app.billing.vat', { rate: s.rateBp / 100 })}
            value={money(s.vat)}
          />
        ))}
      <Typography component="div" variant="h6" data-testid="billing-total">
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
          <span>{translate('app.billing.total')}</span>
          <bdi>{money(priced?.total ?? 0)}</bdi>
        </Stack>
      </Typography>
    </Stack>
  );
};
