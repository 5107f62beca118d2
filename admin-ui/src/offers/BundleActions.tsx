import { useState, type ReactElement } from 'react';
import { Button, Confirm } from 'react-admin';
import {
  useCanAccess,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
  ValidationError,
} from 'ra-core';
import { businessDate, type GlobalInformation, type TenantTimeZone } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import PauseIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayIcon from '@mui/icons-material/PlayCircleOutlined';
import { failureKey, isHandled, isHttpError } from '../http/errors';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { useNameOf } from '../menu/fields';
import {
  BUNDLE_API_PATHS,
  BUNDLE_ENTITY,
  shownStatus,
  stepsFor,
  type BundleResource,
  type BundleStep,
  type Offer,
  type Package,
  type ShownStatus,
} from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';

/** Today in the salon's time zone: an offer is expired from the day after its expiry date. */
export const useSalonToday = () => {
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const tz = (information?.global_informations?.account?.time_zone ?? 'Asia/Riyadh') as TenantTimeZone;
  return businessDate(new Date(), tz);
};

const STATUS_COLOR: Record<ShownStatus, 'success' | 'warning' | 'default' | 'error'> = {
  active: 'success',
  paused: 'warning',
  disabled: 'default',
  expired: 'error',
};

export const BundleStatusChip = ({
  record: given,
}: {
  record?: Offer | Package;
  source?: string;
  label?: string;
}) => {
  const fromContext = useRecordContext<Offer | Package>();
  const record = given ?? fromContext;
  const translate = useTranslate();
  const today = useSalonToday();
  if (!record) return null;
  const status = shownStatus(record as Offer, today);
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      variant={status === 'disabled' ? 'outlined' : 'filled'}
      label={translate(`app.offers.status.${status}`)}
      data-testid="bundle-status"
      data-status={status}
    />
  );
};

const ICONS: Record<BundleStep, ReactElement> = {
  pause: <PauseIcon />,
  resume: <PlayIcon />,
  renew: <EventRepeatIcon />,
  disable: <BlockIcon />,
  remove: <DeleteIcon />,
};

/**
 * Pause, resume, renew, disable and remove (docs/api.md): each after a confirmation, each one event the
 * record's history lists. Only the steps its status allows are offered.
 */
export const BundleActions = ({ resource }: { resource: BundleResource }) => {
  const record = useRecordContext<Offer | Package>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const nameOf = useNameOf();
  const dataProvider = useAppDataProvider();
  const { canAccess } = useCanAccess({ resource, action: 'status' });
  const [step, setStep] = useState<BundleStep | null>(null);
  const [saving, setSaving] = useState(false);
  const [expiry, setExpiry] = useState('');
  const [expiryError, setExpiryError] = useState<string | null>(null);
  if (!record || !canAccess) return null;
  const kind = BUNDLE_ENTITY[resource];
  const path = `${BUNDLE_API_PATHS[resource]}/${encodeURIComponent(record.id)}`;
  const name = nameOf(record);

  const close = () => {
    setStep(null);
    setExpiryError(null);
  };

  const run = async () => {
    if (!step) return;
    setSaving(true);
    try {
      await dataProvider.command(
        resource,
        'POST',
        `${path}/${step}`,
        step === 'renew' ? { expiry_date: expiry } : undefined,
      );
      notify(`app.offers.done.${step}`, { type: 'success', messageArgs: { name } });
      close();
      if (step === 'remove') redirect('list', resource);
      else refresh();
    } catch (error) {
      const fieldError = isHttpError(error) ? error.body?.errors?.expiry_date : undefined;
      if (step === 'renew' && typeof fieldError === 'string') {
        setExpiryError(fieldError);
      } else {
        close();
        if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
      }
    } finally {
      setSaving(false);
    }
  };

  const steps = stepsFor(record.status, kind);
  return (
    <Box
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      data-testid="bundle-actions"
    >
      {steps.map((s) => (
        <Button
          key={s}
          label={`app.offers.steps.${s}`}
          color={s === 'remove' || s === 'disable' ? 'error' : 'primary'}
          onClick={() => {
            setExpiry((record as Offer).expiry_date ?? '');
            setStep(s);
          }}
          data-testid={`step-${s}`}
        >
          {ICONS[s]}
        </Button>
      ))}
      <Confirm
        isOpen={step !== null && step !== 'renew'}
        loading={saving}
        title={step ? `app.offers.confirm.${step}_title` : ''}
        content={step ? `app.offers.confirm.${step}_content` : ''}
        translateOptions={{ name }}
        confirmColor={step === 'remove' || step === 'disable' ? 'warning' : 'primary'}
        onConfirm={run}
        onClose={close}
      />
      <Dialog open={step === 'renew'} onClose={close} data-testid="renew-dialog">
        <DialogTitle>{translate('app.offers.confirm.renew_title', { name })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.offers.confirm.renew_content')}
          </Typography>
          <TextField
            type="date"
            label={translate('resources.menu/offers.fields.expiry_date')}
            value={expiry}
            onChange={(e) => {
              setExpiry(e.target.value);
              setExpiryError(null);
            }}
            error={expiryError !== null}
            helperText={expiryError ? <ValidationError error={expiryError} /> : ' '}
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'renew-date' } }}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton
            variant="contained"
            disabled={saving || !expiry}
            onClick={run}
            data-testid="renew-confirm"
          >
            {translate('app.offers.steps.renew')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
