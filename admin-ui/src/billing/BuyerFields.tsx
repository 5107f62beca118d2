import { useTranslate } from 'ra-core';
import { fieldIssues, invoiceBuyerInput } from '@rawnaq/contracts';
import type { TillProblem } from './basket';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** The business a standard tax invoice is made out to, as the till types it. */
export type BuyerDraft = {
  name: string;
  vat_number: string;
  street: string;
  building_number: string;
  additional_number: string;
  district: string;
  city: string;
  postal_code: string;
};

export const emptyBuyer = (): BuyerDraft => ({
  name: '',
  vat_number: '',
  street: '',
  building_number: '',
  additional_number: '',
  district: '',
  city: '',
  postal_code: '',
});

/**
 * What is wrong with the typed buyer, field by field, before anything is sent: the same rules the
 * server applies (its reply names the fields but not the rules' figures, "exactly 4 digits").
 */
export const buyerProblems = (buyer: BuyerDraft): TillProblem[] => {
  const body = buyerBody(buyer);
  const parsed = invoiceBuyerInput.safeParse(body);
  return parsed.success
    ? []
    : Object.entries(fieldIssues(parsed.error, body)).map(([field, issue]) => ({
        field: `buyer.${field}`,
        key: issue.key,
        ...(issue.params && { params: issue.params as TillProblem['params'] }),
      }));
};

/** A buyer stored with a held basket, back in the till's fields. */
export const buyerDraftOf = (buyer: Partial<Record<keyof BuyerDraft, string>>): BuyerDraft => {
  const draft = emptyBuyer();
  for (const key of Object.keys(draft) as Array<keyof BuyerDraft>) draft[key] = buyer[key] ?? '';
  return draft;
};

/** The buyer as `POST invoices` takes it: the typed fields, trimmed (empty ones left out). */
export const buyerBody = (buyer: BuyerDraft) =>
  Object.fromEntries(
    Object.entries(buyer)
      .map(([k, v]) => [k, v.trim()])
      .filter(([, v]) => v !== ''),
  );

/**
 * The label of a buyer's field: its name is the till's own; its VAT number and national address are
 * labelled as the salon's own are on its e-invoicing screen.
 */
export const buyerFieldLabel = (key: string) =>
  key === 'name' ? 'app.billing.buyer.name' : `resources.setting/einvoicing-setting.fields.${key}`;

const FIELDS: Array<{ key: keyof BuyerDraft; digits?: number; wide?: boolean }> = [
  { key: 'name', wide: true },
  { key: 'vat_number', digits: 15 },
  { key: 'street' },
  { key: 'building_number', digits: 4 },
  { key: 'additional_number', digits: 4 },
  { key: 'district' },
  { key: 'city' },
  { key: 'postal_code', digits: 5 },
];

/**
 * A sale to a business (B2B): a Saudi salon's invoice made out to a company is a standard tax
 * invoice, which ZATCA clears before it is shown. Switched on, the till asks what the authority asks
 * of the buyer: its name, VAT number and national address.
 */
export const BuyerFields = ({
  buyer,
  onChange,
  errorOf,
}: {
  buyer: BuyerDraft | null;
  onChange: (buyer: BuyerDraft | null) => void;
  errorOf: (field: string) => string | undefined;
}) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.billing.buyer.${key}`);
  return (
    <Box sx={{ mt: 1 }} data-testid="billing-buyer">
      <FormControlLabel
        control={
          <Switch
            checked={buyer !== null}
            onChange={(e) => onChange(e.target.checked ? emptyBuyer() : null)}
            slotProps={{ input: { 'data-testid': 'billing-buyer-switch' } as object }}
          />
        }
        label={t('switch')}
      />
      {buyer && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('hint')}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {FIELDS.map(({ key, digits, wide }) => {
              const error = errorOf(`buyer.${key}`);
              return (
                <TextField
                  key={key}
                  size="small"
                  label={translate(buyerFieldLabel(key))}
                  value={buyer[key]}
                  required={key !== 'additional_number'}
                  onChange={(e) => onChange({ ...buyer, [key]: e.target.value })}
                  error={Boolean(error)}
                  helperText={error}
                  sx={wide ? { gridColumn: { sm: '1 / -1' } } : undefined}
                  slotProps={{
                    htmlInput: {
                      'data-testid': `billing-buyer-${key}`,
                      ...(digits && { inputMode: 'numeric', dir: 'ltr', maxLength: digits }),
                    },
                  }}
                />
              );
            })}
          </Box>
        </>
      )}
    </Box>
  );
};
