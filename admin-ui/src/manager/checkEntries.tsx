import { useState } from 'react';
import {
  Button,
  DataTable,
  List,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  FilterButton,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'ra-core';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import BlockIcon from '@mui/icons-material/Block';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import type { CheckList } from '@rawnaq/contracts';
import { DateTimeField } from '../customers/fields';
import { useApiBlobUrl } from '../forms/files';
import { failureKey, isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useSubmissionErrors } from '../forms/submissionErrors';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useArea } from '../shell/area';
import { CHECK_ENTRIES } from './consolePaths';
import { SalonCell, SalonFilter } from './fields';

type Review = 'pending' | 'approved' | 'rejected';
type Row = RaRecord & {
  list: CheckList;
  target_kind: string;
  aspect: string;
  name_en: string | null;
  name_ar: string | null;
  text_en?: string | null;
  text_ar?: string | null;
  file_id?: string;
  changes?: Record<string, { before: unknown; after: unknown }>;
  edited: boolean;
  online: boolean;
  removed: boolean;
  by_en: string;
  by_ar: string;
  created_at: string;
  review: Review;
  reason: string | null;
  reviewer: string | null;
  held: boolean;
  salon_en: string;
  salon_ar: string;
  account_id: number | null;
};

const pick = (language: string, en: unknown, ar: unknown) =>
  String((language === 'ar' ? ar || en : en || ar) ?? '');

/** What the entry is about: the record's name now, or the salon's page it belongs to. */
const EntryName = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  const { language } = useArea();
  if (!r) return null;
  const what = translate(`app.manager.checks.kind.${r.target_kind}.${r.aspect}`);
  const name = r.target_kind === 'salon' ? '' : pick(language, r.name_en, r.name_ar);
  return (
    <span>
      <Typography component="span" variant="caption" color="text.secondary">
        {what}
      </Typography>{' '}
      {name && <bdi>{name}</bdi>}
      {r.edited && (
        <Chip size="small" variant="outlined" label={translate('app.manager.checks.edited')} sx={{ ms: 1 }} />
      )}
      {r.removed && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ ms: 1 }}>
          ({translate('app.manager.checks.removed')})
        </Typography>
      )}
    </span>
  );
};

const Thumbnail = ({ r }: { r: Row }) => {
  const url = useApiBlobUrl(`${CHECK_ENTRIES}/${r.list}/${r.id}/image`);
  const translate = useTranslate();
  return url ? (
    <Box
      component="img"
      src={url}
      alt={translate('app.manager.checks.picture')}
      data-testid="check-image"
      sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, display: 'block' }}
    />
  ) : (
    <Box sx={{ width: 72, height: 72, bgcolor: 'action.hover', borderRadius: 1 }} />
  );
};

const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** What to look at: the picture, the text, or each field changed from what to what. */
const EntryContent = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  const { language } = useArea();
  if (!r) return null;
  if (r.file_id) return <Thumbnail r={r} />;
  if (r.text_en || r.text_ar)
    return (
      <Typography
        variant="body2"
        dir="auto"
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          maxWidth: 420,
          maxHeight: 96,
          overflow: 'auto',
        }}
      >
        {pick(language, r.text_en, r.text_ar)}
      </Typography>
    );
  if (r.changes && Object.keys(r.changes).length)
    return (
      <Stack spacing={0.25}>
        {Object.entries(r.changes).map(([field, c]) => (
          <Typography key={field} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {translate(`app.manager.checks.fields.${field}`, { _: field })}: <bdi>{shown(c.before)}</bdi> ←{' '}
            <bdi>{shown(c.after)}</bdi>
          </Typography>
        ))}
      </Stack>
    );
  // a record added: its name is the entry's title, nothing more to show
  return null;
};

const ReviewField = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  if (!r) return null;
  const color = r.review === 'approved' ? 'success' : r.review === 'rejected' ? 'error' : 'default';
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Chip
        size="small"
        color={color}
        label={translate(`app.manager.checks.review.${r.review}`)}
        data-testid="check-review"
      />
      {r.held && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={translate('app.manager.checks.held')}
          data-testid="check-held"
        />
      )}
      {r.reason && (
        <Typography variant="caption" color="text.secondary" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
          {r.reason}
        </Typography>
      )}
    </Stack>
  );
};

const By = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const { language } = useArea();
  return r ? <bdi>{pick(language, r.by_en, r.by_ar) || '—'}</bdi> : null;
};

/** Approve, or reject with a reason the owner reads by mail (and, for online content, hide it). */
const Decide = (_: { label?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const submissionErrors = useSubmissionErrors(CHECK_ENTRIES);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!r) return null;
  const decide = async (body: Record<string, unknown>) => {
    setBusy(true);
    try {
      await dataProvider.send('POST', `${CHECK_ENTRIES}/${r.id}/decide`, body);
      notify(
        body.decision === 'approved'
          ? 'app.manager.checks.approved'
          : r.online
            ? 'app.manager.checks.rejected_online'
            : 'app.manager.checks.rejected',
        { type: 'success' },
      );
      setOpen(false);
      refresh();
      return undefined;
    } catch (error) {
      return submissionErrors(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
      <Button
        label="app.manager.checks.approve"
        onClick={() => void decide({ decision: 'approved' })}
        disabled={busy || r.review === 'approved'}
        data-testid="check-approve"
        sx={{ whiteSpace: 'nowrap' }}
      >
        <CheckIcon />
      </Button>
      <Button
        label={r.online ? 'app.manager.checks.hide' : 'app.manager.checks.ask_correction'}
        onClick={() => setOpen(true)}
        disabled={busy}
        color="error"
        data-testid="check-reject"
        sx={{ whiteSpace: 'nowrap' }}
      >
        <BlockIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>
          {translate(r.online ? 'app.manager.checks.hide' : 'app.manager.checks.ask_correction')}
        </DialogTitle>
        <DialogContent sx={{ px: 0 }}>
          <Typography variant="body2" sx={{ px: 3 }} data-testid="check-reject-explain">
            {translate(r.online ? 'app.manager.checks.hide_explain' : 'app.manager.checks.correct_explain')}
          </Typography>
          <SimpleForm
            resource={CHECK_ENTRIES}
            record={{ id: r.id, reason: r.reason ?? '' }}
            onSubmit={(values: Record<string, unknown>) =>
              decide({ decision: 'rejected', reason: values.reason ?? '' })
            }
            toolbar={
              <Toolbar>
                <SaveButton alwaysEnable label="app.manager.checks.send" />
              </Toolbar>
            }
          >
            <TextInput source="reason" fullWidth multiline minRows={2} />
          </SimpleForm>
        </DialogContent>
      </Dialog>
    </Stack>
  );
};

/** Every entry of the page still waiting, approved at once (what the team has just looked over). */
const ApproveShown = () => {
  const translate = useTranslate();
  const { data } = useListContext<Row>();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const pending = (data ?? []).filter((r) => r.review === 'pending').map((r) => r.id);
  return (
    <Button
      label="app.manager.checks.approve_shown"
      // react-admin draws a disabled button on a phone as a bare icon, its label left off: named here
      aria-label={translate('app.manager.checks.approve_shown')}
      data-testid="check-approve-shown"
      disabled={busy || pending.length === 0}
      onClick={async () => {
        setBusy(true);
        try {
          await dataProvider.send('POST', `${CHECK_ENTRIES}/approve`, { ids: pending });
          notify('app.manager.checks.approved_many', {
            type: 'success',
            messageArgs: { smart_count: pending.length },
          });
          refresh();
        } catch (error) {
          if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      <DoneAllIcon />
    </Button>
  );
};

const reviewChoices = (['pending', 'approved', 'rejected'] as const).map((id) => ({
  id,
  name: `app.manager.checks.review.${id}`,
}));

/** `check-entries/<list>`: what salons added, newest first, pending first by default, decided here. */
export const CheckEntryList = ({ list }: { list: CheckList }) => {
  const translate = useTranslate();
  const resource = `${CHECK_ENTRIES}/${list}`;
  return (
    <List
      resource={resource}
      title={translate(`resources.${resource}.name`, { smart_count: 2 })}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      filterDefaultValues={{ review: 'pending' }}
      filters={[
        <SelectInput
          key="review"
          source="review"
          label="app.manager.checks.review_filter"
          choices={reviewChoices}
          emptyText="app.manager.checks.all"
          alwaysOn
        />,
        <SalonFilter key="tenantId" source="tenantId" alwaysOn />,
      ]}
      actions={
        <TopToolbar>
          <FilterButton />
          <ApproveShown />
        </TopToolbar>
      }
      empty={false}
    >
      <ResponsiveDataTable<Row>
        primaryText={() => <EntryName />}
        secondaryText={() => (
          <Stack spacing={0.5} component="span" sx={{ display: 'flex' }}>
            <EntryContent />
            <span>
              <SalonCell /> · <By /> · <DateTimeField source="created_at" />
            </span>
            <ReviewField />
          </Stack>
        )}
        tertiaryText={() => <Decide />}
        bulkActionButtons={false}
        rowClick={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="list-empty">
            {translate('app.manager.checks.empty')}
          </Typography>
        }
      >
        <DataTable.Col source="name_en" label="app.manager.checks.what" disableSort field={EntryName} />
        <DataTable.Col source="content" label="app.manager.checks.content" disableSort field={EntryContent} />
        <DataTable.Col source="account_id" label="app.manager.console.salon" disableSort field={SalonCell} />
        <DataTable.Col source="by_en" label="app.manager.checks.by" disableSort field={By} />
        <DataTable.Col source="created_at" label="app.manager.checks.at" field={DateTimeField} />
        <DataTable.Col
          source="review"
          label="app.manager.checks.review_filter"
          disableSort
          field={ReviewField}
        />
        <DataTable.Col label="" disableSort field={Decide} />
      </ResponsiveDataTable>
    </List>
  );
};

/** The screen of one check list (a component per list, for its `<Resource>`). */
export const checkListPage = (list: CheckList) => {
  const Page = () => <CheckEntryList list={list} />;
  Page.displayName = `CheckEntryList(${list})`;
  return Page;
};
