import { useEffect, useState } from 'react';
import {
  BooleanInput,
  Button,
  Confirm,
  Create,
  CreateButton,
  DataTable,
  Edit,
  List,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  ExportButton,
  required,
} from 'react-admin';
import {
  useCanAccess,
  useDelete,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
  type Exporter,
} from 'ra-core';
import { useFormContext, useWatch } from 'react-hook-form';
import { ACCOUNT_SUBTYPES, accountKinds } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { downloadCsv, toCsv } from '../export/csv';
import { useFormat } from '../format/useFormat';
import { failureKey, isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { LinkIfAllowed } from '../layout/LinkIfAllowed';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { Amount } from '../sales/InvoiceParts';
import { useArea } from '../shell/area';
import { useAccountName } from './Statements';
import { CHART, useSalonChart, type ChartRow } from './useSalonChart';
import { inArabic, inEnglish } from '../forms/directions';

type Account = ChartRow;

const MAIN_TYPES = [1, 2, 3, 4, 5, 6];
const SUBTYPES = Object.entries(ACCOUNT_SUBTYPES) as Array<[string, number]>;

/** An account's name, indented under its group; an account that takes postings opens its ledger. */
const AccountName = ({ account }: { account: Account }) => {
  const name = useAccountName();
  const { basename } = useArea();
  const translate = useTranslate();
  return (
    <Box
      component="span"
      sx={{
        paddingInlineStart: (theme) => theme.spacing((account.depth ?? 0) * 2),
        fontWeight: account.group ? 600 : undefined,
        color: account.disabled ? 'text.disabled' : undefined,
      }}
    >
      {account.group ? (
        <bdi>{`${account.code} · ${name(account)}`}</bdi>
      ) : (
        <LinkIfAllowed
          resource="advanced-accounting/general-ledger"
          action="list"
          to={`${basename}/advanced-accounting/general-ledger?account=${account.code}`}
          title={translate('app.books.open_ledger')}
          onClick={(e) => e.stopPropagation()}
          data-testid={`chart-account-${account.code}`}
        >
          <bdi>{`${account.code} · ${name(account)}`}</bdi>
        </LinkIfAllowed>
      )}
    </Box>
  );
};

/** What an account is: a group, a system account, disabled (the salon's own accounts show nothing). */
const AccountChips = ({ account }: { account: Account }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }} component="span">
      {account.group && <Chip size="small" variant="outlined" label={translate('app.books.group')} />}
      {account.system && !account.group && (
        <Chip size="small" variant="outlined" label={translate('app.books.system')} />
      )}
      {account.disabled && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={translate('app.books.chart.disabled')}
          data-testid={`chart-disabled-${account.code}`}
        />
      )}
    </Stack>
  );
};

const useExporter = (): Exporter<Account> => {
  const translate = useTranslate();
  const name = useAccountName();
  const { money } = useFormat();
  return (accounts) =>
    downloadCsv(
      toCsv(
        ['code', 'account', 'type', 'balance'].map((c) => translate(`app.books.columns.${c}`)),
        accounts.map((a) => [
          a.code,
          name(a),
          translate(`app.books.main_types.${a.main_type}`),
          money(a.balance),
        ]),
      ),
      translate('app.books.files.chart'),
    );
};

/**
 * `advanced-accounting/chart-of-accounts`: the salon's accounts as a tree (the six main types, their
 * groups, the accounts the product posts to and the salon's own), each with its balance today; an
 * account opens its ledger. Whoever posts journals (63) adds accounts and opens one to change it.
 */
export const ChartOfAccountsList = () => {
  const translate = useTranslate();
  const { money } = useFormat();
  const { canAccess: canEdit } = useCanAccess({ resource: CHART, action: 'edit' });
  return (
    <List
      title="app.books.titles.chart"
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.books.search')} />,
        <SelectInput
          key="main_type"
          source="main_type"
          label="app.books.columns.type"
          alwaysOn
          choices={MAIN_TYPES.map((id) => ({ id: String(id), name: `app.books.main_types.${id}` }))}
        />,
      ]}
      sort={{ field: 'code', order: 'ASC' }}
      perPage={1000}
      pagination={false}
      actions={
        <TopToolbar>
          <CreateButton label="app.books.chart.new_account" data-testid="chart-new-account" />
          <ExportButton maxResults={1000} />
        </TopToolbar>
      }
      exporter={useExporter()}
      empty={false}
    >
      <ResponsiveDataTable<Account>
        primaryText={(a) => <AccountName account={a} />}
        secondaryText={(a) => (
          <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {translate(`app.books.main_types.${a.main_type}`)}
            <AccountChips account={a} />
          </Box>
        )}
        tertiaryText={(a) => (
          <Box component="span" sx={{ fontWeight: a.group ? 600 : undefined }}>
            <Amount>{money(a.balance)}</Amount>
          </Box>
        )}
        rowClick={canEdit ? 'edit' : false}
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="chart-empty">
            {translate('app.books.no_accounts')}
          </Typography>
        }
      >
        <DataTable.Col
          source="code"
          label="app.books.columns.account"
          render={(a: Account) => <AccountName account={a} />}
        />
        <DataTable.Col
          source="main_type"
          label="app.books.columns.type"
          disableSort
          render={(a: Account) => translate(`app.books.main_types.${a.main_type}`)}
        />
        <DataTable.Col
          source="kind"
          label=" "
          disableSort
          render={(a: Account) => <AccountChips account={a} />}
        />
        <DataTable.Col
          source="balance"
          label="app.books.columns.balance"
          align="right"
          disableSort
          render={(a: Account) => (
            <Box component="span" sx={{ fontWeight: a.group ? 600 : undefined }}>
              <Amount>{money(a.balance)}</Amount>
            </Box>
          )}
        />
      </ResponsiveDataTable>
    </List>
  );
};

/** The group, subtype and kind choices follow the main type (and whether the account is a group). */
const PlacementInputs = ({ editing }: { editing?: Account }) => {
  const translate = useTranslate();
  const name = useAccountName();
  const { groups } = useSalonChart();
  const { setValue, getValues } = useFormContext();
  const mainType = Number(useWatch({ name: 'main_type' }));
  const group = Boolean(useWatch({ name: 'group' }) ?? editing?.group);
  const parent = useWatch({ name: 'parent' }) as string | undefined;
  // a new main type: its top group and first subtype, unless what is chosen already fits
  useEffect(() => {
    if (!mainType) return;
    const values = getValues();
    if (!groups.some((g) => g.code === values.parent && g.main_type === mainType))
      setValue('parent', String(mainType), { shouldDirty: true });
    if (ACCOUNT_SUBTYPES[values.subtype as keyof typeof ACCOUNT_SUBTYPES] !== mainType)
      setValue('subtype', SUBTYPES.find(([, m]) => m === mainType)?.[0], { shouldDirty: true });
  }, [mainType, groups, getValues, setValue]);
  useEffect(() => {
    const kinds = accountKinds(group);
    if (!kinds.includes(getValues('kind'))) setValue('kind', kinds[0], { shouldDirty: true });
  }, [group, getValues, setValue]);
  return (
    <>
      <SelectInput
        source="main_type"
        validate={required()}
        choices={MAIN_TYPES.map((id) => ({ id, name: `app.books.main_types.${id}` }))}
        fullWidth
        disabled={editing?.group && editing.has_accounts}
      />
      <SelectInput
        source="parent"
        validate={required()}
        choices={groups
          .filter((g) => g.main_type === mainType && !g.disabled && g.code !== editing?.code)
          .map((g) => ({ id: g.code, name: `${g.code} · ${name(g)}` }))}
        translateChoice={false}
        fullWidth
      />
      {!editing && (
        <TextInput
          source="code"
          validate={required()}
          fullWidth
          helperText={translate('app.books.chart.code_hint', { parent: parent ?? '' })}
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': 'chart-code' } }}
        />
      )}
      <SelectInput
        source="subtype"
        validate={required()}
        choices={SUBTYPES.filter(([, m]) => m === mainType).map(([id]) => ({
          id,
          name: `codes.chartAccountSubtype.${id}`,
        }))}
        fullWidth
      />
      {!editing && <BooleanInput source="group" label="app.books.chart.is_group" />}
      <SelectInput
        source="kind"
        validate={required()}
        choices={accountKinds(group).map((id) => ({ id, name: `codes.chartAccountKind.${id}` }))}
        fullWidth
      />
    </>
  );
};

const NameInputs = () => (
  <>
    <TextInput source="name_en" validate={required()} fullWidth slotProps={inEnglish} />
    <TextInput source="name_ar" validate={required()} fullWidth slotProps={inArabic} />
  </>
);

/** A new account of the salon: under a group of its main type, its code that group's code and more. */
export const ChartAccountCreate = () => (
  <Create title="app.books.chart.new_account" redirect="list">
    <SimpleForm
      sx={{ maxWidth: 560 }}
      defaultValues={{ main_type: 6, parent: '6', subtype: 'expenses', kind: 'normal', group: false }}
    >
      <PlacementInputs />
      <NameInputs />
    </SimpleForm>
  </Create>
);

/** Disable or activate the salon's own account, after a confirmation. */
const StatusButton = ({ account }: { account: Account }) => {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const name = useAccountName();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const disable = !account.disabled;
  const confirm = async () => {
    setSaving(true);
    try {
      await dataProvider.send('POST', `${CHART}/${account.code}/${disable ? 'disable' : 'activate'}`);
      notify(disable ? 'app.books.chart.disabled_done' : 'app.books.chart.activated_done', {
        type: 'success',
      });
      refresh();
    } catch (error) {
      if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
    } finally {
      setSaving(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button
        label={disable ? 'app.books.chart.disable' : 'app.books.chart.activate'}
        color={disable ? 'warning' : 'success'}
        onClick={() => setOpen(true)}
        data-testid="chart-status-button"
      >
        {disable ? <BlockIcon /> : <CheckCircleOutlineIcon />}
      </Button>
      <Confirm
        isOpen={open}
        loading={saving}
        title={disable ? 'app.books.chart.disable_title' : 'app.books.chart.activate_title'}
        content={disable ? 'app.books.chart.disable_content' : 'app.books.chart.activate_content'}
        translateOptions={{ name: `${account.code} · ${name(account)}` }}
        confirmColor={disable ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** Delete the salon's own account, never posted to and with nothing under it, after a confirmation. */
const DeleteAccountButton = ({ account }: { account: Account }) => {
  const [deleteOne, { isPending }] = useDelete<Account>();
  const notify = useNotify();
  const redirect = useRedirect();
  const name = useAccountName();
  const [open, setOpen] = useState(false);
  // react-admin's delete: the account leaves every list kept (the chart's too) without asking for it again
  const confirm = () =>
    deleteOne(
      CHART,
      { id: account.id, previousData: account },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('app.books.chart.deleted_done', { type: 'success' });
          redirect('list', CHART);
        },
        onError: (error) => {
          setOpen(false);
          if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
        },
      },
    );
  return (
    <>
      <Button
        label="app.books.chart.delete"
        color="error"
        onClick={() => setOpen(true)}
        data-testid="chart-delete-button"
      >
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="app.books.chart.delete_title"
        content="app.books.chart.delete_content"
        translateOptions={{ name: `${account.code} · ${name(account)}` }}
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

const EditToolbar = () => {
  const account = useRecordContext<Account>();
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      {account && !account.system && (
        <Box sx={{ display: 'flex', gap: 1, marginInlineStart: 'auto', flexWrap: 'wrap' }}>
          <StatusButton account={account} />
          {!account.has_postings && !account.has_accounts && <DeleteAccountButton account={account} />}
        </Box>
      )}
    </Toolbar>
  );
};

/** What the page says of the account: what it is, and why it can't be deleted when it can't. */
const AccountFacts = () => {
  const account = useRecordContext<Account>();
  const translate = useTranslate();
  const name = useAccountName();
  if (!account) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2, width: '100%' }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="chart-edit-heading">
        <bdi>{`${account.code} · ${name(account)}`}</bdi>
      </Typography>
      <AccountChips account={account} />
      {account.system ? (
        <Alert severity="info">{translate('app.books.chart.system_hint')}</Alert>
      ) : account.has_postings ? (
        <Alert severity="info" data-testid="chart-has-postings">
          {translate('app.books.chart.has_postings_hint')}
        </Alert>
      ) : account.has_accounts ? (
        <Alert severity="info">{translate('app.books.chart.has_accounts_hint')}</Alert>
      ) : null}
    </Stack>
  );
};

const EditForm = () => {
  const account = useRecordContext<Account>();
  if (!account) return null;
  return (
    <SimpleForm sx={{ maxWidth: 560 }} toolbar={<EditToolbar />}>
      <AccountFacts />
      {!account.system && <PlacementInputs editing={account} />}
      <NameInputs />
    </SimpleForm>
  );
};

/**
 * An account changed: a system account's names only (the posting rules rely on the rest); the salon's
 * own account also its group, main type, subtype and kind; disabled, activated or deleted from here.
 */
export const ChartAccountEdit = () => (
  <Edit
    title="app.books.titles.chart"
    mutationMode="pessimistic"
    redirect="list"
    transform={(a: Account) => ({
      name_en: a.name_en,
      name_ar: a.name_ar,
      ...(!a.system && { parent: a.parent, main_type: a.main_type, subtype: a.subtype, kind: a.kind }),
    })}
  >
    <EditForm />
  </Edit>
);
