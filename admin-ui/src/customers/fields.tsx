import { useRecordContext, useTranslate, useGetList } from 'ra-core';
import { codeLabelKey } from '@rawnaq/contracts';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import { useArea } from '../shell/area';
import { CUSTOMER_STATUS, type Customer, type Nationality } from './types';

type SourceProps = { source: string; label?: string };

const valueOf = (record: Record<string, unknown> | undefined, source: string) => record?.[source];

export const StatusChip = (_: { label?: string; source?: string }) => {
  const record = useRecordContext<Customer>();
  const translate = useTranslate();
  if (!record) return null;
  const active = record.status === CUSTOMER_STATUS.active;
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={translate(active ? 'app.customers.status.active' : 'app.customers.status.disabled')}
    />
  );
};

const TYPE_COLOURS = { new: 'info', frequent: 'primary', missed: 'warning' } as const;

export const CustomerTypeChip = (_: { label?: string; source?: string }) => {
  const record = useRecordContext<Customer>();
  const translate = useTranslate();
  if (!record?.type) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={TYPE_COLOURS[record.type] ?? 'default'}
      label={translate(`codes.customerType.${record.type}`)}
    />
  );
};

/** A coded value's label in the page's language (`codes.<enumeration>.<name>`). */
export const CodeField = ({ source, code }: SourceProps & { code: Parameters<typeof codeLabelKey>[0] }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = valueOf(record, source);
  if (typeof value !== 'number') return <Empty />;
  return <Typography variant="body2">{translate(codeLabelKey(code, value))}</Typography>;
};

export const Empty = () => {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.disabled" component="span">
      {translate('app.common.none')}
    </Typography>
  );
};

/**
 * A date and time kept whole each, with a line break allowed between them: on one line, a list's last
 * column of them reached past a 1366-px desktop's side.
 */
export const DateTimeField = ({ source }: SourceProps) => {
  const record = useRecordContext();
  const { dateTime } = useFormat();
  const value = valueOf(record, source);
  if (!value) return <Empty />;
  const [day, ...time] = dateTime(value).split(' ');
  return (
    <Typography variant="body2" component="span" sx={{ '& > span': { whiteSpace: 'nowrap' } }}>
      <span>{day}</span> <span>{time.join(' ')}</span>
    </Typography>
  );
};

export const BusinessDateField = ({ source }: SourceProps) => {
  const record = useRecordContext();
  const { date } = useFormat();
  const value = valueOf(record, source);
  if (!value) return <Empty />;
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {date(value)}
    </Typography>
  );
};

export const MoneyField = ({ source }: SourceProps) => {
  const record = useRecordContext();
  const { money } = useFormat();
  const value = valueOf(record, source);
  if (typeof value !== 'number') return <Empty />;
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {money(value)}
    </Typography>
  );
};

/** Left-to-right text (mobile, e-mail, tax number) kept in order inside right-to-left pages. */
export const LtrField = ({ source }: SourceProps) => {
  const record = useRecordContext();
  const value = valueOf(record, source);
  if (value === null || value === undefined || value === '') return <Empty />;
  return (
    <Typography
      variant="body2"
      component="span"
      dir="ltr"
      sx={{ unicodeBidi: 'isolate', whiteSpace: 'nowrap' }}
    >
      {String(value)}
    </Typography>
  );
};

export const TextValueField = ({ source }: SourceProps) => {
  const record = useRecordContext();
  const value = valueOf(record, source);
  if (value === null || value === undefined || value === '') return <Empty />;
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'pre-wrap' }}>
      {String(value)}
    </Typography>
  );
};

/** Nationalities are few and fixed: one request for all, names in the page's language. */
export const useNationalities = () => {
  const { language } = useArea();
  const { data, isPending } = useGetList<Nationality>('nationalities', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'id', order: 'ASC' },
  });
  const nameOf = (n: Nationality) => (language === 'ar' ? n.arabic_name : n.english_name);
  const list = [...(data ?? [])].sort((a, b) => nameOf(a).localeCompare(nameOf(b), language));
  return { nationalities: list, nameOf, isPending };
};

export const NationalityField = ({ source }: SourceProps) => {
  const record = useRecordContext();
  const { nationalities, nameOf } = useNationalities();
  const value = valueOf(record, source);
  const found = nationalities.find((n) => n.id === value);
  if (!found) return <Empty />;
  return (
    <Typography variant="body2" component="span">
      {nameOf(found)}
    </Typography>
  );
};

export const TranslatedChoiceField = ({
  source,
  choices,
}: SourceProps & { choices: { id: unknown; name: string }[] }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = valueOf(record, source);
  const found = choices.find((c) => c.id === value);
  if (!found) return <Empty />;
  return (
    <Typography variant="body2" component="span">
      {translate(found.name)}
    </Typography>
  );
};

export const YesNoField = ({ source }: SourceProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = valueOf(record, source);
  if (value === null || value === undefined) return <Empty />;
  return (
    <Typography variant="body2" component="span">
      {translate(value ? 'app.common.yes' : 'app.common.no')}
    </Typography>
  );
};
