import { useMemo, useState } from 'react';
import {
  Create,
  CreateButton,
  DataTable,
  List,
  NumberInput,
  PasswordInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { useNotify, useRecordContext, useRedirect, useRefresh, useTranslate } from 'ra-core';
import {
  codeLabelKey,
  codeOptions,
  openAccountInput,
  wizardProgress,
  wizardStepsOf,
} from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { CodeField, DateTimeField, LtrField } from '../customers/fields';
import { FormCell, FormSection } from '../forms/FormSection';
import { NameInputs } from '../forms/NameInputs';
import { schemaValidator } from '../forms/schemaValidator';
import { useArea } from '../shell/area';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { BackupDownloadButton } from '../export/BackupDownloadButton';
import { failureKey, isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { SupportMenu } from './support';
import { useNameField } from '../shell/names';

/** Doc1 §2 manager route for the salons on the platform; `GET`/`POST accounts` (docs/api.md). */
export const ACCOUNTS = 'merchants/active-merchants';

type Account = {
  id: string;
  account_id: number;
  name_en: string;
  name_ar: string;
  alias: string;
  country_id: number;
  salon_type: number;
  vat_percentage: number;
  max_employees: number;
  wizard_progress?: string[];
  advanced_accounting_status?: number;
  created_at: string;
};

const Name = (_: { label?: string }) => {
  const record = useRecordContext<Account>();
  const { language } = useArea();
  if (!record) return null;
  const [main, other] =
    language === 'ar' ? [record.name_ar, record.name_en] : [record.name_en, record.name_ar];
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        <bdi>{main}</bdi>
      </Typography>
      <Typography variant="caption" color="text.secondary">
        <bdi>{other}</bdi>
      </Typography>
    </Box>
  );
};

/**
 * On a desktop the name cell also holds the alias, and the country cell the salon type: as columns of
 * their own they pushed the backup and support tools past a 1366-px screen's side.
 */
const NameAndAlias = (_: { label?: string }) => {
  const record = useRecordContext<Account>();
  if (!record) return null;
  return (
    <Box>
      <Name />
      <Typography variant="caption" color="text.secondary" component="div">
        <bdi dir="ltr">{record.alias}</bdi>
      </Typography>
    </Box>
  );
};

const CountryAndType = (_: { label?: string }) => {
  const record = useRecordContext<Account>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box>
      <CodeField source="country_id" code="country" />
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(codeLabelKey('salonType', record.salon_type))}
      </Typography>
    </Box>
  );
};

/** The row's two tools, one above the other: the backup and the support menu. */
const Tools = (_: { label?: string }) => (
  <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
    <BackupButton />
    <Support />
  </Box>
);

const Vat = (_: { label?: string }) => {
  const record = useRecordContext<Account>();
  if (!record) return null;
  return <>{`${record.vat_percentage}%`}</>;
};

const Progress = (_: { label?: string }) => {
  const record = useRecordContext<Account>();
  const translate = useTranslate();
  if (!record) return null;
  // a Saudi salon's wizard has its e-invoicing step besides the others
  const steps = wizardStepsOf(record.country_id);
  const done = (record.wizard_progress ?? []).filter((step) => (steps as readonly string[]).includes(step));
  const progress = wizardProgress(done);
  return (
    <Box component="span" sx={{ display: 'block', minWidth: 120 }} data-testid="account-wizard">
      <Typography variant="caption">
        {translate('app.manager.accounts.progress', {
          progress,
          done: done.length,
          total: steps.length,
        })}
      </Typography>
      <LinearProgress variant="determinate" value={progress} />
    </Box>
  );
};

/**
 * The advanced accounting add-on of a salon (manager route `advanced-accounting`): switched on, the
 * salon's accounting wizard waits for it (or its books come back as they were); switched off, the books
 * are kept and their screens closed.
 */
const AdvancedAccountingSwitch = (_: { label?: string }) => {
  const record = useRecordContext<Account>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const [saving, setSaving] = useState(false);
  if (!record) return null;
  const status = record.advanced_accounting_status ?? 0;
  const change = async (on: boolean) => {
    setSaving(true);
    try {
      await dataProvider.command(ACCOUNTS, 'PUT', `accounts/${record.account_id}/advanced-accounting`, {
        status: on ? 1 : 0,
      });
      notify('app.manager.accounts.addon_saved', { type: 'success' });
      refresh();
    } catch (error) {
      if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormControlLabel
      onClick={(e) => e.stopPropagation()}
      control={
        <Switch
          size="small"
          checked={status > 0}
          disabled={saving}
          onChange={(e) => change(e.target.checked)}
          slotProps={{ input: { 'data-testid': `account-addon-${record.account_id}` } as object }}
        />
      }
      label={
        <Typography variant="caption">{translate(`app.manager.accounts.addon_status.${status}`)}</Typography>
      }
    />
  );
};

/** `dashboard/download-accounts-backups`: one salon's whole history and files. */
const BackupButton = () => {
  const record = useRecordContext<Account>();
  if (!record) return null;
  return (
    <BackupDownloadButton
      path={`dashboard/download-accounts-backups/${record.account_id}`}
      label="app.backup.manager_download"
      testId={`account-backup-${record.account_id}`}
      size="small"
    />
  );
};

/** The support tools on the salon (sign in as its owner, her password link, a new owner). */
const Support = (_: { label?: string }) => {
  const record = useRecordContext<Account>();
  return record ? <SupportMenu accountId={record.account_id} resource={ACCOUNTS} /> : null;
};

const ListActions = () => (
  <TopToolbar>
    <CreateButton label="app.manager.accounts.open" data-testid="open-account" />
  </TopToolbar>
);

/** The salons on the platform: number, names, address, country, type, VAT, plan size, setup, opened. */
export const AccountList = () => {
  const nameField = useNameField();
  const translate = useTranslate();
  return (
    <List
      title={translate('app.manager.accounts.title')}
      sort={{ field: 'account_id', order: 'DESC' }}
      // the active salons: trial, expired and disabled ones have their own lists
      filter={{ state: 'active' }}
      perPage={25}
      exporter={false}
      actions={<ListActions />}
      empty={false}
    >
      <ResponsiveDataTable<Account>
        primaryText={() => <Name />}
        secondaryText={(a) => (
          <>
            {a.account_id} · <LtrField source="alias" />
            {/* the row's tools on lines of their own on a phone: beside the salon's name they left it a
                third of the width, and its words one to a line */}
            <Box
              component="span"
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1, mt: 1 }}
            >
              <Progress />
              <AdvancedAccountingSwitch />
              <BackupButton />
            </Box>
            <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
              <Support />
            </Box>
          </>
        )}

        bulkActionButtons={false}
        rowClick={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="list-empty">
            {translate('app.manager.accounts.empty')}
          </Typography>
        }
      >
        <DataTable.Col source="account_id" />
        <DataTable.Col source={nameField} label={`resources.${ACCOUNTS}.fields.name`} field={NameAndAlias} />
        <DataTable.Col source="country_id" disableSort field={CountryAndType} />
        <DataTable.Col source="vat_percentage" disableSort field={Vat} />
        <DataTable.Col source="max_employees" disableSort />
        <DataTable.Col source="wizard_progress" disableSort field={Progress} />
        <DataTable.Col source="advanced_accounting_status" disableSort field={AdvancedAccountingSwitch} />
        <DataTable.Col source="created_at" field={DateTimeField} />
        <DataTable.Col label="app.manager.accounts.tools" disableSort field={Tools} />
      </ResponsiveDataTable>
    </List>
  );
};

const ltr = { htmlInput: { dir: 'ltr' as const, autoComplete: 'off' } };

/** Opening a salon's account: the contracts' `openAccountInput`; a taken alias is the server's 409 on the field. */
export const AccountCreate = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const validate = useMemo(() => schemaValidator(openAccountInput, ACCOUNTS, translate), [translate]);
  return (
    <Create
      title={translate('app.manager.accounts.open')}
      mutationOptions={{
        onSuccess: (data: { account_id?: number } & { id: string | number }) => {
          notify('app.manager.accounts.opened', {
            type: 'success',
            messageArgs: { number: data.account_id },
          });
          redirect('list', ACCOUNTS);
        },
      }}
    >
      <SimpleForm
        validate={validate}
        noValidate
        sx={{ maxWidth: 960 }}
        defaultValues={{ country_id: 1, salon_type: 1, max_employees: 10 }}
      >
        <FormSection title="app.manager.accounts.salon">
          <NameInputs />
          <FormCell>
            <TextInput
              source="alias"
              isRequired
              fullWidth
              slotProps={ltr}
              helperText="app.manager.accounts.alias_hint"
            />
          </FormCell>
          <FormCell>
            <SelectInput source="country_id" choices={codeOptions('country')} isRequired fullWidth />
          </FormCell>
          <FormCell>
            <SelectInput source="salon_type" choices={codeOptions('salonType')} isRequired fullWidth />
          </FormCell>
          <FormCell>
            <NumberInput source="max_employees" min={1} max={1000} step={1} isRequired fullWidth />
          </FormCell>
        </FormSection>
        <FormSection title="app.manager.accounts.owner" last>
          <FormCell>
            <TextInput source="owner_name" isRequired fullWidth />
          </FormCell>
          <FormCell>
            <TextInput source="owner_username" isRequired fullWidth slotProps={ltr} />
          </FormCell>
          <FormCell>
            <TextInput source="owner_email" type="email" isRequired fullWidth slotProps={ltr} />
          </FormCell>
          <FormCell>
            <PasswordInput source="owner_password" isRequired fullWidth slotProps={ltr} />
          </FormCell>
        </FormSection>
      </SimpleForm>
    </Create>
  );
};
