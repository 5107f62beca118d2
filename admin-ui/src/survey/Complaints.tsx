import { useRef, useState } from 'react';
import {
  AutocompleteInput,
  Create,
  CreateButton,
  DataTable,
  List,
  ReferenceInput,
  SelectInput,
  Show,
  SimpleForm,
  TextInput,
  TopToolbar,
  required,
  useRecordContext,
} from 'react-admin';
import { useCanAccess, useNotify, useRefresh, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COMPLAINT_STATES, type ComplaintState } from '@rawnaq/contracts';
import { useFormat } from '../format/useFormat';
import { isHandled, isHttpError } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { newKey } from '../shell/newKey';
import { useActorName } from '../users/useUsers';

export const COMPLAINTS = 'reports/complaints';

type Step = {
  type: 'opened' | 'taken_up' | 'noted' | 'resolved';
  at: string;
  by_kind: string;
  by_id: string;
  by_name: string | null;
  note: string | null;
};
type Complaint = {
  id: string;
  number: number;
  state: ComplaintState;
  source: 'rating' | 'staff';
  description: string;
  customer_id: string | null;
  customer_name: string | null;
  invoice_id: string | null;
  invoice_number: number | null;
  rating: number | null;
  opened_at: string;
  resolution: string | null;
  history: Step[];
};

const COLORS: Record<ComplaintState, 'error' | 'warning' | 'success'> = {
  new: 'error',
  in_progress: 'warning',
  resolved: 'success',
};

const StateChip = ({ c }: { c: Complaint }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[c.state]}
      label={translate(`app.feedback.complaints.states.${c.state}`)}
      data-testid={`complaint-state-${c.state}`}
    />
  );
};

/** What she said: her words, or the rating when she left none. */
const useWords = () => {
  const translate = useTranslate();
  return (c: Complaint) =>
    c.description ||
    (c.rating !== null
      ? translate('app.feedback.complaints.rated', { rating: c.rating })
      : translate('app.feedback.complaints.no_words'));
};

/** `reports/complaints`: the open ones first by default (new, then in progress), each with what it is about. */
export const ComplaintList = () => {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const words = useWords();
  const customer = (c: Complaint) => c.customer_name ?? translate('app.feedback.complaints.walk_in');
  return (
    <List
      title="app.feedback.complaints.title"
      filters={[
        <SelectInput
          key="state"
          source="state"
          choices={COMPLAINT_STATES.map((id) => ({ id, name: `app.feedback.complaints.states.${id}` }))}
          emptyText="app.feedback.complaints.all_states"
          alwaysOn
        />,
      ]}
      sort={{ field: 'opened_at', order: 'DESC' }}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      empty={false}
    >
      <ResponsiveDataTable<Complaint>
        primaryText={(c) => <bdi>{customer(c)}</bdi>}
        secondaryText={(c) => (
          <span>
            <bdi>{dateTime(c.opened_at)}</bdi> · <bdi>{words(c)}</bdi>
          </span>
        )}
        tertiaryText={(c) => <StateChip c={c} />}
        rowClick="show"
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="complaints-empty">
            {translate('app.feedback.complaints.empty')}
          </Typography>
        }
      >
        <DataTable.Col source="opened_at" render={(c: Complaint) => <bdi>{dateTime(c.opened_at)}</bdi>} />
        <DataTable.Col
          source="customer_name"
          disableSort
          render={(c: Complaint) => <bdi>{customer(c)}</bdi>}
        />
        <DataTable.Col
          source="description"
          disableSort
          render={(c: Complaint) => (
            <Box component="bdi" sx={{ display: 'block', maxWidth: 360, overflowWrap: 'anywhere' }}>
              {words(c)}
            </Box>
          )}
        />
        <DataTable.Col
          source="source"
          disableSort
          render={(c: Complaint) => translate(`app.feedback.complaints.sources.${c.source}`)}
        />
        <DataTable.Col source="state" render={(c: Complaint) => <StateChip c={c} />} />
      </ResponsiveDataTable>
    </List>
  );
};

type Act = 'take-up' | 'notes' | 'resolve';

/** Take it up, add a note, resolve (with what was done): each a short dialog, for those who see complaints. */
const ComplaintActions = () => {
  const c = useRecordContext<Complaint>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const { canAccess } = useCanAccess({ resource: COMPLAINTS, action: 'edit' });
  const [act, setAct] = useState<Act | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const key = useRef(newKey());
  if (!c || c.state === 'resolved' || !canAccess) return null;
  const open = (a: Act) => {
    setAct(a);
    setNote('');
    setError(null);
    key.current = newKey();
  };
  const send = async () => {
    if (!act) return;
    setSaving(true);
    try {
      await dataProvider.send('POST', `complaints/${c.id}/${act}`, note.trim() ? { note: note.trim() } : {}, {
        idempotencyKey: key.current,
      });
      notify(`app.feedback.complaints.done.${act}`, { type: 'success' });
      setAct(null);
      refresh();
    } catch (e) {
      const field = isHttpError(e) ? e.body?.errors?.note : undefined;
      if (typeof field === 'string')
        setError(translate(field, { field: translate('app.feedback.complaints.note') }));
      else {
        setAct(null);
        if (!isHandled(e)) notify('app.errors.unknown', { type: 'error' });
        refresh();
      }
    } finally {
      setSaving(false);
    }
  };
  const label = (a: Act) =>
    translate(
      `app.feedback.complaints.${a === 'take-up' ? 'take_up' : a === 'notes' ? 'add_note' : 'resolve'}`,
    );
  return (
    <>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="complaint-actions">
        {c.state === 'new' && (
          <Button variant="outlined" onClick={() => open('take-up')} data-testid="complaint-take-up">
            {label('take-up')}
          </Button>
        )}
        <Button variant="outlined" onClick={() => open('notes')} data-testid="complaint-note">
          {label('notes')}
        </Button>
        <Button
          variant="contained"
          color="success"
          onClick={() => open('resolve')}
          data-testid="complaint-resolve"
        >
          {label('resolve')}
        </Button>
      </Stack>
      <Dialog open={act !== null} onClose={() => setAct(null)} fullWidth maxWidth="sm">
        <DialogTitle>{act && label(act)}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            multiline
            minRows={3}
            fullWidth
            margin="dense"
            label={translate('app.feedback.complaints.note')}
            helperText={
              error ??
              translate(
                act === 'resolve'
                  ? 'app.feedback.complaints.resolution_hint'
                  : 'app.feedback.complaints.note_hint',
              )
            }
            error={error !== null}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'complaint-note-text' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAct(null)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={send} disabled={saving} data-testid="complaint-confirm">
            {act && label(act)}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

const ComplaintDetails = () => {
  const c = useRecordContext<Complaint>();
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const words = useWords();
  const actorName = useActorName();
  if (!c) return null;
  const t = (key: string) => translate(`app.feedback.complaints.${key}`);
  // a user by her name in the screen's language (her employee's Arabic name on Arabic screens)
  const who = (s: Step) =>
    s.by_kind === 'customer'
      ? t('by_customer')
      : s.by_kind === 'user'
        ? actorName({ kind: 'user', id: s.by_id, name: s.by_name ?? undefined })
        : actorName({ kind: s.by_kind as 'system' | 'manager', id: s.by_id });
  const field = (name: string) => translate(`resources.${COMPLAINTS}.fields.${name}`);
  return (
    <Stack sx={{ gap: 2, p: { xs: 1, sm: 2 } }} data-testid="complaint-details">
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <StateChip c={c} />
        <Typography variant="body2" color="text.secondary">
          {t(`sources.${c.source}`)} · <bdi>{dateTime(c.opened_at)}</bdi>
        </Typography>
      </Stack>
      <Box>
        <Typography variant="caption" color="text.secondary">
          {field('customer_name')}
        </Typography>
        <Typography>
          <bdi>{c.customer_name ?? t('walk_in')}</bdi>
        </Typography>
      </Box>
      {c.invoice_number !== null && (
        <Box>
          <Typography variant="caption" color="text.secondary">
            {field('invoice_number')}
          </Typography>
          <Typography>
            <bdi>{c.invoice_number}</bdi>
            {c.rating !== null && <> · {translate('app.feedback.complaints.rated', { rating: c.rating })}</>}
          </Typography>
        </Box>
      )}
      <Box>
        <Typography variant="caption" color="text.secondary">
          {field('description')}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <bdi>{words(c)}</bdi>
        </Typography>
      </Box>
      <ComplaintActions />
      <Box>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {t('history')}
        </Typography>
        <Stack component="ol" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }} data-testid="complaint-history">
          {c.history.map((s, i) => (
            <Card key={i} component="li" variant="outlined">
              <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
                <Typography variant="body2">
                  <strong>{t(`steps.${s.type}`)}</strong> · <bdi>{dateTime(s.at)}</bdi> · <bdi>{who(s)}</bdi>
                </Typography>
                {s.note && (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    <bdi>{s.note}</bdi>
                  </Typography>
                )}
              </CardContent>
            </Card>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
};

export const ComplaintShow = () => (
  <Show title="app.feedback.complaints.title">
    <ComplaintDetails />
  </Show>
);

/** A complaint the front desk heard: what she said, and who she is if she is a customer of the salon. */
export const ComplaintCreate = () => (
  <Create title="app.feedback.complaints.new_title" redirect="show">
    <SimpleForm sx={{ maxWidth: 560 }}>
      <TextInput source="description" validate={required()} multiline minRows={3} fullWidth />
      <ReferenceInput source="customer_id" reference="customers">
        <AutocompleteInput
          optionText="name"
          filterToQuery={(q: string) => ({ q })}
          helperText="app.feedback.complaints.customer_hint"
          fullWidth
        />
      </ReferenceInput>
    </SimpleForm>
  </Create>
);
