import { AutocompleteInput, ReferenceInput } from 'react-admin';
import { Form, useTranslate } from 'ra-core';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * The customer: found by name or mobile (the appointment drawer's search), or none for a walk-in; a
 * visit's customer is the visit's (the server refuses another).
 */
export const CustomerPicker = ({
  customerId,
  locked,
  searchable,
  visitNo,
  visitName,
  onChange,
  error,
  emptyLabel = 'app.billing.walk_in',
}: {
  customerId?: string;
  locked: boolean;
  /** the user may read customers (else every sale here is a walk-in's) */
  searchable: boolean;
  visitNo?: number;
  visitName?: string | null;
  onChange: (id: string | undefined) => void;
  error?: string;
  /** what no customer means here (a walk-in at the till; "all customers" in a report's filter) */
  emptyLabel?: string;
}) => {
  const translate = useTranslate();
  if (locked)
    return (
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        data-testid="billing-visit"
      >
        <Typography variant="subtitle2">{translate('app.billing.customer')}:</Typography>
        <Typography sx={{ fontWeight: 600 }}>{visitName}</Typography>
        <Chip size="small" label={translate('app.billing.from_visit', { no: visitNo ?? '' })} />
        {error && (
          <Typography variant="body2" color="error">
            {error}
          </Typography>
        )}
      </Stack>
    );
  if (!searchable) return <Chip label={translate('app.billing.walk_in')} data-testid="billing-walk-in" />;
  return (
    <Form defaultValues={{ customer_id: customerId }} onSubmit={() => undefined}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'flex-start' } }}>
        <ReferenceInput source="customer_id" reference="customers" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput
            optionText={(c: { name: string; mobile?: string }) =>
              `${c.name}${c.mobile ? ` · ${c.mobile}` : ''}`
            }
            filterToQuery={(q: string) => ({ q })}
            label="app.billing.customer"
            helperText={error ?? 'app.billing.find_customer'}
            onChange={(id: string | null) => onChange(id || undefined)}
            fullWidth
            sx={{ flex: 1, minWidth: 0 }}
            data-testid="billing-customer"
          />
        </ReferenceInput>
        {!customerId && (
          <Chip label={translate(emptyLabel)} sx={{ mt: { sm: 1 } }} data-testid="billing-walk-in" />
        )}
      </Stack>
    </Form>
  );
};
