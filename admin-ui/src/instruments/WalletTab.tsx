import { useState } from 'react';
import { useCanAccess, useNotify, useRecordContext, useTranslate } from 'ra-core';
import { codeLabelKey } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddCardIcon from '@mui/icons-material/AddCardOutlined';
import { useFormat } from '../format/useFormat';
import { useArea } from '../shell/area';
import { LoyaltyCard } from './LoyaltyCard';
import { PaymentDialog } from './PaymentDialog';
import { useWallet, type WalletMovement } from './useWallet';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { LinkIfAllowed } from '../layout/LinkIfAllowed';

const Movement = ({ m }: { m: WalletMovement }) => {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const { basename } = useArea();
  const label =
    m.kind === 'top_up'
      ? `${translate('app.wallet.kinds.top_up')}${m.method ? ` · ${translate(codeLabelKey('paymentMethod', m.method))}` : ''}`
      : m.kind === 'invoice'
        ? translate('app.wallet.kinds.invoice', { number: m.invoice_number ?? '' })
        : m.kind === 'refund'
          ? translate('app.wallet.kinds.refund', { number: m.credit_note_number ?? '' })
          : // a merge's move of a balance (issue 24)
            translate(`app.wallet.kinds.${m.kind}`);
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline' }} data-testid="wallet-movement">
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {m.kind === 'invoice' && m.invoice_id ? (
          <LinkIfAllowed
            resource="accounting/total-sales"
            to={`${basename}/accounting/total-sales/${m.invoice_id}/show`}
          >
            {label}
          </LinkIfAllowed>
        ) : (
          <Typography>{label}</Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="p">
          <bdi>{dateTime(m.at)}</bdi>
          {m.notes ? ` · ${m.notes}` : ''}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 600, color: m.amount < 0 ? 'error.main' : 'success.main' }}>
        <bdi>{money(m.amount)}</bdi>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 90, textAlign: 'end' }}>
        <bdi>{money(m.balance)}</bdi>
      </Typography>
    </Stack>
  );
};

/** The customer's wallet: its balance, a top-up (for whoever may sell), and its statement. */
export const WalletTab = () => {
  const record = useRecordContext<{ id: string; name: string }>();
  const translate = useTranslate();
  const notify = useNotify();
  const { money } = useFormat();
  const dataProvider = useAppDataProvider();
  const { canAccess: maySell } = useCanAccess({ resource: 'billing', action: 'show' });
  const { wallet, reload } = useWallet(record ? String(record.id) : undefined);
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Card variant="outlined" sx={{ mt: 1 }} data-testid="wallet">
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Box sx={{ flex: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {translate('app.wallet.balance')}
              </Typography>
              <Typography variant="h4" component="p" data-testid="wallet-balance">
                <bdi>{wallet ? money(wallet.balance) : '…'}</bdi>
              </Typography>
            </Box>
            {maySell && (
              <Button
                variant="contained"
                startIcon={<AddCardIcon />}
                onClick={() => setOpen(true)}
                data-testid="wallet-top-up"
              >
                {translate('app.wallet.top_up')}
              </Button>
            )}
          </Stack>
          <Divider sx={{ my: 2 }} />
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {translate('app.wallet.statement')}
          </Typography>
          {wallet && wallet.movements.length === 0 && (
            <Typography color="text.secondary" data-testid="wallet-empty">
              {translate('app.wallet.empty')}
            </Typography>
          )}
          <Stack spacing={1.5} divider={<Divider flexItem />}>
            {wallet?.movements.map((m) => (
              <Movement key={m.id} m={m} />
            ))}
          </Stack>
        </CardContent>
        <PaymentDialog
          open={open}
          title={translate('app.wallet.top_up_title', { name: record.name })}
          withNotes
          testId="top-up"
          onClose={() => setOpen(false)}
          onSubmit={async (body, idempotencyKey) => {
            const done = await dataProvider.send<{ balance: number }>(
              'POST',
              `customers/${encodeURIComponent(String(record.id))}/wallet/top-ups`,
              body,
              { idempotencyKey },
            );
            setOpen(false);
            notify('app.wallet.top_up_done', {
              type: 'success',
              messageArgs: { balance: money(done.balance) },
            });
            reload();
          }}
        />
      </Card>
      <LoyaltyCard customerId={String(record.id)} maySell={maySell === true} />
    </>
  );
};
