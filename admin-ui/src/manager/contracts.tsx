import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  Create,
  CreateButton,
  DataTable,
  DateInput,
  Edit,
  List,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  Title,
  TopToolbar,
  required,
} from 'react-admin';
import { useGetOne, useNotify, useRedirect, useTranslate, type RaRecord } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiTextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONTRACT_PLACEHOLDERS, formatMoney, type Currency } from '@rawnaq/contracts';
import { useFormat } from '../format/useFormat';
import { failureKey, isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { ContractPdfButton, ContractStateChip, type ContractState } from './contractParts';
import { useArea } from '../shell/area';
import { inArabic, inEnglish } from '../forms/directions';

/** Doc1 §2 manager routes `accounting/contracts`, `accounting/contracts/contract`, `accounting/contracts/contracts/{id}`. */
export const CONTRACTS = 'accounting/contracts';
/** The texts contracts are made from (issue 27: the manager edits them). */
export const CONTRACT_TEMPLATES = 'accounting/contract-templates';

type Contract = RaRecord & {
  account_id: number;
  salon_name: string;
  owner_name: string;
  owner_email: string;
  title: string;
  text: string;
  language: 'en' | 'ar';
  plan: 'basic' | 'advanced' | 'premium';
  price: number;
  currency: string;
  start_date: string;
  end_date: string;
  state: ContractState;
  sent_at: string;
  mails_sent?: number;
  link?: string;
  reason?: string;
  cancelled_at?: string;
  signer_name?: string;
  signed_at?: string;
  ip?: string;
  user_agent?: string;
};
type Template = RaRecord & { name: string; title_en: string; title_ar: string; updated_at: string };

const useMoney = () => {
  const { language } = useArea();
  return (c: Contract) =>
    formatMoney({ amount: c.price, currency: c.currency as Currency }, { locale: language });
};

// ---- templates ----

export const ContractTemplateList = () => {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  return (
    <List
      resource={CONTRACT_TEMPLATES}
      title={translate(`resources.${CONTRACT_TEMPLATES}.name`, { smart_count: 2 })}
      sort={{ field: 'updated_at', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <ResponsiveDataTable<Template>
        primaryText={(r) => <bdi>{r.name}</bdi>}
        secondaryText={(r) => <bdi>{dateTime(r.updated_at)}</bdi>}
        bulkActionButtons={false}
        rowClick="edit"
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="templates-empty">
            {translate('app.contracts.templates_empty')}
          </Typography>
        }
      >
        <DataTable.Col source="name" render={(r: Template) => <bdi>{r.name}</bdi>} />
        <DataTable.Col source="title_en" disableSort />
        <DataTable.Col source="title_ar" disableSort render={(r: Template) => <bdi>{r.title_ar}</bdi>} />
        <DataTable.Col source="updated_at" render={(r: Template) => <bdi>{dateTime(r.updated_at)}</bdi>} />
      </ResponsiveDataTable>
    </List>
  );
};

const TemplateForm = () => {
  const translate = useTranslate();
  return (
    <SimpleForm sx={{ maxWidth: 760 }}>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="title_en" validate={required()} fullWidth slotProps={inEnglish} />
      <TextInput source="title_ar" validate={required()} fullWidth slotProps={inArabic} />
      <Typography variant="body2" color="text.secondary" data-testid="placeholders-hint">
        {translate('app.contracts.placeholders_hint', {
          placeholders: CONTRACT_PLACEHOLDERS.map((p) => `{${p}}`).join(' '),
        })}
      </Typography>
      <TextInput
        source="text_en"
        validate={required()}
        multiline
        minRows={8}
        fullWidth
        slotProps={inEnglish}
      />
      <TextInput
        source="text_ar"
        validate={required()}
        multiline
        minRows={8}
        fullWidth
        slotProps={inArabic}
      />
    </SimpleForm>
  );
};

export const ContractTemplateCreate = () => (
  <Create resource={CONTRACT_TEMPLATES} redirect="list">
    <TemplateForm />
  </Create>
);

export const ContractTemplateEdit = () => (
  <Edit resource={CONTRACT_TEMPLATES} mutationMode="pessimistic" redirect="list">
    <TemplateForm />
  </Edit>
);

// ---- contracts ----

export const ContractList = () => {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const { basename } = useArea();
  const money = useMoney();
  const show = (id: RaRecord['id']) => `${basename}/${CONTRACTS}/contracts/${id}`;
  return (
    <List
      resource={CONTRACTS}
      title={translate(`resources.${CONTRACTS}.name`, { smart_count: 2 })}
      sort={{ field: 'sent_at', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={
        <TopToolbar>
          <Button
            component={RouterLink}
            to={`${basename}/${CONTRACT_TEMPLATES}`}
            data-testid="contract-templates"
          >
            {translate(`resources.${CONTRACT_TEMPLATES}.name`, { smart_count: 2 })}
          </Button>
          <CreateButton to={`${basename}/${CONTRACTS}/contract`} label="app.contracts.new" />
        </TopToolbar>
      }
    >
      <ResponsiveDataTable<Contract>
        primaryText={(c) => (
          <bdi>
            {c.salon_name} · {c.account_id}
          </bdi>
        )}
        secondaryText={(c) => (
          <span>
            <bdi>{c.title}</bdi> · <bdi>{dateTime(c.sent_at)}</bdi>
          </span>
        )}
        tertiaryText={(c) => <ContractStateChip state={c.state} />}
        bulkActionButtons={false}
        rowClick={(id) => show(id)}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="contracts-empty">
            {translate('app.contracts.empty')}
          </Typography>
        }
      >
        <DataTable.Col source="sent_at" render={(c: Contract) => <bdi>{dateTime(c.sent_at)}</bdi>} />
        <DataTable.Col source="account_id" />
        <DataTable.Col source="salon_name" disableSort render={(c: Contract) => <bdi>{c.salon_name}</bdi>} />
        <DataTable.Col source="title" disableSort render={(c: Contract) => <bdi>{c.title}</bdi>} />
        <DataTable.Col
          source="plan"
          disableSort
          render={(c: Contract) => translate(`app.manager.merchants.plans.${c.plan}`)}
        />
        <DataTable.Col source="price" disableSort render={(c: Contract) => <bdi>{money(c)}</bdi>} />
        <DataTable.Col source="state" render={(c: Contract) => <ContractStateChip state={c.state} />} />
      </ResponsiveDataTable>
    </List>
  );
};

const PLAN_CHOICES = ['basic', 'advanced', 'premium'].map((id) => ({
  id,
  name: `app.manager.merchants.plans.${id}`,
}));
const LANGUAGE_CHOICES = [
  { id: 'ar', name: 'app.contracts.languages.ar' },
  { id: 'en', name: 'app.contracts.languages.en' },
];

/** `accounting/contracts/contract`: a contract from a template for one salon, mailed to its owner at once. */
export const ContractCreate = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const { language } = useArea();
  return (
    <Create
      resource={CONTRACTS}
      title={translate('app.contracts.new')}
      mutationOptions={{
        onSuccess: (c: Contract) => {
          notify('app.contracts.sent', { type: 'success' });
          redirect(`/${CONTRACTS}/contracts/${c.id}`);
        },
      }}
    >
      <SimpleForm sx={{ maxWidth: 640 }} defaultValues={{ language: 'ar', plan: 'basic' }}>
        <ReferenceInput
          source="account_id"
          reference="merchants/active-merchants"
          perPage={1000}
          sort={{ field: 'account_id', order: 'ASC' }}
        >
          <SelectInput
            validate={required()}
            fullWidth
            optionText={(a: RaRecord) =>
              `${String(a.account_id)} · ${String(language === 'ar' ? a.name_ar : a.name_en)}`
            }
          />
        </ReferenceInput>
        <ReferenceInput source="template_id" reference={CONTRACT_TEMPLATES} perPage={1000}>
          <SelectInput validate={required()} fullWidth optionText="name" />
        </ReferenceInput>
        <SelectInput source="language" choices={LANGUAGE_CHOICES} validate={required()} fullWidth />
        <SelectInput source="plan" choices={PLAN_CHOICES} validate={required()} fullWidth />
        <TextInput
          source="price"
          validate={required()}
          fullWidth
          helperText="app.contracts.price_hint"
          slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
          <DateInput source="start_date" validate={required()} fullWidth />
          <DateInput source="end_date" validate={required()} fullWidth />
        </Stack>
      </SimpleForm>
    </Create>
  );
};

const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 0.5, py: 0.75 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

/** Cancel (with a reason) a contract not yet signed; its link then opens nothing to sign. */
const CancelButton = ({ contract, onDone }: { contract: Contract; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = async () => {
    try {
      await dataProvider.send('POST', `contracts/${contract.id}/cancel`, { reason });
      setOpen(false);
      notify('app.contracts.cancelled', { type: 'success' });
      onDone();
    } catch (e) {
      const errors = (e as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (errors?.reason) setError(errors.reason);
      else if (!isHandled(e)) notify(failureKey(e), { type: 'error' });
    }
  };
  return (
    <>
      <Button color="error" onClick={() => setOpen(true)} data-testid="contract-cancel">
        {translate('app.contracts.cancel')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate('app.contracts.cancel')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('app.contracts.cancel_confirm')}
          </Typography>
          <MuiTextField
            label={translate('app.contracts.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={!!error}
            helperText={error ? translate(error, { field: translate('app.contracts.reason') }) : ' '}
            fullWidth
            multiline
            slotProps={{ htmlInput: { 'data-testid': 'contract-cancel-reason', maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => void cancel()}
            data-testid="contract-cancel-confirm"
          >
            {translate('app.contracts.cancel')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

/** `accounting/contracts/contracts/{id}`: the contract as sent, where it stands, and what can be done with it. */
export const ContractShow = () => {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const { dateTime } = useFormat();
  const money = useMoney();
  const dataProvider = useAppDataProvider();
  const { data: c, isPending, error, refetch } = useGetOne<Contract>(CONTRACTS, { id }, { enabled: !!id });
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('ra.page.loading')}</Typography>;
  if (error || !c)
    return (
      <Typography sx={{ p: 3 }} color="error">
        {translate('contract.not_sent')}
      </Typography>
    );
  const resend = async () => {
    try {
      await dataProvider.send('POST', `contracts/${c.id}/resend`);
      notify('app.contracts.resent', { type: 'success' });
      void refetch();
    } catch (e) {
      if (!isHandled(e)) notify(failureKey(e), { type: 'error' });
    }
  };
  const dir = c.language === 'ar' ? 'rtl' : 'ltr';
  return (
    <Box sx={{ py: 2, maxWidth: 960 }} data-testid="contract-show">
      <Title title={c.title} />
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ mb: 1, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h1" dir={dir} sx={{ flex: '1 1 auto' }}>
              {c.title}
            </Typography>
            <ContractStateChip state={c.state} />
          </Stack>
          <Row label={translate(`resources.${CONTRACTS}.fields.salon_name`)}>
            <bdi>{c.salon_name}</bdi> · {c.account_id}
          </Row>
          <Row label={translate(`resources.${CONTRACTS}.fields.owner_name`)}>
            <bdi>{c.owner_name}</bdi> · <bdi dir="ltr">{c.owner_email}</bdi>
          </Row>
          <Row label={translate(`resources.${CONTRACTS}.fields.plan`)}>
            {translate(`app.manager.merchants.plans.${c.plan}`)} · <bdi>{money(c)}</bdi>
          </Row>
          <Row label={translate('app.contracts.period')}>
            {translate('app.contracts.from_to', { from: c.start_date, to: c.end_date })}
          </Row>
          <Row label={translate(`resources.${CONTRACTS}.fields.sent_at`)}>
            <bdi>{dateTime(c.sent_at)}</bdi>
            {c.mails_sent && c.mails_sent > 1
              ? ` · ${translate('app.contracts.mails', { smart_count: c.mails_sent })}`
              : ''}
          </Row>
          {c.link && c.state === 'sent' && (
            <Row label={translate('app.contracts.link')}>
              <a href={c.link} target="_blank" rel="noreferrer" dir="ltr" data-testid="contract-link">
                {c.link}
              </a>
            </Row>
          )}
          {c.state === 'signed' && (
            <>
              <Row label={translate(`resources.${CONTRACTS}.fields.signer_name`)}>
                <bdi data-testid="contract-signer">{c.signer_name}</bdi> · <bdi>{dateTime(c.signed_at)}</bdi>
              </Row>
              <Row label={translate('app.contracts.signed_from')}>
                <bdi dir="ltr">{c.ip}</bdi> ·{' '}
                <bdi dir="ltr" lang="en">
                  {c.user_agent}
                </bdi>
              </Row>
            </>
          )}
          {c.state === 'cancelled' && (
            <Row label={translate('app.contracts.reason')}>
              <bdi>{c.reason}</bdi> · <bdi>{dateTime(c.cancelled_at)}</bdi>
            </Row>
          )}
          <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap' }}>
            {c.state === 'signed' && (
              <ContractPdfButton path={`contracts/${c.id}/pdf`} testId="contract-pdf" />
            )}
            {c.state === 'sent' && (
              <>
                <Button variant="outlined" onClick={() => void resend()} data-testid="contract-resend">
                  {translate('app.contracts.resend')}
                </Button>
                <CancelButton contract={c} onDone={() => void refetch()} />
              </>
            )}
          </Stack>
          <Typography
            component="div"
            dir={dir}
            lang={c.language}
            sx={{
              mt: 3,
              p: 2,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
            data-testid="contract-text"
          >
            {c.text}
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
};
