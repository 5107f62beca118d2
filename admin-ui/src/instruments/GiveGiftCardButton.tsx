import { useEffect, useRef, useState } from 'react';
import { AutocompleteInput, Form, ReferenceInput } from 'react-admin';
import { useCanAccess, useNotify, useRefresh, useTranslate } from 'ra-core';
import type { GlobalInformation } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RedeemIcon from '@mui/icons-material/RedeemOutlined';
import { isHandled } from '../http/errors';
import { useGlobalInformation } from '../layout/globalInformationContext';
import { problemsOf, useProblemText } from '../billing/problems';
import type { TillProblem } from '../billing/basket';
import { newKey } from '../shell/newKey';
import { useAppDataProvider } from '../http/useAppDataProvider';

/**
 * "Give a free gift card" (doc2 §6): shown only to a user with the right "free gift cards"; the server
 * also checks the salon's setting and says so if it is off.
 */
export const GiveGiftCardButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const problemText = useProblemText();
  const dataProvider = useAppDataProvider();
  const information = useGlobalInformation<GlobalInformation>();
  // the customer is chosen from the customers, which needs their own right (page 4)
  const readsCustomers = useCanAccess({ resource: 'customers', action: 'list' }).canAccess === true;
  const [open, setOpen] = useState(false);
  const [customerId, setCustomerId] = useState<string | undefined>();
  const [value, setValue] = useState('');
  const [message, setMessage] = useState('');
  const [problems, setProblems] = useState<TillProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey());
  useEffect(() => {
    if (!open) return;
    key.current = newKey();
    setCustomerId(undefined);
    setValue('');
    setMessage('');
    setProblems([]);
  }, [open]);
  if (!information?.auth.rights.includes('free_gift_cards') || !readsCustomers) return null;
  const errorOf = (field: string) => {
    const p = problems.find((x) => x.field === field);
    return p ? problemText(p) : undefined;
  };
  const general = problems.filter((p) => !p.field || !['customer_id', 'value', 'message'].includes(p.field));
  const give = async () => {
    setBusy(true);
    try {
      const card = await dataProvider.send<{ code: string }>(
        'POST',
        'gift-cards',
        { customer_id: customerId, value: value.trim(), ...(message.trim() && { message: message.trim() }) },
        { idempotencyKey: key.current },
      );
      setOpen(false);
      notify('app.gift_cards.given', { type: 'success', messageArgs: { code: card.code } });
      refresh();
    } catch (error) {
      if (!isHandled(error)) setProblems(problemsOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<RedeemIcon />}
        onClick={() => setOpen(true)}
        data-testid="gift-card-give"
      >
        {translate('app.gift_cards.give_free')}
      </Button>
      <Dialog
        open={open}
        onClose={busy ? undefined : () => setOpen(false)}
        fullWidth
        maxWidth="xs"
        data-testid="give-dialog"
      >
        <DialogTitle>{translate('app.gift_cards.give_title')}</DialogTitle>
        <DialogContent>
          <Form>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <ReferenceInput source="customer_id" reference="customers">
                <AutocompleteInput
                  label="app.gift_cards.customer"
                  optionText="name"
                  filterToQuery={(q: string) => ({ q })}
                  onChange={(id) => setCustomerId(id || undefined)}
                  helperText={errorOf('customer_id') ?? false}
                  data-testid="give-customer"
                />
              </ReferenceInput>
              <TextField
                label={translate('app.gift_cards.value')}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                error={Boolean(errorOf('value'))}
                helperText={errorOf('value')}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': 'give-value' } }}
              />
              <TextField
                label={translate('app.gift_cards.message')}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                multiline
                slotProps={{ htmlInput: { 'data-testid': 'give-message' } }}
              />
              {general.length > 0 && (
                <Alert severity="error" data-testid="give-problems">
                  {general.map((p) => (
                    <Typography key={`${p.field}${p.key}`} variant="body2">
                      {problemText(p)}
                    </Typography>
                  ))}
                </Alert>
              )}
            </Stack>
          </Form>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" onClick={give} disabled={busy} data-testid="give-save">
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
