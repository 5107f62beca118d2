import { useState } from 'react';
import { SaveButton, SimpleForm } from 'react-admin';
import { useDataProvider, useGetList, useGetOne, useNotify, useTranslate } from 'ra-core';
import { codeLabelKey, type GlobalInformation } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import LinkIcon from '@mui/icons-material/Link';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useGlobalInformation } from '../layout/globalInformationContext';
import { InlineToolbar } from '../layout/phone';
import { Loading, SectionCard, useServerErrors, type AfterSave } from '../settings/SettingsSection';
import { SETTINGS } from '../settings/payloads';
import { DeviceFields, MERCHANT_EINVOICING, useDeviceValidate, type Device } from './ZatcaSetting';

const ALL = { pagination: { page: 1, perPage: 50 }, sort: { field: 'created_at', order: 'DESC' as const } };

/**
 * A Saudi salon's wizard step (issue 24): connecting to ZATCA e-invoicing before its first sale, with
 * the onboarding of Settings → E-invoicing (ZATCA) and its rules; or skipping it, once told what that
 * means. A salon already connected just goes on.
 */
export const EInvoicingStep = ({ onSaved, submitLabel }: AfterSave) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const serverErrors = useServerErrors();
  const validate = useDeviceValidate(MERCHANT_EINVOICING);
  const information = useGlobalInformation<GlobalInformation>();
  const devices = useGetList<Device>(MERCHANT_EINVOICING, ALL);
  // what the salon told the general step, so the owner does not type it twice
  const general = useGetOne<{ id: string; vat_number?: string; commercial_registration?: string }>(SETTINGS, {
    id: 'general',
  });
  const [skipping, setSkipping] = useState(false);
  const connected = devices.data?.find((d) => d.active && (d.status === 2 || d.status === 3));
  const pending = devices.data?.find((d) => d.active && d.status === 1);

  const connect = async (values: Record<string, unknown>) => {
    try {
      const { data: device } = await dataProvider.create<Device>(MERCHANT_EINVOICING, { data: values });
      if (device.status === 2) {
        notify('app.einvoicing.connected', { type: 'success' });
        await onSaved?.();
      } else {
        notify('app.einvoicing.still_pending', { type: 'warning' });
        await devices.refetch();
      }
      return undefined;
    } catch (error) {
      return serverErrors(error);
    }
  };

  const body = () => {
    if (devices.isPending || general.isPending) return <Loading />;
    if (connected)
      return (
        <Box sx={{ px: 2, pb: 2, display: 'grid', gap: 2, justifyItems: 'start' }}>
          <Alert severity="success" data-testid="wizard-einvoicing-connected">
            {translate('app.einvoicing.wizard.connected', {
              environment: translate(codeLabelKey('eInvoiceEnvironment', connected.environment)),
            })}
          </Alert>
          <Button variant="contained" onClick={() => void onSaved?.()} data-testid="wizard-einvoicing-next">
            {translate(submitLabel ?? 'app.wizard.save_and_continue')}
          </Button>
        </Box>
      );
    return (
      <>
        {pending?.last_failure && (
          <Alert severity="warning" sx={{ mx: 2 }} data-testid="wizard-einvoicing-pending">
            {translate('app.einvoicing.still_pending')}{' '}
            <bdi>{pending.last_failure.errors.map((e) => `${e.code} ${e.message}`).join('; ')}</bdi>
          </Alert>
        )}
        <SimpleForm
          resource={MERCHANT_EINVOICING}
          onSubmit={connect}
          validate={validate}
          noValidate
          defaultValues={{
            environment: 2,
            vat_number: general.data?.vat_number ?? '',
            commercial_registration: general.data?.commercial_registration ?? '',
            seller_name: information?.global_informations.account.name_en ?? '',
          }}
          toolbar={
            <InlineToolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
              <SaveButton
                alwaysEnable
                label="app.einvoicing.wizard.connect"
                icon={<LinkIcon />}
                data-testid="wizard-einvoicing-connect"
              />
              <Button onClick={() => setSkipping(true)} data-testid="wizard-einvoicing-skip">
                {translate('app.einvoicing.wizard.skip')}
              </Button>
            </InlineToolbar>
          }
        >
          <DeviceFields />
        </SimpleForm>
      </>
    );
  };

  return (
    <SectionCard
      icon={<ReceiptLongIcon />}
      title="app.einvoicing.wizard.title"
      hint="app.einvoicing.wizard.hint"
      testId="wizard-einvoicing"
    >
      {body()}
      <Dialog open={skipping} onClose={() => setSkipping(false)} data-testid="wizard-einvoicing-skip-dialog">
        <DialogTitle>{translate('app.einvoicing.wizard.skip_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText data-testid="wizard-einvoicing-skip-warning">
            {translate('app.einvoicing.wizard.skip_warning')}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => setSkipping(false)} variant="contained">
            {translate('app.einvoicing.wizard.connect_now')}
          </Button>
          <Button
            color="warning"
            onClick={() => {
              setSkipping(false);
              void onSaved?.();
            }}
            data-testid="wizard-einvoicing-skip-confirm"
          >
            {translate('app.einvoicing.wizard.skip_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </SectionCard>
  );
};
