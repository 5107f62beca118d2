import { useState } from 'react';
import { Button, DataTable, DateInput, List, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'ra-core';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import { useFormat } from '../format/useFormat';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useSubmissionErrors } from '../forms/submissionErrors';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useArea } from '../shell/area';
import { ARCHIVE_DATABASE } from './consolePaths';

type Row = RaRecord & {
  account_id: number;
  name_en: string;
  name_ar: string;
  last_archive_date: string | null;
};

const SalonName = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const { language } = useArea();
  if (!r) return null;
  return (
    <bdi>
      {(language === 'ar' ? r.name_ar || r.name_en : r.name_en || r.name_ar) || '—'}{' '}
      <Typography component="span" variant="caption" color="text.secondary">
        #{r.account_id}
      </Typography>
    </bdi>
  );
};

const ArchiveDate = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<Row>();
  const translate = useTranslate();
  const { date } = useFormat();
  if (!r) return null;
  return (
    <Typography variant="body2" component="span" data-testid="archive-date">
      {r.last_archive_date ? date(r.last_archive_date) : translate('app.manager.archive.none')}
    </Typography>
  );
};

/** Sets, moves or lifts (an empty date) the salon's archive date. */
const SetArchiveButton = (_: { label?: string }) => {
  const record = useRecordContext<Row>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const submissionErrors = useSubmissionErrors(ARCHIVE_DATABASE);
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const save = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.send('POST', `archive-database/${record.account_id}`, {
        last_archive_date: values.last_archive_date ?? '',
      });
      notify('app.manager.archive.saved', { type: 'success' });
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
        label="app.manager.archive.set"
        onClick={() => setOpen(true)}
        data-testid="set-archive-date"
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        <ArchiveIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>
          <SalonName />
        </DialogTitle>
        <DialogContent sx={{ px: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ px: 3 }}>
            {translate('app.manager.archive.explain')}
          </Typography>
          <SimpleForm
            resource={ARCHIVE_DATABASE}
            record={{ id: record.id, last_archive_date: record.last_archive_date ?? '' }}
            onSubmit={save}
            toolbar={
              <Toolbar>
                <SaveButton alwaysEnable />
              </Toolbar>
            }
          >
            <DateInput source="last_archive_date" />
          </SimpleForm>
        </DialogContent>
      </Dialog>
    </>
  );
};

/**
 * `database-management/archive-database`: each salon's archive date. Nothing is deleted: the salon's
 * screens offer dates after it, and older ones behind their archive button.
 */
export const ArchiveDatabaseList = () => {
  const translate = useTranslate();
  return (
    <List
      resource={ARCHIVE_DATABASE}
      title={translate(`resources.${ARCHIVE_DATABASE}.name`, { smart_count: 2 })}
      sort={{ field: 'account_id', order: 'ASC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2 }}>
        {translate('app.manager.archive.explain')}
      </Typography>
      <ResponsiveDataTable<Row>
        primaryText={() => <SalonName />}
        secondaryText={() => <ArchiveDate />}
        tertiaryText={() => <SetArchiveButton />}
        bulkActionButtons={false}
        rowClick={false}
      >
        <DataTable.Col source="account_id" />
        <DataTable.Col source="name_en" disableSort field={SalonName} />
        <DataTable.Col source="last_archive_date" disableSort field={ArchiveDate} />
        <DataTable.Col label="" disableSort field={SetArchiveButton} />
      </ResponsiveDataTable>
    </List>
  );
};
