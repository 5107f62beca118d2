import { AdvancedAccountingGate } from '../layout/guards';
import { ExportButton, FilterButton, List, SelectInput, TextInput, TopToolbar } from 'react-admin';
import { useTranslate, type Exporter } from 'ra-core';
import { AUDIT_FILTERS } from '@rawnaq/contracts';
import { downloadCsv, toCsv } from '../export/csv';
import { useFormat } from '../format/useFormat';
import { useActorName, useUsers } from '../users/useUsers';
import { AuditLogTable } from './AuditLogTable';
import { ENTITY_TYPES, KNOWN_TYPES, fieldChanges, type AuditEntry } from './types';
import { useFieldLabel, useValueText } from './useValueText';
import { PeriodDateInput } from '../sales/PeriodFilter';

const useAuditExporter = (): Exporter<AuditEntry> => {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const actorName = useActorName();
  const valueText = useValueText();
  const fieldLabel = useFieldLabel();
  const label = (field: string) => translate(`resources.advanced-accounting/audit-log.fields.${field}`);
  return (entries) => {
    const rows = entries.map((entry) => {
      const changes = fieldChanges(entry)
        .map(
          ({ field, before, after }) =>
            `${fieldLabel(entry.entity_type, field)}: ${valueText(entry.entity_type, field, before)} → ${valueText(entry.entity_type, field, after)}`,
        )
        .join('\n');
      return [
        entry.position,
        dateTime(entry.occurred_at),
        actorName({ kind: entry.actor_kind, id: entry.actor_id, name: entry.actor_name }),
        translate(`app.audit.types.${entry.type}`, { _: translate('app.audit.types.unknown') }),
        translate(`app.audit.entities.${entry.entity_type}`, { _: translate('app.audit.entities.unknown') }),
        entry.entity_id,
        changes,
      ];
    });
    downloadCsv(
      toCsv(
        ['position', 'occurred_at', 'actor_id', 'type', 'entity_type', 'entity_id', 'changes'].map(label),
        rows,
      ),
      translate('app.audit.export_file'),
    );
  };
};

const useFilters = () => {
  const { users } = useUsers();
  return [
    <SelectInput
      key="category"
      source="category"
      choices={AUDIT_FILTERS.map((id) => ({ id, name: `app.audit.categories.${id}` }))}
      emptyText="app.audit.categories.all"
      alwaysOn
    />,
    <PeriodDateInput key="from" source="from" alwaysOn />,
    <PeriodDateInput key="to" source="to" alwaysOn />,
    <SelectInput
      key="actor_id"
      source="actor_id"
      choices={users.map((u) => ({ id: u.id, name: u.name }))}
      translateChoice={false}
      alwaysOn
    />,
    <SelectInput
      key="entity_type"
      source="entity_type"
      choices={ENTITY_TYPES.map((id) => ({ id, name: `app.audit.entities.${id}` }))}
    />,
    <TextInput key="entity_id" source="entity_id" />,
    <SelectInput
      key="type"
      source="type"
      choices={KNOWN_TYPES.map((id) => ({ id, name: `app.audit.types.${id}` }))}
    />,
  ];
};

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportButton maxResults={10_000} />
  </TopToolbar>
);

export const AuditLogList = () => (
  <AdvancedAccountingGate>
    <AuditLogScreen />
  </AdvancedAccountingGate>
);

const AuditLogScreen = () => {
  const translate = useTranslate();
  const exporter = useAuditExporter();
  const filters = useFilters();
  return (
    <List
      title={translate('app.audit.title')}
      filters={filters}
      sort={{ field: 'position', order: 'DESC' }}
      perPage={25}
      // what people changed first; sign-ins and failed attempts are one choice away
      filterDefaultValues={{ category: 'records' }}
      actions={<Actions />}
      exporter={exporter}
      empty={false}
    >
      <AuditLogTable />
    </List>
  );
};
