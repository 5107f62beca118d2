import { Edit, NumberInput, SaveButton, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { useTranslate } from 'ra-core';
import Typography from '@mui/material/Typography';

/** The platform's settings (doc1 §2 manager route platform-setting): one record, id `platform`. */
export const PlatformSettingsEdit = () => {
  const translate = useTranslate();
  return (
    <Edit
      id="platform"
      resource="platform-setting/platform-setting"
      redirect={false}
      mutationMode="pessimistic"
      title={translate('resources.platform-setting/platform-setting.name', { smart_count: 1 })}
    >
      <SimpleForm>
        <Typography variant="body2" color="text.secondary">
          {translate('app.manager.platform_settings.sign_in_block_hint')}
        </Typography>
        <NumberInput source="sign_in_block_minutes" min={1} max={1440} step={1} />
        <Typography variant="body2" color="text.secondary">
          {translate('app.manager.platform_settings.session_hint')}
        </Typography>
        <NumberInput source="session_idle_minutes" min={5} max={10080} step={1} />
        <NumberInput source="session_max_hours" min={1} max={2160} step={1} />
      </SimpleForm>
    </Edit>
  );
};

export const GATEWAY_SETTING = 'platform-setting/payment-gateway-setting';

/** AED fils as the manager types them: 1.00 AED is 100 fils. */
const aedFromFils = (v: unknown) => (typeof v === 'number' ? (v / 100).toFixed(2) : '');
const filsFromAed = (v: unknown) => {
  const text = String(v ?? '').trim();
  return /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : text;
};

/**
 * `platform-setting/payment-gateway-setting` (doc1 §2): the platform's payment gateway defaults, the fee
 * it takes per successful transaction (doc2 §9: 1 AED) and how long a customer has to pay.
 */
export const PaymentGatewaySettingEdit = () => {
  const translate = useTranslate();
  return (
    <Edit
      id="platform"
      resource={GATEWAY_SETTING}
      redirect={false}
      mutationMode="pessimistic"
      title={translate(`resources.${GATEWAY_SETTING}.name`, { smart_count: 1 })}
    >
      {/* one record of the platform's: saved, never deleted */}
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <Typography variant="body2" color="text.secondary">
          {translate('app.manager.platform_settings.gateway_hint')}
        </Typography>
        <TextInput
          source="gateway_fee_fils"
          format={aedFromFils}
          parse={filsFromAed}
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'decimal', 'data-testid': 'gateway-fee' } }}
          helperText="app.manager.platform_settings.gateway_fee_hint"
        />
        <NumberInput source="gateway_payment_minutes" min={5} max={120} step={1} />
      </SimpleForm>
    </Edit>
  );
};
