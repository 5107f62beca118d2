import { useRecordContext, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Mirrored } from '../layout/Mirrored';
import { entryChanges, fieldChanges, type AuditEntry } from './types';
import { useFieldLabel, useValueText } from './useValueText';

/** What one entry changed: each field's translated label, its old value and its new one. */
// A mobile number, an amount or an id: read left to right and never broken across lines.
const NUMBER = /^[+\d][\d\s\-.,:/]*$/;

/** The language a field is written in, when its name says so (`name_en`, `description_ar`). */
const languageOf = (field: string) => /_(en|ar)$/.exec(field)?.[1];

const Value = ({ text, lang }: { text: string; lang?: string }) =>
  NUMBER.test(text) ? (
    // one number stays whole; a list of them (several phones, a long run of digits) wraps in its column
    <bdi dir="ltr" style={text.length <= 24 ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}>
      {text}
    </bdi>
  ) : (
    <bdi lang={lang}>{text}</bdi>
  );

export const AuditChanges = (_: { label?: string }) => {
  const entry = useRecordContext<AuditEntry>();
  const translate = useTranslate();
  const valueText = useValueText();
  const fieldLabel = useFieldLabel();
  if (!entry) return null;
  const changes = fieldChanges(entry);
  // Entries that are not changes of existing fields list the values they recorded, without a "before".
  const isCreation = Object.keys(entryChanges(entry).previous).length === 0;
  // A field that names what changed (the service of a menu change) has one value, shown once.
  const unchanged = (before: unknown, after: unknown) => JSON.stringify(before) === JSON.stringify(after);
  if (changes.length === 0)
    return (
      <Typography variant="body2" color="text.disabled">
        {translate('app.common.none')}
      </Typography>
    );
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        // the labels take at most 40 % (a phone's width), the values the rest
        gridTemplateColumns: 'fit-content(40%) minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        maxWidth: 560,
        // Long values (browsers, error texts) wrap inside the column instead of widening the table.
        overflowWrap: 'anywhere',
      }}
      data-testid="audit-changes"
    >
      {changes.map(({ field, before, after }) => (
        <Box key={field} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {fieldLabel(entry.entity_type, field)}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}
          >
            {!isCreation && !unchanged(before, after) && (
              <>
                <Box component="span" sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>
                  <Value text={valueText(entry.entity_type, field, before)} lang={languageOf(field)} />
                </Box>
                <Mirrored>
                  <ArrowForwardIcon fontSize="inherit" aria-label={translate('app.audit.after')} />
                </Mirrored>
              </>
            )}
            <Box component="span" sx={{ fontWeight: 500 }}>
              <Value text={valueText(entry.entity_type, field, after)} lang={languageOf(field)} />
            </Box>
          </Typography>
        </Box>
      ))}
    </Box>
  );
};
