import { useCallback, useEffect, useState } from 'react';
import { Confirm } from 'react-admin';
import { useNotify, useTranslate } from 'ra-core';
import { codeLabelKey } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SavingsIcon from '@mui/icons-material/SavingsOutlined';
import { failureKey, isHandled } from '../http/errors';
import { useFormat } from '../format/useFormat';
import { useArea } from '../shell/area';
import { PaymentDialog } from './PaymentDialog';
import { useAppDataProvider } from '../http/useAppDataProvider';

type Deposit = {
  deposit_id: string;
  amount: number;
  method: number;
  status: 'active' | 'applied' | 'cancelled';
  unique_id: string;
  invoice_number?: number;
  taken_at: string;
};

const STATUS_COLOR = { active: 'success', applied: 'default', cancelled: 'warning' } as const;

/** The customer's receipt of a deposit, the link sent with it. */
export const eDepositPath = (language: string, uniqueId: string) => `/${language}/e-deposit/${uniqueId}`;

/**
 * A visit's deposits in its drawer (payment source 1): taken before the visit by whoever sells, each
 * with its receipt, cancelled once (given back) while the invoice has not used it.
 */
export const VisitDeposits = ({
  visitId,
  canTake,
  canSell,
}: {
  visitId: string;
  canTake: boolean;
  canSell: boolean;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { money } = useFormat();
  const { language } = useArea();
  const dataProvider = useAppDataProvider();
  const [deposits, setDeposits] = useState<Deposit[]>([]);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const [taking, setTaking] = useState(false);
  const [cancelling, setCancelling] = useState<Deposit | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    dataProvider
      .send<Deposit[]>('GET', `appointments/${encodeURIComponent(visitId)}/deposits`)
      .then((d) => live && setDeposits(d))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [visitId, round]);
  if (!canSell && deposits.length === 0) return null;
  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    try {
      await dataProvider.send(
        'POST',
        `appointments/${encodeURIComponent(visitId)}/deposits/${encodeURIComponent(cancelling.deposit_id)}/cancel`,
        {},
      );
      notify('app.deposits.cancelled', { type: 'success' });
      reload();
    } catch (error) {
      if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
    } finally {
      setBusy(false);
      setCancelling(null);
    }
  };
  return (
    <Box sx={{ mb: 2 }} data-testid="visit-deposits">
      {deposits.length > 0 && (
        <Typography variant="subtitle2" sx={{ fontWeight: 600, mb: 0.5 }}>
          {translate('app.deposits.title')}
        </Typography>
      )}
      <Stack spacing={0.5}>
        {deposits.map((d) => (
          <Stack
            key={d.deposit_id}
            direction="row"
            sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
            data-testid="visit-deposit"
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              <bdi>{money(d.amount)}</bdi>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(codeLabelKey('paymentMethod', d.method))}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={STATUS_COLOR[d.status]}
              label={translate(`app.deposits.statuses.${d.status}`, { number: d.invoice_number ?? '' })}
            />
            <Link href={eDepositPath(language, d.unique_id)} target="_blank" rel="noopener" variant="body2">
              {translate('app.deposits.receipt')}
            </Link>
            {d.status === 'active' && canSell && (
              <Button
                size="small"
                color="warning"
                onClick={() => setCancelling(d)}
                data-testid="visit-deposit-cancel"
              >
                {translate('app.deposits.cancel')}
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
      {canTake && canSell && (
        <Button
          size="small"
          startIcon={<SavingsIcon />}
          onClick={() => setTaking(true)}
          sx={{ mt: 0.5 }}
          data-testid="visit-take-deposit"
        >
          {translate('app.deposits.take')}
        </Button>
      )}
      <PaymentDialog
        open={taking}
        title={translate('app.deposits.take_title')}
        testId="deposit"
        onClose={() => setTaking(false)}
        onSubmit={async (body, idempotencyKey) => {
          await dataProvider.send('POST', `appointments/${encodeURIComponent(visitId)}/deposits`, body, {
            idempotencyKey,
          });
          setTaking(false);
          notify('app.deposits.taken', { type: 'success' });
          reload();
        }}
      />
      <Confirm
        isOpen={cancelling !== null}
        loading={busy}
        title="app.deposits.cancel_title"
        content="app.deposits.cancel_content"
        translateOptions={{ amount: cancelling ? money(cancelling.amount) : '' }}
        onConfirm={cancel}
        onClose={() => setCancelling(null)}
      />
    </Box>
  );
};
