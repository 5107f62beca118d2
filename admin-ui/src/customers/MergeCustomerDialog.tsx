import { useEffect, useState } from 'react';
import { AutocompleteInput, ReferenceInput } from 'react-admin';
import { Form, useGetOne, useNotify, useRedirect, useRefresh, useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import SwapIcon from '@mui/icons-material/SwapVert';
import { useFormat } from '../format/useFormat';
import { failureKey, isHandled, isHttpError, messageParams } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import type { Customer, CustomerCard } from './types';

/** What `customers/:id/merge-preview` answers: the two customers and what would move. */
type Preview = {
  customer: CustomerCard;
  into: CustomerCard;
  moves: {
    visits: number;
    upcoming_visits: number;
    invoices: number;
    gift_cards: number;
    offers: number;
    wallet_balance: number;
    loyalty_points: number;
    penalties: number;
  };
};

const Side = ({ customer, kept }: { customer: CustomerCard; kept: boolean }) => {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  return (
    <Card
      variant="outlined"
      sx={{ flex: 1, minWidth: 0, borderColor: kept ? 'primary.main' : undefined }}
      data-testid={kept ? 'merge-kept' : 'merge-merged'}
    >
      <CardContent>
        <Chip
          size="small"
          color={kept ? 'primary' : 'default'}
          label={translate(kept ? 'app.customers.merge.kept' : 'app.customers.merge.merged')}
          sx={{ mb: 1 }}
        />
        <Typography sx={{ fontWeight: 600 }}>
          <bdi>{customer.name}</bdi>
        </Typography>
        <Typography variant="body2">
          <bdi dir="ltr">{customer.mobile}</bdi>
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {translate('app.customers.duplicates.registered', { date: dateTime(customer.created_at) })}
        </Typography>
      </CardContent>
    </Card>
  );
};

/** What moves from the merged customer, line by line, as the desk confirms it. */
const Moves = ({ preview }: { preview: Preview }) => {
  const translate = useTranslate();
  const { money } = useFormat();
  const m = preview.moves;
  const lines = [
    m.visits > 0 &&
      translate('app.customers.merge.visits', { smart_count: m.visits, upcoming: m.upcoming_visits }),
    m.invoices > 0 && translate('app.customers.merge.invoices', { smart_count: m.invoices }),
    m.gift_cards > 0 && translate('app.customers.merge.gift_cards', { smart_count: m.gift_cards }),
    m.offers > 0 && translate('app.customers.merge.offers', { smart_count: m.offers }),
    m.wallet_balance !== 0 && translate('app.customers.merge.wallet', { amount: money(m.wallet_balance) }),
    m.loyalty_points > 0 && translate('app.customers.merge.points', { smart_count: m.loyalty_points }),
    m.penalties > 0 && translate('app.customers.merge.penalties', { smart_count: m.penalties }),
  ].filter((l): l is string => typeof l === 'string');
  return (
    <Box data-testid="merge-moves">
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {translate('app.customers.merge.moves', { name: preview.into.name })}
      </Typography>
      {lines.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.customers.merge.nothing')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, paddingInlineStart: 3 }}>
          {lines.map((l) => (
            <Typography component="li" variant="body2" key={l}>
              {l}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
};

/**
 * Merging two customers (issue 24): the desk picks the other customer (or comes with a likely
 * duplicate), sees both side by side, which one is kept (the one on file first; she may swap), and
 * what moves from the merged one before confirming. Afterwards the kept customer's screen opens.
 */
export const MergeCustomerDialog = ({
  open,
  onClose,
  customer,
  otherId: initialOther,
}: {
  open: boolean;
  onClose: () => void;
  customer: Customer;
  otherId?: string;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [otherId, setOtherId] = useState<string | undefined>(initialOther);
  // null: the older record is kept (the one on file), until the desk swaps
  const [keepThis, setKeepThis] = useState<boolean | null>(null);
  const [preview, setPreview] = useState<Preview | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const { data: other } = useGetOne<Customer>(
    'customers',
    { id: otherId ?? '' },
    { enabled: open && Boolean(otherId) },
  );
  useEffect(() => {
    if (open) setOtherId(initialOther);
    setKeepThis(null);
  }, [open, initialOther]);

  const keptIsThis = keepThis ?? (other ? customer.serial <= other.serial : true);
  const kept = other && (keptIsThis ? customer : other);
  const merged = other && (keptIsThis ? other : customer);

  useEffect(() => {
    setPreview(undefined);
    setProblem(undefined);
    if (!open || !kept || !merged || kept.id === merged.id) return;
    let live = true;
    dataProvider
      .send<Preview>(
        'GET',
        `customers/${encodeURIComponent(String(merged.id))}/merge-preview?into=${encodeURIComponent(String(kept.id))}`,
      )
      .then((p) => live && setPreview(p))
      .catch((e: unknown) => {
        if (!live) return;
        const key = isHttpError(e)
          ? (Object.values(e.body?.errors ?? {})[0] ?? failureKey(e))
          : failureKey(e);
        setProblem(translate(key, messageParams(e)));
      });
    return () => {
      live = false;
    };
  }, [open, kept?.id, merged?.id]);

  const close = () => {
    setOtherId(initialOther);
    onClose();
  };
  const confirm = async () => {
    if (!kept || !merged) return;
    setSaving(true);
    try {
      await dataProvider.send('POST', `customers/${encodeURIComponent(String(merged.id))}/merge`, {
        into_customer_id: kept.id,
      });
      notify('app.customers.merge.done', { type: 'success', messageArgs: { name: kept.name } });
      close();
      redirect('show', 'customers', kept.id);
      refresh();
    } catch (e) {
      if (isHttpError(e)) setProblem(translate(failureKey(e), messageParams(e)));
      else if (!isHandled(e)) notify(failureKey(e), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      data-testid="merge-dialog"
    >
      <DialogTitle>{translate('app.customers.merge.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {!initialOther && (
            <Form defaultValues={{ other_id: otherId }} onSubmit={() => undefined}>
              <ReferenceInput
                source="other_id"
                reference="customers"
                sort={{ field: 'name', order: 'ASC' }}
                filter={{}}
              >
                <AutocompleteInput
                  optionText={(c: Customer) => `${c.name}${c.mobile ? ` · ${c.mobile}` : ''}`}
                  filterToQuery={(q: string) => ({ q })}
                  label="app.customers.merge.pick"
                  helperText="app.customers.merge.pick_hint"
                  onChange={(id: string | null) => {
                    setKeepThis(null);
                    setOtherId(id && id !== String(customer.id) ? id : undefined);
                  }}
                  fullWidth
                  data-testid="merge-pick"
                />
              </ReferenceInput>
            </Form>
          )}
          {kept && merged && (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'stretch' }}>
                <Side customer={kept} kept />
                <Side customer={merged} kept={false} />
              </Stack>
              <Box>
                <Button
                  size="small"
                  startIcon={<SwapIcon />}
                  onClick={() => setKeepThis(!keptIsThis)}
                  data-testid="merge-swap"
                >
                  {translate('app.customers.merge.swap')}
                </Button>
              </Box>
              {preview && <Moves preview={preview} />}
              <Alert severity="warning">
                {translate('app.customers.merge.warning', { name: merged.name })}
              </Alert>
            </>
          )}
          {problem && (
            <Alert severity="error" data-testid="merge-problem">
              {problem}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          color="warning"
          onClick={confirm}
          disabled={!preview || saving}
          data-testid="merge-confirm"
        >
          {kept
            ? translate('app.customers.merge.confirm', { name: kept.name })
            : translate('app.customers.merge.button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
