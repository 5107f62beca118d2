import { useRecordContext, useTranslate } from 'ra-core';
import { codeLabelKey, isCodedValueName, type CodedValueName } from '@rawnaq/contracts';
import Typography from '@mui/material/Typography';
import { Empty } from '../customers/fields';

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

export const Truncated = ({ source, width = 320 }: { source: string; width?: number; label?: string }) => {
  const record = useRecordContext();
  const value = record?.[source];
  if (value === null || value === undefined || value === '') return <Empty />;
  return (
    <Typography
      variant="body2"
      dir="auto"
      title={String(value)}
      sx={{ maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {String(value)}
    </Typography>
  );
};
