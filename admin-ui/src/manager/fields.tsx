import { useRecordContext, useTranslate } from 'ra-core';
import { SelectInput } from 'react-admin';
import { codeLabelKey, isCodedValueName, type CodedValueName } from '@rawnaq/contracts';
import Typography from '@mui/material/Typography';
import { Empty } from '../customers/fields';
import { useArea } from '../shell/area';
import { useSalonChoices } from './salonChoices';

/** A status that may arrive as its number or as its code name (`codes.<enumeration>.<name>`). */
export const CodeOrNameField = ({
  source,
  code,
}: {
  source: string;
  code: CodedValueName;
  label?: string;
}) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source];
  if (value === null || value === undefined || value === '') return <Empty />;
  const key =
    typeof value === 'number'
      ? codeLabelKey(code, value)
      : isCodedValueName(code)
        ? `codes.${code}.${String(value)}`
        : '';
  return <Typography variant="body2">{translate(key, { _: String(value) })}</Typography>;
};

export const Truncated = ({
  source,
  width = 320,
  lang,
}: {
  source: string;
  width?: number;
  label?: string;
  /** the value's own language when it is not the screen's (a browser's user agent is English, left to right) */
  lang?: string;
}) => {
  const record = useRecordContext();
  const value = record?.[source];
  if (value === null || value === undefined || value === '') return <Empty />;
  return (
    <Typography
      variant="body2"
      dir={lang ? 'ltr' : 'auto'}
      lang={lang}
      title={String(value)}
      sx={{ maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {String(value)}
    </Typography>
  );
};

/** A cross-salon row's salon: its name in the console's language and its account number. */
export const SalonCell = (_: { label?: string; source?: string }) => {
  const r = useRecordContext<{
    id: string;
    salon_en?: string;
    salon_ar?: string;
    account_id?: number | null;
  }>();
  const { language } = useArea();
  if (!r) return null;
  const name = (language === 'ar' ? r.salon_ar || r.salon_en : r.salon_en || r.salon_ar) ?? '';
  return (
    <bdi>
      {name || '—'}{' '}
      <Typography component="span" variant="caption" color="text.secondary">
        #{String(r.account_id ?? '')}
      </Typography>
    </bdi>
  );
};

/** A cross-salon list's filter: one salon's rows, or every salon's (the salons by name and number). */
export const SalonFilter = ({
  label = 'app.manager.console.salon',
  emptyText = 'app.manager.console.all_salons',
  ...props
}: {
  source: string;
  alwaysOn?: boolean;
  label?: string;
  emptyText?: string;
}) => {
  const salons = useSalonChoices();
  return <SelectInput {...props} label={label} choices={salons} emptyText={emptyText} />;
};
