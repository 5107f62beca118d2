import { useState } from 'react';
import { useTranslate } from 'ra-core';
import type { DiscountCodeDetails } from '@rawnaq/contracts';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import { failureKey } from '../http/errors';
import { useFormat } from '../format/useFormat';
import { useAppDataProvider } from '../http/useAppDataProvider';

export type TillCode = DiscountCodeDetails & { refused: string | null };

/**
 * The till's discount code: typed (or scanned) and applied, so the totals show what it takes off at
 * once; a code that cannot be used says why. The invoice command decides again when it is issued.
 */
export const DiscountCodeField = ({
  code,
  onChange,
  amount,
  error,
}: {
  code: TillCode | undefined;
  onChange: (code: TillCode | undefined) => void;
  /** what the applied code takes off this basket */
  amount: number;
  error?: string;
}) => {
  const translate = useTranslate();
  const { money } = useFormat();
  const dataProvider = useAppDataProvider();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    if (!typed.trim() || busy) return;
    setBusy(true);
    try {
      const found = await dataProvider.send<TillCode>(
        'GET',
        `billing/discount-code?code=${encodeURIComponent(typed.trim())}`,
      );
      if (found.refused) setProblem(translate(found.refused));
      else {
        onChange(found);
        setProblem(undefined);
      }
    } catch (e) {
      setProblem(translate(failureKey(e)));
    } finally {
      setBusy(false);
    }
  };
  if (code)
    return (
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1, mb: 1.5 }}
        data-testid="billing-code-applied"
      >
        <LocalOfferIcon fontSize="small" color="success" />
        <Typography variant="body2" sx={{ flex: 1 }}>
          <bdi dir="ltr">{code.code}</bdi>
          {amount > 0 ? (
            <>
              {' · '}
              <bdi>{money(-amount)}</bdi>
            </>
          ) : (
            ` · ${translate('discount_codes.not_applicable')}`
          )}
        </Typography>
        <IconButton
          size="small"
          onClick={() => (onChange(undefined), setTyped(''))}
          aria-label={translate('app.discount_codes.remove')}
          data-testid="billing-code-remove"
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
    );
  return (
    <Stack direction="row" sx={{ gap: 1, mb: 1.5, alignItems: 'flex-start' }}>
      <TextField
        size="small"
        fullWidth
        label={translate('app.discount_codes.field')}
        value={typed}
        onChange={(e) => (setTyped(e.target.value), setProblem(undefined))}
        onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), apply())}
        error={Boolean(problem ?? error)}
        helperText={problem ?? error}
        slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'characters', 'data-testid': 'billing-code' } }}
      />
      <Button
        variant="outlined"
        onClick={apply}
        disabled={busy || !typed.trim()}
        data-testid="billing-code-apply"
      >
        {translate('app.discount_codes.apply')}
      </Button>
    </Stack>
  );
};
