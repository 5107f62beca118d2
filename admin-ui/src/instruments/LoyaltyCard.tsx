import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import type { GlobalInformation } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LoyaltyIcon from '@mui/icons-material/LoyaltyOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { isHandled } from '../http/errors';
import { useFormat } from '../format/useFormat';
import { useGlobalInformation } from '../layout/globalInformationContext';
import { problemsOf, useProblemText } from '../billing/problems';
import type { TillProblem } from '../billing/basket';
import { newKey } from '../shell/newKey';
import { useAppDataProvider } from '../http/useAppDataProvider';

type Loyalty = {
  points: number;
  value: number;
  rules: { enabled: boolean; points_per_unit: number; point_value: number; min_points: number };
  movements: Array<{
    id: string;
    kind: string;
    points: number;
    balance: number;
    at: string;
    invoice_number?: number;
    code?: string;
    reason?: string;
  }>;
};

/** One small form in a dialog: a field or two, a key per opening, the server's problems on their fields. */
const ActionDialog = ({
  open,
  title,
  fields,
  onClose,
  onSubmit,
  testId,
  info,
}: {
  open: boolean;
  title: string;
  info?: string;
  fields: Array<{ name: string; label: string; initial?: string; numeric?: boolean }>;
  onClose: () => void;
  onSubmit: (values: Record<string, string>, key: string) => Promise<void>;
  testId: string;
}) => {
  const translate = useTranslate();
  const problemText = useProblemText();
  const [values, setValues] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<TillProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey());
  useEffect(() => {
    if (!open) return;
    key.current = newKey();
    setValues(Object.fromEntries(fields.map((f) => [f.name, f.initial ?? ''])));
    setProblems([]);
  }, [open]);
  const errorOf = (field: string) => {
    const p = problems.find((x) => x.field === field);
    return p ? problemText(p) : undefined;
  };
  const general = problems.filter((p) => !p.field || !fields.some((f) => f.name === p.field));
  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit(values, key.current);
    } catch (error) {
      if (!isHandled(error)) setProblems(problemsOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" data-testid={testId}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {info && <Typography color="text.secondary">{info}</Typography>}
          {fields.map((f) => (
            <TextField
              key={f.name}
              label={f.label}
              value={values[f.name] ?? ''}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
              error={Boolean(errorOf(f.name))}
              helperText={errorOf(f.name)}
              autoFocus
              slotProps={{
                htmlInput: {
                  ...(f.numeric && { inputMode: 'numeric', dir: 'ltr' }),
                  'data-testid': `${testId}-${f.name}`,
                },
              }}
            />
          ))}
          {general.length > 0 && (
            <Alert severity="error">
              {general.map((p) => (
                <Typography key={`${p.field}${p.key}`} variant="body2">
                  {problemText(p)}
                </Typography>
              ))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy} data-testid={`${testId}-save`}>
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * The customer's loyalty points: how many, what they are worth, turning them into a voucher (whoever
 * sells), an administrator's reset, and the statement.
 */
export const LoyaltyCard = ({ customerId, maySell }: { customerId: string; maySell: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { money, dateTime } = useFormat();
  const dataProvider = useAppDataProvider();
  const information = useGlobalInformation<GlobalInformation>();
  const [loyalty, setLoyalty] = useState<Loyalty | undefined>();
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const [open, setOpen] = useState<'redeem' | 'reset' | null>(null);
  useEffect(() => {
    let live = true;
    dataProvider
      .send<Loyalty>('GET', `customers/${encodeURIComponent(customerId)}/loyalty`)
      .then((l) => live && setLoyalty(l))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [customerId, round]);
  if (!loyalty) return null;
  const label = (m: Loyalty['movements'][number]) =>
    translate(`app.loyalty.kinds.${m.kind}`, {
      number: m.invoice_number ?? '',
      code: m.code ?? '',
      reason: m.reason ?? '',
    });
  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="loyalty">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <LoyaltyIcon color="primary" />
          <Box sx={{ flex: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {translate('app.loyalty.points')}
            </Typography>
            <Typography variant="h5" component="p" data-testid="loyalty-points">
              {translate('app.loyalty.balance', { points: loyalty.points, value: money(loyalty.value) })}
            </Typography>
            {!loyalty.rules.enabled && (
              <Typography variant="caption" color="text.secondary">
                {translate('app.loyalty.off')}
              </Typography>
            )}
          </Box>
          {maySell && loyalty.rules.enabled && (
            <Button
              variant="outlined"
              onClick={() => setOpen('redeem')}
              disabled={loyalty.points < loyalty.rules.min_points}
              data-testid="loyalty-redeem"
            >
              {translate('app.loyalty.redeem')}
            </Button>
          )}
          {information?.auth.is_admin && loyalty.points > 0 && (
            <Button
              color="error"
              startIcon={<RestartAltIcon />}
              onClick={() => setOpen('reset')}
              data-testid="loyalty-reset"
            >
              {translate('app.loyalty.reset')}
            </Button>
          )}
        </Stack>
        {loyalty.movements.length > 0 && <Divider sx={{ my: 2 }} />}
        <Stack spacing={1} divider={<Divider flexItem />}>
          {loyalty.movements.map((m) => (
            <Stack
              key={m.id}
              direction="row"
              sx={{ gap: 1, alignItems: 'baseline' }}
              data-testid="loyalty-movement"
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography>{label(m)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  <bdi>{dateTime(m.at)}</bdi>
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 600, color: m.points < 0 ? 'error.main' : 'success.main' }}>
                <bdi>{m.points > 0 ? `+${m.points}` : m.points}</bdi>
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ minWidth: 60, textAlign: 'end' }}>
                {m.balance}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </CardContent>
      <ActionDialog
        open={open === 'redeem'}
        title={translate('app.loyalty.redeem_title')}
        info={translate('app.loyalty.redeem_info', {
          min: loyalty.rules.min_points,
          value: money(loyalty.rules.point_value),
        })}
        fields={[
          {
            name: 'points',
            label: translate('app.loyalty.points'),
            initial: String(loyalty.points),
            numeric: true,
          },
        ]}
        testId="redeem"
        onClose={() => setOpen(null)}
        onSubmit={async (values, idempotencyKey) => {
          const done = await dataProvider.send<{ gift_card: { code: string; value: number } }>(
            'POST',
            `customers/${encodeURIComponent(customerId)}/loyalty/redeem`,
            { points: values.points },
            { idempotencyKey },
          );
          setOpen(null);
          notify('app.loyalty.redeemed', {
            type: 'success',
            messageArgs: { code: done.gift_card.code, value: money(done.gift_card.value) },
          });
          reload();
        }}
      />
      <ActionDialog
        open={open === 'reset'}
        title={translate('app.loyalty.reset_title')}
        info={translate('app.loyalty.reset_info', { points: loyalty.points })}
        fields={[{ name: 'reason', label: translate('app.loyalty.reason') }]}
        testId="reset"
        onClose={() => setOpen(null)}
        onSubmit={async (values, idempotencyKey) => {
          await dataProvider.send(
            'POST',
            `customers/${encodeURIComponent(customerId)}/loyalty/reset`,
            values,
            {
              idempotencyKey,
            },
          );
          setOpen(null);
          notify('app.loyalty.reset_done', { type: 'success' });
          reload();
        }}
      />
    </Card>
  );
};
