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
} from 'react-admin';
import { useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'ra-core';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ReplyIcon from '@mui/icons-material/Reply';
import { DateTimeField } from '../customers/fields';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useSubmissionErrors } from '../forms/submissionErrors';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useArea } from '../shell/area';
import { senderOf, SuggestionStatusChip, type SuggestionRow } from '../suggestions/SuggestionsPage';
import { SUGGESTIONS } from './consolePaths';
import { SalonCell, Truncated } from './fields';

type Row = RaRecord & SuggestionRow & { salon_en?: string; salon_ar?: string; account_id?: number };

const Status = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  return r ? <SuggestionStatusChip status={r.status} /> : null;
};

/** The manager's answer: where the suggestion stands and a reply the salon reads in its back office. */
const AnswerButton = (_: { label?: string }) => {
  const record = useRecordContext<Row>();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const submissionErrors = useSubmissionErrors(SUGGESTIONS);
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const choices = ([2, 3, 0] as const).map((id) => ({ id, name: `app.suggestions.status.${id}` }));
  const save = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.send('POST', `development-suggestions/${record.id}/answer`, {
        status: values.status,
        reply: values.reply ?? '',
      });
      notify('app.manager.suggestions.answered', { type: 'success' });
      setOpen(false);
      refresh();
      return undefined;
    } catch (error) {
      return submissionErrors(error);
    }
  };
  return (
    <>
      <Button
        label="app.manager.suggestions.answer"
        onClick={() => setOpen(true)}
        data-testid="answer-suggestion"
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        <ReplyIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{record.title}</DialogTitle>
        <DialogContent sx={{ px: 0 }}>
          <Typography
            variant="body2"
            sx={{ px: 3, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            dir="auto"
          >
            {record.details}
          </Typography>
          <SimpleForm
            resource={SUGGESTIONS}
            record={{
              id: record.id,
              status: record.status === 1 ? 2 : record.status,
              reply: record.reply ?? '',
            }}
            onSubmit={save}
            toolbar={
              <Toolbar>
                <SaveButton alwaysEnable />
              </Toolbar>
            }
          >
            <SelectInput source="status" choices={choices} fullWidth />
            <TextInput source="reply" fullWidth multiline minRows={3} />
          </SimpleForm>
        </DialogContent>
      </Dialog>
    </>
  );
};

const statusFilterChoices = ([1, 2, 3, 0] as const).map((id) => ({
  id,
  name: `app.suggestions.status.${id}`,
}));

/** `technical/development-suggestions`: every salon's suggestions, newest first, answered from here. */
export const SuggestionList = () => {
  const translate = useTranslate();
  const { language } = useArea();
  return (
    <List
      resource={SUGGESTIONS}
      title={translate(`resources.${SUGGESTIONS}.name`, { smart_count: 2 })}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      filters={[<SelectInput key="status" source="status" choices={statusFilterChoices} alwaysOn />]}
      empty={false}
    >
      <ResponsiveDataTable<Row>
        primaryText={(r) => <bdi>{r.title}</bdi>}
        secondaryText={(r) => (
          <span>
            <SalonCell /> · <bdi>{senderOf(r, language)}</bdi> · <DateTimeField source="created_at" />
            <br />
            <Status />
          </span>
        )}
        tertiaryText={() => <AnswerButton />}
        bulkActionButtons={false}
        rowClick={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="list-empty">
            {translate('app.manager.suggestions.empty')}
          </Typography>
        }
      >
        <DataTable.Col source="title" disableSort render={() => <Truncated source="title" width={220} />} />
        <DataTable.Col source="account_id" disableSort field={SalonCell} />
        <DataTable.Col source="created_at" field={DateTimeField} />
        <DataTable.Col source="status" field={Status} />
        <DataTable.Col source="reply" disableSort render={() => <Truncated source="reply" width={160} />} />
        <DataTable.Col label="" disableSort field={AnswerButton} />
      </ResponsiveDataTable>
    </List>
  );
};
