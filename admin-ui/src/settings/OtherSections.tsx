import DownloadIcon from '@mui/icons-material/Download';
import { useQrSource } from '../shell/QrImage';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BooleanInput, NumberInput, PasswordInput, SelectInput, TextInput, Title } from 'react-admin';
import { useRecordContext, useRequireAccess, useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import {
  AUTOMATIC_MESSAGE_RULES,
  AUTOMATIC_MESSAGES,
  customerMessageTexts,
  messageTextField,
  invoiceSettingsInput,
  notificationSettingsInput,
  onlineSettingsInput,
  paymentGatewaySettingsInput,
} from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DescriptionIcon from '@mui/icons-material/Description';
import LanguageIcon from '@mui/icons-material/Language';
import PaymentIcon from '@mui/icons-material/Payment';
import NotificationsIcon from '@mui/icons-material/Notifications';
import ReceiptIcon from '@mui/icons-material/Receipt';
import { FormCell, FormSection } from '../forms/FormSection';
import { QUARTERS_OF_DAY, TimeOfDayInput } from '../forms/TimeOfDayInput';
import { schemaValidator } from '../forms/schemaValidator';
import { Mirrored } from '../layout/Mirrored';
import { useArea } from '../shell/area';
import { SETTINGS, publicAddress, sectionPayload } from './payloads';
import { SectionCard, SectionForm, combine, useRequired, type AfterSave } from './SettingsSection';

const useSchema = (schema: Parameters<typeof schemaValidator>[0]) => {
  const translate = useTranslate();
  return useMemo(() => schemaValidator(schema, SETTINGS, translate), [schema, translate]);
};

/** Both languages side by side, the page's language first. */
const Bilingual = ({ base, readOnly, rows = 3 }: { base: string; readOnly: boolean; rows?: number }) => {
  const { language } = useArea();
  const order = language === 'ar' ? ['ar', 'en'] : ['en', 'ar'];
  return (
    <>
      {order.map((lang) => (
        <FormCell key={lang}>
          <TextInput
            source={`${base}_${lang}`}
            readOnly={readOnly}
            fullWidth
            multiline
            minRows={rows}
            slotProps={{ htmlInput: { dir: lang === 'ar' ? 'rtl' : 'ltr', lang } }}
          />
        </FormCell>
      ))}
    </>
  );
};

const Switches = ({ sources, readOnly }: { sources: string[]; readOnly: boolean }) => (
  <>
    {sources.map((source) => (
      <FormCell key={source}>
        <BooleanInput source={source} readOnly={readOnly} />
      </FormCell>
    ))}
  </>
);

/** `settings/invoice`: the invoice's notes in both languages and the sales rules of doc2 §6. */
export const InvoiceSection = ({ onSaved, submitLabel }: AfterSave) => (
  <SectionCard
    icon={<ReceiptIcon color="primary" />}
    title="app.settings.invoice.title"
    hint="app.settings.invoice.hint"
    testId="invoice-settings"
  >
    <SectionForm
      id="invoice"
      validate={useSchema(invoiceSettingsInput)}
      payload={sectionPayload}
      onSaved={onSaved}
      submitLabel={submitLabel}
    >
      {(readOnly) => (
        <>
          <FormSection title="app.settings.invoice.notes">
            <Bilingual base="invoice_notes" readOnly={readOnly} />
            <Switches sources={['show_logo']} readOnly={readOnly} />
          </FormSection>
          <FormSection title="app.settings.invoice.rules">
            <Switches
              sources={[
                'allow_price_change',
                'allow_debt',
                'allow_free_gift_cards',
                'allow_selling_without_stock',
                'allow_overbooking',
                'allow_parallel_services',
              ]}
              readOnly={readOnly}
            />
          </FormSection>
          <FormSection title="app.settings.invoice.loyalty" last>
            <Switches sources={['loyalty_enabled']} readOnly={readOnly} />
            <LoyaltyRules readOnly={readOnly} />
          </FormSection>
        </>
      )}
    </SectionForm>
  </SectionCard>
);

/** The loyalty programme's rates, shown while it is on (doc1 §3): points per unit, a point's value, the fewest for a voucher. */
const LoyaltyRules = ({ readOnly }: { readOnly: boolean }) => {
  const on = useWatch({ name: 'loyalty_enabled' }) === true;
  if (!on) return null;
  return (
    <>
      {(['loyalty_points_per_unit', 'loyalty_point_value', 'loyalty_min_points'] as const).map((source) => (
        <FormCell key={source}>
          <TextInput
            source={source}
            readOnly={readOnly}
            fullWidth
            helperText={`app.settings.invoice.${source}_hint`}
            slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
          />
        </FormCell>
      ))}
    </>
  );
};

/** The send window's times: quarter hours from 09:00 to 23:00 (doc2's limits). */
const SEND_QUARTERS = QUARTERS_OF_DAY.filter((q) => q >= '09:00' && q <= '23:00');

const ReminderHours = ({ readOnly }: { readOnly: boolean }) => {
  const on = useWatch({ name: 'appointment_reminder' }) !== false;
  return (
    <FormCell>
      <NumberInput
        source="reminder_hours_before"
        readOnly={readOnly}
        disabled={!on}
        min={1}
        max={72}
        step={1}
        fullWidth
        helperText="app.settings.notifications.hours_hint"
      />
    </FormCell>
  );
};

/**
 * Each automatic message's text in both languages, the default shown until the salon writes its own;
 * the placeholders it may use are listed under it (an unknown one is refused on its field).
 */
const MessageTexts = ({ readOnly }: { readOnly: boolean }) => {
  const translate = useTranslate();
  return (
    <FormSection title="app.settings.notifications.texts">
      {AUTOMATIC_MESSAGES.flatMap((m) =>
        (['en', 'ar'] as const).map((language) => (
          <FormCell key={`${m}-${language}`}>
            <TextInput
              source={messageTextField(m, language)}
              label={translate(`app.settings.notifications.text_${language}`, {
                message: translate(`messaging.automatic.${m}`),
              })}
              defaultValue={customerMessageTexts[m][language]}
              readOnly={readOnly}
              multiline
              minRows={2}
              fullWidth
              slotProps={{ htmlInput: { dir: language === 'ar' ? 'rtl' : 'ltr' } }}
              helperText={translate('app.settings.notifications.placeholders', {
                list: AUTOMATIC_MESSAGE_RULES[m].placeholders.map((p) => `%{${p}}`).join(' '),
              })}
            />
          </FormCell>
        )),
      )}
    </FormSection>
  );
};

/** `settings/notifications`: which messages the salon sends its customers, and when. */
export const NotificationsSection = ({ onSaved, submitLabel }: AfterSave) => (
  <SectionCard
    icon={<NotificationsIcon color="primary" />}
    title="app.settings.notifications.title"
    hint="app.settings.notifications.hint"
    testId="notifications-settings"
  >
    <SectionForm
      id="notifications"
      validate={useSchema(notificationSettingsInput)}
      payload={sectionPayload}
      onSaved={onSaved}
      submitLabel={submitLabel}
    >
      {(readOnly) => (
        <>
          <FormSection title="app.settings.notifications.messages">
            <Switches sources={['appointment_reminder']} readOnly={readOnly} />
            <ReminderHours readOnly={readOnly} />
            <Switches
              sources={[
                'booking_confirmation',
                'thank_you_after_invoice',
                'survey_after_invoice',
                'birthday_greetings',
                'wallet_reminder',
                'gift_card_received',
                'no_show_follow_up',
              ]}
              readOnly={readOnly}
            />
          </FormSection>
          <MessageTexts readOnly={readOnly} />
          <FormSection title="app.settings.notifications_window.title" last>
            <FormCell>
              <TimeOfDayInput source="send_from" quarters={SEND_QUARTERS} readOnly={readOnly} fullWidth />
            </FormCell>
            <FormCell>
              <TimeOfDayInput
                source="send_until"
                quarters={SEND_QUARTERS}
                readOnly={readOnly}
                fullWidth
                helperText="app.settings.notifications_window.hint"
              />
            </FormCell>
            <Switches sources={['mute_friday_prayer']} readOnly={readOnly} />
          </FormSection>
        </>
      )}
    </SectionForm>
  </SectionCard>
);

const PublicAddress = () => {
  const translate = useTranslate();
  const { language } = useArea();
  const record = useRecordContext();
  const alias = useWatch({ name: 'alias' }) as unknown;
  // The saved alias is the one that works; the one being typed only after saving.
  const saved = publicAddress(window.location.origin, language, record?.alias);
  const qr = useQrSource(saved ?? '');
  if (!saved) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 1 }}>
      <Typography variant="body2" data-testid="public-address" sx={{ flex: '1 1 240px', minWidth: 0 }}>
        {translate('app.settings.online.address')}{' '}
        <a href={saved} target="_blank" rel="noreferrer" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
          {saved}
        </a>
        {alias !== record?.alias && ` · ${translate('app.settings.online.address_after_save')}`}
      </Typography>
      {qr && (
        <Box sx={{ textAlign: 'center' }}>
          <Box
            component="img"
            src={qr}
            alt={translate('app.settings.online.qr')}
            data-testid="public-address-qr"
            sx={{ width: 120, height: 120, display: 'block' }}
          />
          <Button
            component="a"
            href={qr}
            download={`${record?.alias ?? 'salon'}-qr.svg`}
            size="small"
            startIcon={<DownloadIcon />}
          >
            {translate('app.settings.online.qr_download')}
          </Button>
        </Box>
      )}
    </Box>
  );
};

const PolicyLinks = () => {
  const translate = useTranslate();
  const { basename } = useArea();
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
      <Button
        component={Link}
        to={`${basename}/setting/online-setting/terms-and-conditions`}
        startIcon={<DescriptionIcon />}
        variant="outlined"
        data-testid="edit-terms"
      >
        {translate('app.settings.online.terms_title')}
      </Button>
      <Button
        component={Link}
        to={`${basename}/setting/online-setting/refund-policy`}
        startIcon={<DescriptionIcon />}
        variant="outlined"
        data-testid="edit-refund-policy"
      >
        {translate('app.settings.online.refund_title')}
      </Button>
    </Box>
  );
};

/** `settings/online`: the salon's address on the platform (unique) and online booking on or off. */
export const OnlineSection = () => {
  const required = useRequired(SETTINGS, ['alias']);
  const schema = useSchema(onlineSettingsInput);
  const validate = useMemo(() => combine(schema, required), [schema, required]);
  return (
    <SectionCard
      icon={<LanguageIcon color="primary" />}
      title="app.settings.online.title"
      hint="app.settings.online.hint"
      testId="online-settings"
    >
      <SectionForm id="online" validate={validate} payload={sectionPayload}>
        {(readOnly) => (
          <FormSection title="app.settings.online.page" last>
            <FormCell>
              <TextInput
                source="alias"
                isRequired
                readOnly={readOnly}
                fullWidth
                helperText="app.settings.online.alias_hint"
                slotProps={{ htmlInput: { dir: 'ltr', autoComplete: 'off' } }}
              />
            </FormCell>
            <Switches sources={['online_booking', 'require_email']} readOnly={readOnly} />
            <FormCell>
              <NumberInput
                source="cancel_cutoff_hours"
                readOnly={readOnly}
                min={0}
                max={168}
                step={1}
                fullWidth
              />
            </FormCell>
            <FormCell wide>
              <PublicAddress />
              <PolicyLinks />
            </FormCell>
            <DepositPolicy readOnly={readOnly} />
            <OnlineGiftCards readOnly={readOnly} />
          </FormSection>
        )}
      </SectionForm>
    </SectionCard>
  );
};

const DEPOSIT_TYPES = ['none', 'amount', 'percentage'] as const;

/**
 * Gift cards sold on the salon's pages: on, off, or as the platform's payment-gateway package says
 * (the setting left unset), and the smallest and largest value a customer may choose.
 */
const OnlineGiftCards = ({ readOnly }: { readOnly: boolean }) => {
  const translate = useTranslate();
  return (
    <>
      <FormCell wide>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate('app.settings.online.gift_cards')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.settings.online.gift_cards_hint')}
        </Typography>
      </FormCell>
      <FormCell>
        <SelectInput
          source="online_gift_cards"
          readOnly={readOnly}
          fullWidth
          emptyText="app.settings.online.gift_cards_choices.package"
          choices={[
            { id: 'true', name: 'app.settings.online.gift_cards_choices.on' },
            { id: 'false', name: 'app.settings.online.gift_cards_choices.off' },
          ]}
          format={(v: unknown) => (typeof v === 'boolean' ? String(v) : (v ?? ''))}
          parse={(v: unknown) => (v === 'true' ? true : v === 'false' ? false : null)}
        />
      </FormCell>
      {(['gift_card_min_value', 'gift_card_max_value'] as const).map((source) => (
        <FormCell key={source}>
          <TextInput
            source={source}
            readOnly={readOnly}
            fullWidth
            helperText={`app.settings.online.${source}_hint`}
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'decimal' } }}
          />
        </FormCell>
      ))}
    </>
  );
};

/** Whether an online booking pays a deposit first: none, a fixed amount, or a percentage of the visit. */
const DepositPolicy = ({ readOnly }: { readOnly: boolean }) => {
  const translate = useTranslate();
  const type = useWatch({ name: 'deposit_type' }) as string | undefined;
  return (
    <>
      <FormCell wide>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate('app.settings.online.deposit')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.settings.online.deposit_hint')}
        </Typography>
      </FormCell>
      <FormCell>
        <SelectInput
          source="deposit_type"
          readOnly={readOnly}
          fullWidth
          choices={DEPOSIT_TYPES.map((id) => ({ id, name: `app.settings.online.deposit_types.${id}` }))}
          defaultValue="none"
        />
      </FormCell>
      {type === 'amount' && (
        <FormCell>
          <TextInput
            source="deposit_amount"
            readOnly={readOnly}
            fullWidth
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'decimal' } }}
          />
        </FormCell>
      )}
      {type === 'percentage' && (
        <FormCell>
          <NumberInput source="deposit_percentage" readOnly={readOnly} min={1} max={100} step={1} fullWidth />
        </FormCell>
      )}
    </>
  );
};

/** A write-only secret: typed to change it, never shown; the form says whether one is saved. */
const SecretInput = ({
  source,
  readOnly,
}: {
  source: 'secret' | 'terminal_resource_key';
  readOnly: boolean;
}) => {
  const record = useRecordContext();
  const set = record?.[`${source}_set`] === true;
  return (
    <FormCell>
      <PasswordInput
        source={source}
        readOnly={readOnly}
        fullWidth
        autoComplete="new-password"
        helperText={set ? 'app.settings.online.secret_is_set' : 'app.settings.online.secret_not_set'}
        slotProps={{ htmlInput: { dir: 'ltr', autoComplete: 'new-password' } }}
      />
    </FormCell>
  );
};

/** The form's values as `PUT settings/payment-gateway` takes them: an empty secret keeps the saved one. */
const gatewayPayload = (values: Record<string, unknown>) => {
  const { secret_set: _s, terminal_resource_key_set: _k, ...rest } = sectionPayload(values);
  return rest;
};

/** `settings/payment-gateway` (doc1 §3): the gateway and its key, secret, tranportal id, terminal resource key. */
export const PaymentGatewaySection = () => {
  const schema = useSchema(paymentGatewaySettingsInput);
  return (
    <SectionCard
      icon={<PaymentIcon color="primary" />}
      title="app.settings.online.gateway_title"
      hint="app.settings.online.gateway_hint"
      testId="payment-gateway-settings"
    >
      <SectionForm id="payment-gateway" validate={schema} payload={gatewayPayload}>
        {(readOnly) => (
          <FormSection title="app.settings.online.gateway_title" last>
            <FormCell>
              <SelectInput
                source="gateway"
                readOnly={readOnly}
                fullWidth
                choices={(['simulator', 'arb'] as const).map((id) => ({
                  id,
                  name: `app.settings.online.gateways.${id}`,
                }))}
              />
            </FormCell>
            <FormCell>
              <TextInput
                source="tranportal_id"
                readOnly={readOnly}
                fullWidth
                slotProps={{ htmlInput: { dir: 'ltr' } }}
              />
            </FormCell>
            <FormCell>
              <TextInput
                source="key"
                readOnly={readOnly}
                fullWidth
                slotProps={{ htmlInput: { dir: 'ltr' } }}
              />
            </FormCell>
            <SecretInput source="secret" readOnly={readOnly} />
            <SecretInput source="terminal_resource_key" readOnly={readOnly} />
          </FormSection>
        )}
      </SectionForm>
    </SectionCard>
  );
};

const Page = ({ children }: { children: ReactNode }) => {
  const { isPending } = useRequireAccess({ resource: SETTINGS, action: 'show' });
  if (isPending) return null;
  return <Box sx={{ py: 2, maxWidth: 960 }}>{children}</Box>;
};

export const InvoiceSettingsPage = () => (
  <Page>
    <Title title="app.settings.invoice.title" />
    <InvoiceSection />
  </Page>
);

export const NotificationsSettingsPage = () => (
  <Page>
    <Title title="app.settings.notifications.title" />
    <NotificationsSection />
  </Page>
);

export const OnlineSettingsPage = () => (
  <Page>
    <Title title="app.settings.online.title" />
    <OnlineSection />
    <PaymentGatewaySection />
  </Page>
);

/** The terms and conditions, or the refund policy, of the salon's online pages, in both languages. */
const PolicyPage = ({ base, title }: { base: 'terms' | 'refund_policy'; title: string }) => {
  const translate = useTranslate();
  const { basename } = useArea();
  return (
    <Page>
      <Title title={title} />
      <Button
        component={Link}
        to={`${basename}/setting/online-setting`}
        startIcon={
          <Mirrored>
            <ArrowBackIcon />
          </Mirrored>
        }
        sx={{ mb: 1 }}
      >
        {translate('app.settings.online.back')}
      </Button>
      <SectionCard
        icon={<DescriptionIcon color="primary" />}
        title={title}
        hint="app.settings.online.policy_hint"
        testId={`${base}-page`}
      >
        <SectionForm id="online" payload={sectionPayload}>
          {(readOnly) => (
            <FormSection title={title} last>
              <Bilingual base={base} readOnly={readOnly} rows={10} />
            </FormSection>
          )}
        </SectionForm>
      </SectionCard>
    </Page>
  );
};

export const TermsPage = () => <PolicyPage base="terms" title="app.settings.online.terms_title" />;
export const RefundPolicyPage = () => (
  <PolicyPage base="refund_policy" title="app.settings.online.refund_title" />
);
