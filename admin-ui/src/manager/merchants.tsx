import { useState } from 'react';
import { DataTable, List } from 'react-admin';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'ra-core';
import { addDays } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BusinessDateField, DateTimeField, LtrField } from '../customers/fields';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { failureKey, isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useArea } from '../shell/area';
import { SupportMenu } from './support';
import { useNameField } from '../shell/names';

/** Doc1 §2 manager routes `merchants/*`: the salons by state, and the free-trial requests. */
export const SALON_LISTS = [
  'merchants/trial-merchants',
  'merchants/expired-merchants',
  'merchants/disabled-merchants',
] as const;
export const REQUEST_LISTS = [
  'merchants/trial-requests',
  'merchants/rejected-merchants',
  'merchants/all-merchants-requests',
] as const;

type Salon = {
  id: string;
  account_id: number;
  name_en: string;
  name_ar: string;
  alias: string;
  plan: string | null;
  valid_till: string | null;
  state: string;
  disabled_reason: string | null;
};
type TrialRequest = {
  id: string;
  name_en: string;
  name_ar: string;
  owner_name: string;
  email: string;
  mobile: string;
  state: string;
  reason?: string;
  requested_at: string;
};

const Names = (_: { label?: string }) => {
  const r = useRecordContext<{ name_en: string; name_ar: string }>();
  const { language } = useArea();
  if (!r) return null;
  return <bdi>{language === 'ar' ? r.name_ar : r.name_en}</bdi>;
};

const StateText = (_: { label?: string }) => {
  const r = useRecordContext<{ state: string }>();
  const translate = useTranslate();
  return r ? <>{translate(`app.manager.merchants.state.${r.state}`)}</> : null;
};

/** A manager's decision sent as a command, with the list refreshed (or the refusal shown) after. */
const useDecision = (resource: string) => {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const send = async (path: string, body: object, done: string) => {
    setBusy(true);
    try {
      await dataProvider.command(resource, 'POST', path, body);
      notify(done, { type: 'success' });
      refresh();
      return true;
    } catch (error) {
      if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, send };
};

/** A reason asked for before a decision against a salon or a request (the audit log keeps it). */
const ReasonDialog = (props: {
  open: boolean;
  title: string;
  required: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) => {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth onClick={(e) => e.stopPropagation()}>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          margin="dense"
          label={translate('app.manager.merchants.reason')}
          value={reason}
          required={props.required}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'decision-reason' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={props.busy || (props.required && !reason.trim())}
          onClick={() => props.onConfirm(reason.trim())}
          data-testid="decision-confirm"
        >
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Renew (or activate) a salon: its plan, a valid till, its employees. */
const RenewDialog = ({
  salon,
  onClose,
  resource,
}: {
  salon: Salon;
  onClose: () => void;
  resource: string;
}) => {
  const translate = useTranslate();
  const { busy, send } = useDecision(resource);
  const [plan, setPlan] = useState('basic');
  const [validTill, setValidTill] = useState(addDays(new Date().toISOString().slice(0, 10), 365));
  const [maxEmployees, setMaxEmployees] = useState('');
  return (
    <Dialog open onClose={onClose} fullWidth onClick={(e) => e.stopPropagation()}>
      <DialogTitle>{translate('app.manager.merchants.renew')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <TextField
          select
          margin="dense"
          label={translate('app.manager.merchants.plan')}
          value={plan}
          onChange={(e) => setPlan(e.target.value)}
        >
          {['basic', 'advanced', 'premium'].map((p) => (
            <MenuItem key={p} value={p}>
              {translate(`app.manager.merchants.plans.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          label={translate('app.manager.merchants.valid_till')}
          value={validTill}
          onChange={(e) => setValidTill(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'renew-valid-till' } }}
        />
        <TextField
          type="number"
          label={translate('app.manager.merchants.max_employees')}
          value={maxEmployees}
          onChange={(e) => setMaxEmployees(e.target.value)}
          slotProps={{ htmlInput: { min: 1, max: 1000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy}
          data-testid="renew-confirm"
          onClick={async () => {
            const ok = await send(
              `accounts/${salon.account_id}/renew`,
              {
                plan,
                valid_till: validTill,
                ...(maxEmployees && { max_employees: Number(maxEmployees) }),
              },
              'app.manager.merchants.renewed',
            );
            if (ok) onClose();
          }}
        >
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const SalonActions = ({ resource }: { label?: string; resource: string }) => {
  const salon = useRecordContext<Salon>();
  const translate = useTranslate();
  const { busy, send } = useDecision(resource);
  const [renewing, setRenewing] = useState(false);
  const [disabling, setDisabling] = useState(false);
  if (!salon) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} onClick={(e) => e.stopPropagation()}>
      <Button size="small" onClick={() => setRenewing(true)} data-testid={`renew-${salon.account_id}`}>
        {translate('app.manager.merchants.renew')}
      </Button>
      {salon.state === 'disabled' ? (
        <Button
          size="small"
          disabled={busy}
          onClick={() =>
            void send(`accounts/${salon.account_id}/enable`, {}, 'app.manager.merchants.enabled')
          }
          data-testid={`enable-${salon.account_id}`}
        >
          {translate('app.manager.merchants.enable')}
        </Button>
      ) : (
        <Button
          size="small"
          color="error"
          onClick={() => setDisabling(true)}
          data-testid={`disable-${salon.account_id}`}
        >
          {translate('app.manager.merchants.disable')}
        </Button>
      )}
      <SupportMenu accountId={salon.account_id} resource={resource} />
      {renewing && <RenewDialog salon={salon} resource={resource} onClose={() => setRenewing(false)} />}
      <ReasonDialog
        open={disabling}
        required
        busy={busy}
        title={translate('app.manager.merchants.disable')}
        onClose={() => setDisabling(false)}
        onConfirm={async (reason) => {
          if (
            await send(`accounts/${salon.account_id}/disable`, { reason }, 'app.manager.merchants.disabled')
          )
            setDisabling(false);
        }}
      />
    </Box>
  );
};

const emptyText = (text: string) => (
  <Typography sx={{ p: 3 }} color="text.secondary" data-testid="list-empty">
    {text}
  </Typography>
);

/** The salons in one state: number, name, plan, valid till; renew, disable or enable. */
export const SalonsByStateList = ({ resource }: { resource: string }) => {
  const nameField = useNameField();
  const translate = useTranslate();
  return (
    <List
      resource={resource}
      sort={{ field: 'account_id', order: 'ASC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <ResponsiveDataTable<Salon>
        primaryText={() => <Names />}
        secondaryText={(s) => (
          <>
            {s.account_id} · {s.plan ? translate(`app.manager.merchants.plans.${s.plan}`) : '—'} ·{' '}
            <BusinessDateField source="valid_till" />
          </>
        )}
        tertiaryText={() => <SalonActions resource={resource} />}
        bulkActionButtons={false}
        rowClick={false}
        empty={emptyText(translate('app.manager.merchants.empty'))}
      >
        <DataTable.Col source="account_id" />
        <DataTable.Col source={nameField} field={Names} />
        <DataTable.Col source="alias" disableSort field={LtrField} />
        <DataTable.Col
          source="plan"
          disableSort
          render={(s: Salon) => (s.plan ? translate(`app.manager.merchants.plans.${s.plan}`) : '—')}
        />
        <DataTable.Col source="valid_till" field={BusinessDateField} />
        <DataTable.Col source="state" disableSort field={StateText} />
        <DataTable.Col source="disabled_reason" disableSort />
        <DataTable.Col source="id" label="" disableSort render={() => <SalonActions resource={resource} />} />
      </ResponsiveDataTable>
    </List>
  );
};

const RequestActions = ({ resource }: { label?: string; resource: string }) => {
  const request = useRecordContext<TrialRequest>();
  const translate = useTranslate();
  const { busy, send } = useDecision(resource);
  const [rejecting, setRejecting] = useState(false);
  if (!request || (request.state !== 'requested' && request.state !== 'waiting_verification')) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1 }} onClick={(e) => e.stopPropagation()}>
      <Button
        size="small"
        variant="contained"
        disabled={busy || request.state !== 'requested'}
        onClick={() =>
          void send(`trial-requests/${request.id}/approve`, {}, 'app.manager.merchants.approved')
        }
        data-testid={`approve-${request.id}`}
      >
        {translate('app.manager.merchants.approve')}
      </Button>
      <Button
        size="small"
        color="error"
        onClick={() => setRejecting(true)}
        data-testid={`reject-${request.id}`}
      >
        {translate('app.manager.merchants.reject')}
      </Button>
      <ReasonDialog
        open={rejecting}
        required
        busy={busy}
        title={translate('app.manager.merchants.reject')}
        onClose={() => setRejecting(false)}
        onConfirm={async (reason) => {
          if (await send(`trial-requests/${request.id}/reject`, { reason }, 'app.manager.merchants.rejected'))
            setRejecting(false);
        }}
      />
    </Box>
  );
};

/** Free-trial requests: who asked, her contact, where it stands; approve (opens the salon) or reject. */
export const TrialRequestList = ({ resource }: { resource: string }) => {
  const nameField = useNameField();
  const translate = useTranslate();
  return (
    <List
      resource={resource}
      sort={{ field: 'requested_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <ResponsiveDataTable<TrialRequest>
        primaryText={() => <Names />}
        secondaryText={(r) => (
          <>
            <bdi>{r.owner_name}</bdi> · <LtrField source="email" /> · <LtrField source="mobile" />
          </>
        )}
        tertiaryText={(r) => (
          <>
            <StateText />
            {r.reason ? ` · ${r.reason}` : ''}
            <RequestActions resource={resource} />
          </>
        )}
        bulkActionButtons={false}
        rowClick={false}
        empty={emptyText(translate('app.manager.merchants.empty_requests'))}
      >
        <DataTable.Col source={nameField} field={Names} />
        <DataTable.Col source="owner_name" disableSort />
        <DataTable.Col source="email" disableSort field={LtrField} />
        <DataTable.Col source="mobile" disableSort field={LtrField} />
        <DataTable.Col source="state" field={StateText} />
        <DataTable.Col source="reason" disableSort />
        <DataTable.Col source="requested_at" field={DateTimeField} />
        <DataTable.Col
          source="id"
          label=""
          disableSort
          render={() => <RequestActions resource={resource} />}
        />
      </ResponsiveDataTable>
    </List>
  );
};

export const TrialMerchantList = () => <SalonsByStateList resource="merchants/trial-merchants" />;
export const ExpiredMerchantList = () => <SalonsByStateList resource="merchants/expired-merchants" />;
export const DisabledMerchantList = () => <SalonsByStateList resource="merchants/disabled-merchants" />;
export const TrialRequestsList = () => <TrialRequestList resource="merchants/trial-requests" />;
export const RejectedMerchantList = () => <TrialRequestList resource="merchants/rejected-merchants" />;
export const AllRequestsList = () => <TrialRequestList resource="merchants/all-merchants-requests" />;
