import { useMemo, useState, type ReactNode } from 'react';
import {
  Create,
  CreateButton,
  DataTable,
  List,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
} from 'react-admin';
import {
  useCreatePath,
  useGetOne,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'ra-core';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { codeLabelKey, codeOptions, connectEInvoicingInput } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import Fab from '@mui/material/Fab';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormCell, FormSection } from '../forms/FormSection';
import { schemaValidator } from '../forms/schemaValidator';
import { failureKey, isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useArea } from '../shell/area';
import { useFormat } from '../format/useFormat';

/** Doc1 §2 manager routes `zatca-setting`, `zatca-setting/form`, `zatca-setting/form-clone/{id}`. */
export const ZATCA_SETTING = 'zatca-setting';

export type Device = RaRecord & {
  account_id: number;
  salon_name_en?: string;
  salon_name_ar?: string;
  status: 0 | 1 | 2 | 3;
  active: boolean;
  environment: 1 | 2 | 3;
  vat_number: string;
  commercial_registration: string;
  seller_name: string;
  branch_name: string;
  industry: string;
  street: string;
  building_number: string;
  additional_number?: string;
  district: string;
  city: string;
  postal_code: string;
  compliance_passed: string[];
  compliance_missing: string[];
  production_valid_to: string | null;
  last_failure: null | {
    step: string;
    http_status: number;
    errors: Array<{ code: string; message: string }>;
  };
  created_at: string;
};

const STATUS_COLOR = { 0: 'default', 1: 'warning', 2: 'success', 3: 'success' } as const;

export const DeviceStatus = (_: { label?: string }) => {
  const record = useRecordContext<Device>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[record.status]}
      label={translate(codeLabelKey('eInvoiceSettingStatus', record.status))}
      data-testid={`device-status-${record.status}`}
    />
  );
};

const Salon = (_: { label?: string }) => {
  const record = useRecordContext<Device>();
  const { language } = useArea();
  if (!record) return null;
  const name =
    language === 'ar'
      ? record.salon_name_ar || record.salon_name_en
      : record.salon_name_en || record.salon_name_ar;
  return (
    <Typography variant="body2" component="span">
      <bdi>{name}</bdi> <bdi dir="ltr">#{record.account_id}</bdi>
    </Typography>
  );
};

/** Where the onboarding stands: the checks passed, and the last refusal in the authority's words. */
export const DeviceProgress = (_: { label?: string }) => {
  const record = useRecordContext<Device>();
  const translate = useTranslate();
  const { date } = useFormat();
  if (!record) return null;
  const total = record.compliance_passed.length + record.compliance_missing.length;
  return (
    <Box component="span" sx={{ display: 'grid', gap: 0.25 }}>
      <Typography variant="caption" component="span">
        {translate('app.einvoicing.checks', { done: record.compliance_passed.length, total })}
      </Typography>
      {record.production_valid_to && (
        <Typography variant="caption" component="span" color="text.secondary">
          {translate('app.einvoicing.valid_to', { date: date(record.production_valid_to) })}
        </Typography>
      )}
      {record.last_failure && (
        <Typography variant="caption" component="span" color="error" data-testid="device-failure">
          {translate(`app.einvoicing.steps.${record.last_failure.step}`)}:{' '}
          <bdi>{record.last_failure.errors.map((e) => `${e.code} ${e.message}`).join('; ')}</bdi>
        </Typography>
      )}
    </Box>
  );
};

/** The renewal's one-time password, asked in a dialog. */
const OtpDialog = ({
  open,
  onClose,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (otp: string) => Promise<void>;
}) => {
  const translate = useTranslate();
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.einvoicing.renew')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('app.einvoicing.otp_hint')}
        </Typography>
        <TextField
          autoFocus
          fullWidth
          label={translate('resources.zatca-setting.fields.otp')}
          value={otp}
          onChange={(e) => setOtp(e.target.value.trim())}
          slotProps={{
            htmlInput: { dir: 'ltr', inputMode: 'numeric', maxLength: 6, 'data-testid': 'renew-otp' },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || !/^\d{6}$/.test(otp)}
          data-testid="renew-confirm"
          onClick={async () => {
            setBusy(true);
            try {
              await onSubmit(otp);
            } finally {
              setBusy(false);
            }
          }}
        >
          {translate('app.einvoicing.renew')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** A device's actions: take the onboarding up again, renew, cancel, clone into a new device. */
export const DeviceActions = ({
  base,
  clonable,
}: {
  label?: string;
  base: (record: Device) => string;
  clonable: boolean;
}) => {
  const record = useRecordContext<Device>();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const { basename } = useArea();
  if (!record) return null;
  const act = async (action: 'retry' | 'renew' | 'cancel', body?: unknown) => {
    setBusy(true);
    try {
      const device = await dataProvider.command<Device>(
        ZATCA_SETTING,
        'POST',
        `${base(record)}/${action}`,
        body,
      );
      notify(device.last_failure ? 'app.einvoicing.still_pending' : `app.einvoicing.done.${action}`, {
        type: device.last_failure ? 'warning' : 'success',
      });
      refresh();
      return true;
    } catch (error) {
      if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }} onClick={(e) => e.stopPropagation()}>
      {record.status === 1 && (
        <Button size="small" disabled={busy} onClick={() => void act('retry')} data-testid="device-retry">
          {translate('app.einvoicing.retry')}
        </Button>
      )}
      {(record.status === 2 || record.status === 3) && (
        <Button size="small" disabled={busy} onClick={() => setRenewing(true)} data-testid="device-renew">
          {translate('app.einvoicing.renew')}
        </Button>
      )}
      {record.status !== 0 && (
        <Button
          size="small"
          color="error"
          disabled={busy}
          onClick={() => void act('cancel')}
          data-testid="device-cancel"
        >
          {translate('app.einvoicing.cancel')}
        </Button>
      )}
      {clonable && (
        <Button
          size="small"
          disabled={busy}
          component={RouterLink}
          to={`${basename}/${ZATCA_SETTING}/form-clone/${record.id}`}
          data-testid="device-clone"
        >
          {translate('app.einvoicing.clone')}
        </Button>
      )}
      <OtpDialog
        open={renewing}
        onClose={() => setRenewing(false)}
        onSubmit={async (otp) => {
          if (await act('renew', { otp })) setRenewing(false);
        }}
      />
    </Stack>
  );
};

/**
 * "Connect a device", in words on every screen: react-admin's create button is a bare "+" on a phone
 * and a tablet. There it floats at the screen's end, labelled; `inline` keeps it in the page's flow.
 */
const ConnectButton = ({ to, inline = false }: { to?: string; inline?: boolean }) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const resource = useResourceContext();
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const path = to ?? createPath({ resource, type: 'create' });
  const label = translate('app.einvoicing.connect');
  if (inline)
    return (
      <Button
        component={RouterLink}
        to={path}
        variant="contained"
        startIcon={<AddIcon />}
        data-testid="einvoicing-connect"
      >
        {label}
      </Button>
    );
  if (!small) return <CreateButton to={to} label="app.einvoicing.connect" data-testid="einvoicing-connect" />;
  return (
    <Fab
      variant="extended"
      color="primary"
      component={RouterLink}
      to={path}
      sx={{ position: 'fixed', bottom: 60, insetInlineEnd: 20, zIndex: 1000, gap: 1 }}
      data-testid="einvoicing-connect"
    >
      <AddIcon />
      {label}
    </Fab>
  );
};

/**
 * A list of devices: every salon's for the manager (`manager`: the salon named, a device cloned into
 * a new one), the salon's own otherwise.
 */
const DeviceList = ({ resource, manager = false }: { resource: string; manager?: boolean }) => {
  const translate = useTranslate();
  const { basename } = useArea();
  const base = (record: Device) =>
    manager ? `accounts/${record.account_id}/zatca-setting/${record.id}` : `einvoicing/devices/${record.id}`;
  // the manager's form is `zatca-setting/form` (doc1 §2), the salon's the resource's own create
  const create = manager ? { to: `${basename}/${ZATCA_SETTING}/form` } : {};
  const actions = () => <DeviceActions base={base} clonable={manager} />;
  return (
    <List
      resource={resource}
      title={
        manager
          ? translate(`resources.${resource}.name`, { smart_count: 2 })
          : translate('app.einvoicing.merchant_title')
      }
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={
        <Box sx={{ p: 3 }} data-testid="list-empty">
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate(manager ? 'app.einvoicing.empty_manager' : 'app.einvoicing.empty_merchant')}
          </Typography>
          <ConnectButton {...create} inline />
        </Box>
      }
      actions={
        <TopToolbar>
          <ConnectButton {...create} />
        </TopToolbar>
      }
    >
      <ResponsiveDataTable<Device>
        primaryText={() => (manager ? <Salon /> : <DeviceStatus />)}
        secondaryText={() => (
          <Box component="span" sx={{ display: 'grid', gap: 0.5 }}>
            <Box component="span">
              {manager && <DeviceStatus />}{' '}
              <Typography variant="caption" component="span">
                {translate('app.einvoicing.environment_short')}{' '}
              </Typography>
              <EnvironmentText />
            </Box>
            <DeviceProgress />
          </Box>
        )}
        tertiaryText={actions}
        bulkActionButtons={false}
        rowClick={false}
      >
        {manager && <DataTable.Col source="account_id" field={Salon} />}
        <DataTable.Col source="status" field={DeviceStatus} />
        <DataTable.Col source="environment" disableSort field={EnvironmentText} />
        <DataTable.Col source="vat_number" disableSort />
        <DataTable.Col source="progress" disableSort field={DeviceProgress} />
        <DataTable.Col source="actions" disableSort render={actions} />
      </ResponsiveDataTable>
    </List>
  );
};

/** `zatca-setting`: every salon's e-invoicing devices, newest first. */
export const ZatcaSettingList = () => <DeviceList resource={ZATCA_SETTING} manager />;

export const EnvironmentText = (_: { label?: string }) => {
  const record = useRecordContext<Device>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Typography variant="body2" component="span">
      {translate(codeLabelKey('eInvoiceEnvironment', record.environment))}
    </Typography>
  );
};

const ltr = { htmlInput: { dir: 'ltr' } };

/** The fields of a device's onboarding (shared by the manager's form and the salon's settings). */
export const DeviceFields = ({ before }: { before?: ReactNode }) => (
  <>
    <FormSection title="app.einvoicing.sections.authority">
      {before}
      <FormCell>
        <SelectInput source="environment" choices={codeOptions('eInvoiceEnvironment')} isRequired fullWidth />
      </FormCell>
      <FormCell>
        <TextInput
          source="otp"
          isRequired
          fullWidth
          helperText="app.einvoicing.otp_hint"
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', maxLength: 6 } }}
        />
      </FormCell>
      <FormCell>
        <TextInput source="vat_number" isRequired fullWidth slotProps={ltr} />
      </FormCell>
      <FormCell>
        <TextInput source="commercial_registration" isRequired fullWidth slotProps={ltr} />
      </FormCell>
    </FormSection>
    <FormSection title="app.einvoicing.sections.seller">
      <FormCell>
        <TextInput
          source="seller_name"
          isRequired
          fullWidth
          slotProps={ltr}
          helperText="app.einvoicing.latin_hint"
        />
      </FormCell>
      <FormCell>
        <TextInput source="branch_name" isRequired fullWidth slotProps={ltr} />
      </FormCell>
      <FormCell>
        <TextInput source="industry" isRequired fullWidth slotProps={ltr} />
      </FormCell>
    </FormSection>
    <FormSection title="app.einvoicing.sections.address" last>
      <FormCell>
        <TextInput source="street" isRequired fullWidth slotProps={ltr} />
      </FormCell>
      <FormCell>
        <TextInput source="building_number" isRequired fullWidth slotProps={ltr} />
      </FormCell>
      <FormCell>
        <TextInput source="additional_number" fullWidth slotProps={ltr} />
      </FormCell>
      <FormCell>
        <TextInput source="district" isRequired fullWidth slotProps={ltr} />
      </FormCell>
      <FormCell>
        <TextInput source="city" isRequired fullWidth slotProps={ltr} />
      </FormCell>
      <FormCell>
        <TextInput source="postal_code" isRequired fullWidth slotProps={ltr} />
      </FormCell>
    </FormSection>
  </>
);

const DEVICE_FIELDS = [
  'environment',
  'vat_number',
  'commercial_registration',
  'seller_name',
  'branch_name',
  'industry',
  'street',
  'building_number',
  'additional_number',
  'district',
  'city',
  'postal_code',
] as const;

/** The onboarding's rules (the contracts' schema), and for the manager's form the salon's number. */
export const useDeviceValidate = (resource: string, account = false) => {
  const translate = useTranslate();
  return useMemo(() => {
    const check = schemaValidator(connectEInvoicingInput, resource, translate);
    return (values: Record<string, unknown>) => {
      const { account_id, ...rest } = values;
      const errors: Record<string, unknown> = { ...check(rest) };
      if (account && !/^\d{1,9}$/.test(String(account_id ?? '')))
        errors.account_id = translate('validation.is_required', {
          field: translate(`resources.${resource}.fields.account_id`),
        });
      return errors;
    };
  }, [translate, resource, account]);
};

/**
 * Connecting a device: the manager's (`account` asks which salon, `source` a device to clone) or the
 * salon's own (`resource` MERCHANT_EINVOICING).
 */
const DeviceCreate = ({
  resource,
  account = false,
  source,
}: {
  resource: string;
  account?: boolean;
  source?: Device;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const validate = useDeviceValidate(resource, account);
  const defaults = source
    ? {
        ...Object.fromEntries(DEVICE_FIELDS.map((f) => [f, source[f] ?? ''])),
        account_id: source.account_id,
        cloned_from: source.id,
      }
    : { environment: 2 };
  return (
    <Create
      resource={resource}
      title={translate(source ? 'app.einvoicing.clone_title' : 'app.einvoicing.connect')}
      mutationOptions={{
        onSuccess: (device: Device) => {
          notify(device.status === 2 ? 'app.einvoicing.connected' : 'app.einvoicing.still_pending', {
            type: device.status === 2 ? 'success' : 'warning',
          });
          redirect('list', resource);
        },
      }}
    >
      <SimpleForm validate={validate} noValidate sx={{ maxWidth: 960 }} defaultValues={defaults}>
        <DeviceFields
          before={
            account && (
              <FormCell>
                <TextInput
                  source="account_id"
                  isRequired
                  fullWidth
                  // read only, not disabled: a disabled input is left out of what the form sends
                  slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', readOnly: !!source } }}
                />
              </FormCell>
            )
          }
        />
      </SimpleForm>
    </Create>
  );
};

/** `zatca-setting/form`: connecting a salon's new device. */
export const ZatcaSettingForm = () => <DeviceCreate resource={ZATCA_SETTING} account />;

/** `zatca-setting/form-clone/{id}`: a new device from an existing one's details (a new OTP). */
export const ZatcaSettingClone = () => {
  const { id } = useParams();
  const { data, isPending, error } = useGetOne<Device>(ZATCA_SETTING, { id: id ?? '' }, { enabled: !!id });
  const translate = useTranslate();
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('ra.page.loading')}</Typography>;
  if (error || !data)
    return (
      <Typography sx={{ p: 3 }} color="error">
        {translate('not_found.einvoicing_device')}
      </Typography>
    );
  return <DeviceCreate resource={ZATCA_SETTING} account source={data} />;
};

/** The salon's own e-invoicing screen (`setting/einvoicing-setting`): its devices and their state. */
export const MERCHANT_EINVOICING = 'setting/einvoicing-setting';

export const MerchantDeviceList = () => <DeviceList resource={MERCHANT_EINVOICING} />;

/** Connecting the salon's device with the OTP of its Fatoora portal. */
export const MerchantDeviceCreate = () => <DeviceCreate resource={MERCHANT_EINVOICING} />;
