import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BooleanInput, SaveButton, SimpleForm, TextInput, Title } from 'react-admin';
import {
  useCanAccess,
  useDataProvider,
  useGetOne,
  useNotify,
  useRefresh,
  useRequireAccess,
  useTranslate,
} from 'ra-core';
import { vatSettingsInput, type GlobalInformation } from '@rawnaq/contracts';
import { useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import MuiTab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import PercentIcon from '@mui/icons-material/Percent';
import { useFormat } from '../format/useFormat';
import { FormCell } from '../forms/FormSection';
import { schemaValidator } from '../forms/schemaValidator';
import { failureKey, isHandled, isHttpError } from '../http/errors';
import { useGlobalInformationStore } from '../layout/globalInformationContext';
import { useSalonVat } from '../menu/fields';
import { parseTypedNumber } from '../menu/pricing';
import { MENU_RESOURCES } from '../menu/types';
import { useArea } from '../shell/area';
import { vatExample, vatPayload, type VatSettings } from './vat';
import { BusinessHoursSection } from './BusinessHoursSection';
import { CustomHoursSection } from './CustomHoursSection';
import { GeneralInfoSection } from './GeneralInfoSection';
import { SubscriptionSection } from './AccountInvoices';
import { BackupSection } from './BackupSection';
import { ContractsSection } from './ContractsSection';
import type { AfterSave } from './SettingsSection';
import { InlineToolbar } from '../layout/phone';
import { inArabic, inEnglish } from '../forms/directions';

const RESOURCE = 'settings';

/** The contracts' `vatSettingsInput`, and both names required (the server would fall back to defaults). */
const useVatValidate = () => {
  const translate = useTranslate();
  return useMemo(() => {
    const schema = schemaValidator(vatSettingsInput, RESOURCE, translate);
    return (values: Record<string, unknown>) => {
      const errors = schema(values) as Record<string, unknown>;
      for (const field of ['vat_name_en', 'vat_name_ar'])
        if (typeof values[field] !== 'string' || (values[field] as string).trim() === '')
          errors[field] ??= {
            message: 'validation.is_required',
            args: { field: translate(`resources.${RESOURCE}.fields.${field}`) },
          };
      return errors;
    };
  }, [translate]);
};

const VatFields = ({ readOnly }: { readOnly: boolean }) => {
  const translate = useTranslate();
  const { money } = useFormat();
  const { currency } = useSalonVat();
  const { setValue } = useFormContext();
  const [enabled, percentage] = useWatch({ name: ['vat_enabled', 'vat_percentage'] });
  const off = enabled === false;
  const example = vatExample(off ? '0' : percentage, currency);
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%' }}>
      <FormCell wide>
        <BooleanInput
          source="vat_enabled"
          readOnly={readOnly}
          // Off means a percentage of zero; switched on again, the percentage is typed anew.
          onChange={(event: { target: { checked: boolean } }) =>
            setValue('vat_percentage', event.target.checked ? '' : '0', { shouldDirty: true })
          }
        />
      </FormCell>
      <FormCell>
        <TextInput
          source="vat_percentage"
          isRequired
          readOnly={readOnly}
          disabled={off}
          parse={parseTypedNumber}
          fullWidth
          slotProps={{
            htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
            input: {
              endAdornment: <InputAdornment position="end">%</InputAdornment>,
            },
          }}
        />
      </FormCell>
      <FormCell>
        <Typography variant="body2" color="text.secondary" sx={{ pt: { md: 2 } }} data-testid="vat-example">
          {off
            ? translate('app.settings.vat.off')
            : example
              ? translate('app.settings.vat.example', {
                  before: money(example.before),
                  after: money(example.after),
                })
              : ''}
        </Typography>
      </FormCell>
      <FormCell>
        <TextInput source="vat_name_en" isRequired readOnly={readOnly} fullWidth slotProps={inEnglish} />
      </FormCell>
      <FormCell>
        <TextInput source="vat_name_ar" isRequired readOnly={readOnly} fullWidth slotProps={inArabic} />
      </FormCell>
    </Grid>
  );
};

type Repriced = { before: string; after: string };

/**
 * The VAT of spec doc1 "Merchant settings": on or off, its names and percentage. Saving a new
 * percentage reprices every price with VAT of the menu in one command; the global information (the
 * service form's VAT) and every cached list are refreshed at once.
 */
export const VatSection = ({ onSaved, submitLabel }: AfterSave) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { basename } = useArea();
  const dataProvider = useDataProvider();
  const store = useGlobalInformationStore<GlobalInformation>();
  const validate = useVatValidate();
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  const { canAccess: canSeeServices } = useCanAccess({ resource: MENU_RESOURCES.services, action: 'list' });
  const { data, isPending, refetch } = useGetOne<VatSettings>(RESOURCE, { id: 'vat' });
  const [repriced, setRepriced] = useState<Repriced | null>(null);

  const save = async (values: Record<string, unknown>) => {
    if (!data) return undefined;
    try {
      const { data: saved } = await dataProvider.update<VatSettings>(RESOURCE, {
        id: 'vat',
        data: vatPayload(values),
        previousData: data,
      });
      const before = String(data.vat_percentage);
      const after = String(saved.vat_percentage);
      setRepriced(before === after ? null : { before, after });
      notify(before === after ? 'app.settings.vat.saved' : 'settings.vat_changed', { type: 'success' });
      refresh();
      await Promise.all([store.refresh(), refetch()]);
      await onSaved?.();
      return undefined;
    } catch (error) {
      if (isHandled(error)) return undefined;
      if (isHttpError(error) && error.body?.errors) return error.body.errors;
      notify(failureKey(error), { type: 'error' });
      return undefined;
    }
  };

  return (
    <Card data-testid="vat-settings" sx={{ mb: 2 }}>
      <CardHeader
        avatar={<PercentIcon color="primary" />}
        title={translate('app.settings.vat.title')}
        subheader={translate('app.settings.vat.hint')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      {canEdit === false && (
        <Alert severity="info" sx={{ mx: 2 }}>
          {translate('app.settings.read_only')}
        </Alert>
      )}
      {repriced && (
        <Alert
          severity="success"
          sx={{ mx: 2 }}
          data-testid="vat-repriced"
          action={
            canSeeServices ? (
              <Button
                color="inherit"
                size="small"
                component={Link}
                to={`${basename}/${MENU_RESOURCES.services}`}
              >
                {translate('app.settings.vat.see_services')}
              </Button>
            ) : undefined
          }
        >
          {translate('app.settings.vat.repriced', repriced)}
        </Alert>
      )}
      {isPending || !data ? (
        <Box sx={{ p: 2 }}>
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Box>
      ) : (
        <SimpleForm
          resource={RESOURCE}
          record={{ ...data, vat_percentage: String(data.vat_percentage) }}
          onSubmit={save}
          validate={validate}
          toolbar={
            canEdit ? (
              <InlineToolbar>
                <SaveButton
                  alwaysEnable={Boolean(onSaved)}
                  label={submitLabel ?? 'ra.action.save'}
                  data-testid="settings-save"
                />
              </InlineToolbar>
            ) : (
              false
            )
          }
        >
          <VatFields readOnly={!canEdit} />
        </SimpleForm>
      )}
    </Card>
  );
};

const TABS = ['general', 'vat', 'hours'] as const;
type Tab = (typeof TABS)[number];

/**
 * `setting/general-setting` (spec doc1 §2): the salon's general information, its VAT, and its
 * business hours (the week and custom periods), one tab each; `?tab=` opens one directly.
 */
export const GeneralSettingsPage = () => {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const { isPending } = useRequireAccess({ resource: RESOURCE, action: 'show' });
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'general';
  if (isPending) return null;
  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <Title title="app.settings.general_title" />
      <Tabs
        value={tab}
        onChange={(_, value: Tab) => setParams({ tab: value }, { replace: true })}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {TABS.map((value) => (
          <MuiTab
            key={value}
            value={value}
            label={translate(`app.settings.tabs.${value}`)}
            data-testid={`tab-${value}`}
          />
        ))}
      </Tabs>
      {tab === 'general' && (
        <>
          <GeneralInfoSection />
          <SubscriptionSection />
          <BackupSection />
          <ContractsSection />
        </>
      )}
      {tab === 'vat' && <VatSection />}
      {tab === 'hours' && (
        <>
          <BusinessHoursSection />
          <CustomHoursSection />
        </>
      )}
    </Box>
  );
};
