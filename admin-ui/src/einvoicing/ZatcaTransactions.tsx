import { useState } from 'react';
import { DataTable, List } from 'react-admin';
import { codeLabelKey } from '@rawnaq/contracts';
import { useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { failureKey, isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useArea } from '../shell/area';
import { useFormat } from '../format/useFormat';
import { AuthorityReasons, type EInvoiceDocument } from './EInvoicePanel';

export const ZATCA_FAILED = 'dashboard/zatca-failed-transactions';
export const ZATCA_WARNINGS = 'dashboard/zatca-warning-transactions';

type Row = RaRecord &
  EInvoiceDocument & {
    account_id: number;
    salon_name_en: string;
    salon_name_ar: string;
    document_number: string;
    reference_type: 1 | 2 | 3;
    signed_at: string;
  };

const Salon = (_: { label?: string }) => {
  const record = useRecordContext<Row>();
  const { language } = useArea();
  if (!record) return null;
  return (
    <Typography variant="body2" component="span">
      <bdi>{language === 'ar' ? record.salon_name_ar || record.salon_name_en : record.salon_name_en}</bdi>{' '}
      <bdi dir="ltr">#{record.account_id}</bdi>
    </Typography>
  );
};

const Document = (_: { label?: string }) => {
  const record = useRecordContext<Row>();
  const translate = useTranslate();
  const { dateTime } = useFormat();
  if (!record) return null;
  return (
    <Box component="span" sx={{ display: 'grid' }}>
      <Typography variant="body2" component="span">
        {translate(codeLabelKey('eInvoiceReferenceType', record.reference_type))}{' '}
        <bdi dir="ltr">{record.document_number}</bdi>
      </Typography>
      <Typography variant="caption" color="text.secondary" component="span">
        {dateTime(record.signed_at)}
      </Typography>
    </Box>
  );
};

const Reasons = ({ kind }: { label?: string; kind: 'errors' | 'warnings' }) => {
  const record = useRecordContext<Row>();
  if (!record) return null;
  return <AuthorityReasons items={record[kind]} kind={kind} />;
};

const Retry = (_: { label?: string }) => {
  const record = useRecordContext<Row>();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={busy}
      data-testid="zatca-retry"
      onClick={async (e) => {
        e.stopPropagation();
        setBusy(true);
        try {
          const answer = await dataProvider.send<{ outcome: string }>(
            'POST',
            `einvoices/${record.id}/report`,
          );
          notify(
            answer.outcome === 'EInvoiceAccepted'
              ? 'app.einvoicing.retried_accepted'
              : 'app.einvoicing.retried_refused',
            {
              type: answer.outcome === 'EInvoiceAccepted' ? 'success' : 'warning',
            },
          );
          refresh();
        } catch (error) {
          if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      {translate('app.einvoicing.report_now')}
    </Button>
  );
};

const TransactionsList = ({ resource, empty }: { resource: string; empty: string }) => {
  const translate = useTranslate();
  const kind = resource === ZATCA_FAILED ? 'errors' : 'warnings';
  return (
    <List
      resource={resource}
      title={translate(`resources.${resource}.name`, { smart_count: 2 })}
      sort={{ field: 'signed_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={
        <Typography sx={{ p: 3 }} color="text.secondary" data-testid="list-empty">
          {translate(empty)}
        </Typography>
      }
    >
      <ResponsiveDataTable<Row>
        primaryText={() => <Salon />}
        secondaryText={() => (
          <Box component="span" sx={{ display: 'grid', gap: 0.5 }}>
            <Document />
            <Reasons kind={kind} />
          </Box>
        )}
        tertiaryText={resource === ZATCA_FAILED ? () => <Retry /> : undefined}
        bulkActionButtons={false}
        rowClick={false}
      >
        <DataTable.Col source="account_id" disableSort field={Salon} />
        <DataTable.Col source="signed_at" field={Document} />
        <DataTable.Col source={kind} disableSort render={() => <Reasons kind={kind} />} />
        {resource === ZATCA_FAILED && <DataTable.Col source="actions" disableSort field={Retry} />}
      </ResponsiveDataTable>
    </List>
  );
};

/** `dashboard/zatca-failed-transactions`: every salon's documents the authority refused, explained, with a retry. */
export const ZatcaFailedList = () => (
  <TransactionsList resource={ZATCA_FAILED} empty="app.einvoicing.empty_failed" />
);

/** `dashboard/zatca-warning-transactions`: documents the authority accepted with warnings. */
export const ZatcaWarningsList = () => (
  <TransactionsList resource={ZATCA_WARNINGS} empty="app.einvoicing.empty_warnings" />
);
