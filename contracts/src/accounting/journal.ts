import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { toMinor } from '../catalog/catalog-input';
import { isEmpty, required, type Validator } from '../validators/core';
import { date } from '../validators/dates';
import { price } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { perCountry, withFieldRule, withRule } from '../validators/zod';

/** A salon's general journals: one stream per journal. */
export const GENERAL_JOURNAL_CATEGORY = 'generaljournal';
/** A journal holds at most this many lines. */
export const MAX_JOURNAL_LINES = 50;

/** A journal's line as posted: an account, one side, an optional description (minor units). */
export type JournalLine = { account: string; debit: number; credit: number; description?: string };

/** The accountant's own entry (doc 2: at least 2 lines, each a debit or a credit, totals equal). */
export type GeneralJournalPosted = {
  type: 'GeneralJournalPosted';
  data: {
    journal_id: string;
    /** gap-free per salon */
    number: number;
    /** the business date it is posted on */
    date: string;
    memo: string;
    lines: JournalLine[];
    total: number;
    posted_by: string;
  };
};

/** A posted journal is never changed: it is turned round by a reversing entry, dated when asked. */
export type GeneralJournalReversed = {
  type: 'GeneralJournalReversed';
  data: {
    journal_id: string;
    number: number;
    date: string;
    reason: string;
    lines: JournalLine[];
    reversed_by: string;
  };
};

export type GeneralJournalEvent = GeneralJournalPosted | GeneralJournalReversed;

/** An account's code; whether the salon's chart has it, and takes postings, is judged by the command. */
const accountCode: Validator = (value) =>
  isEmpty(value) || (typeof value === 'string' && /^[0-9]{1,10}$/.test(value))
    ? undefined
    : { key: 'accounting.not_a_posting_account' };

const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v === null ? undefined : v), schema);

/**
 * A general journal as typed: its date, a memo, and its lines, each an account with a debit or a credit
 * (one of the two, above zero). That debits equal credits is judged on the whole (`lines`), with the
 * difference named, once every line is well formed.
 */
export const generalJournalInput = perCountry((context) => {
  const amount = numberText(withRule(z.string(), price({ countryId: context.countryId, min: 0 }))).optional();
  const positive = (v: string | undefined) => !isEmpty(v) && toMinor(v!, context.countryId) > 0;
  return z.preprocess(
    cleanPayload,
    z.object({
      date: withRule(z.string(), required, date),
      memo: withRule(z.string(), maxLength(500)).default(''),
      lines: withRule(
        z.array(
          withFieldRule(
            z.object({
              account: withRule(z.string(), required, accountCode),
              debit: amount,
              credit: amount,
              description: withRule(z.string(), maxLength(200)).optional(),
            }),
            'debit',
            (line) => () =>
              positive(line.debit) === positive(line.credit)
                ? { key: 'accounting.one_side_per_line' }
                : undefined,
          ),
        ),
        (v) =>
          !Array.isArray(v) || v.length < 2
            ? { key: 'accounting.at_least_two_lines' }
            : v.length > MAX_JOURNAL_LINES
              ? { key: 'sales.too_many_lines', params: { max: MAX_JOURNAL_LINES } }
              : undefined,
      ),
    }),
  );
});
export type GeneralJournalInput = z.infer<ReturnType<typeof generalJournalInput>>;

/** The lines in minor units; what debits exceed credits by (negative: credits exceed). */
export const journalLines = (input: GeneralJournalInput, countryId: number) => {
  const lines: JournalLine[] = input.lines.map((l) => ({
    account: l.account,
    debit: isEmpty(l.debit) ? 0 : toMinor(l.debit!, countryId),
    credit: isEmpty(l.credit) ? 0 : toMinor(l.credit!, countryId),
    ...(l.description?.trim() && { description: l.description.trim() }),
  }));
  const debit = lines.reduce((s, l) => s + l.debit, 0);
  const credit = lines.reduce((s, l) => s + l.credit, 0);
  return { lines, debit, credit, difference: debit - credit };
};

export const reverseJournalInput = z.preprocess(
  cleanPayload,
  z.object({
    date: withRule(z.string(), required, date),
    reason: withRule(z.string(), required, maxLength(500)),
  }),
);
