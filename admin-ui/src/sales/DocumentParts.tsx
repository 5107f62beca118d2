import type { ReactNode } from 'react';
import { Show } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useIsPhone } from '../layout/ResponsiveDataTable';
import { Amount, LineItem, LineItems, tableSx } from './InvoiceParts';

/**
 * The pages of the salon's money documents as one family: an invoice, a credit note and a debit note are
 * shown in the same frame, with the same heading, facts, sections, lines (a table on a desktop, two
 * lines each on a phone) and totals. Each document says only what it holds.
 */
export const DocumentShow = ({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) => (
  <Show
    title={title}
    actions={actions}
    component="div"
    // a flex item grows to its widest content (the lines' table) unless allowed to shrink
    sx={{ '& .RaShow-main, & .RaShow-card': { minWidth: 0 } }}
  >
    {children}
  </Show>
);

/** The document's body: its heading first, then what it holds. */
export const DocumentBody = ({ testId, children }: { testId: string; children: ReactNode }) => (
  <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }} data-testid={testId}>
    {children}
  </Stack>
);

/** Its name and number, then where it stands (chips). */
export const DocumentHeading = ({ title, children }: { title: ReactNode; children?: ReactNode }) => (
  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
    <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
      {title}
    </Typography>
    {children}
  </Stack>
);

/** The document's facts side by side: two a row on a phone, four on a desktop. */
export const Facts = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gap: 2,
      gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
    }}
  >
    {children}
  </Box>
);

/** One fact: its label above it; `wide` takes a whole row on a phone and two columns on a desktop. */
export const Fact = ({
  label,
  children,
  wide = false,
  testId,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}) => (
  <Box sx={{ minWidth: 0, ...(wide && { gridColumn: { xs: '1 / -1', md: 'span 2' } }) }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography component="div" sx={{ overflowWrap: 'anywhere' }} data-testid={testId}>
      {children}
    </Typography>
  </Box>
);

/** A titled card of the document. */
export const Section = ({
  title,
  children,
  testId,
}: {
  title?: string;
  children: ReactNode;
  testId?: string;
}) => (
  <Card variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
    {title && (
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
    )}
    {children}
  </Card>
);

/** Sections side by side on a desktop, one under the other on a phone. */
export const Sections = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gap: 2,
      gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
    }}
  >
    {children}
  </Box>
);

/** Amounts by label (net, VAT, total, paid, owed); a `strong` row is the document's total. */
export const AmountRows = ({
  rows,
  money,
  testId,
}: {
  rows: ReadonlyArray<{ label: string; amount: number; strong?: boolean }>;
  money: (minor: number) => string;
  testId?: string;
}) => (
  <Box component="table" sx={tableSx} data-testid={testId}>
    <tbody>
      {rows.map(({ label, amount, strong }) => (
        <tr key={label}>
          {strong ? <th>{label}</th> : <td>{label}</td>}
          {strong ? (
            <th className="num">
              <Amount>{money(amount)}</Amount>
            </th>
          ) : (
            <td className="num">
              <Amount>{money(amount)}</Amount>
            </td>
          )}
        </tr>
      ))}
    </tbody>
  </Box>
);

/** A column of a document's lines: its heading, whether it holds a number, and each line's cell. */
export type LineColumn<L> = {
  label: string;
  num?: boolean;
  cell: (line: L) => ReactNode;
  title?: (line: L) => string;
};

/**
 * A document's lines: a table on a desktop (the first column says what, the last the line's total), and
 * on a phone each line as two, what and its total, then `details`.
 */
export const DocumentLines = <L,>({
  lines,
  lineKey,
  columns,
  name,
  total,
  details,
  testId,
  lineTestId,
  minWidth,
}: {
  lines: readonly L[];
  lineKey: (line: L) => string;
  columns: ReadonlyArray<LineColumn<L>>;
  /** on a phone: what the line is, and its total */
  name: (line: L) => ReactNode;
  total: (line: L) => string;
  details: (line: L) => ReactNode;
  testId?: string;
  lineTestId?: string;
  minWidth?: number;
}) => {
  const phone = useIsPhone();
  if (phone)
    return (
      <LineItems testId={testId}>
        {lines.map((l) => (
          <LineItem
            key={lineKey(l)}
            testId={lineTestId}
            name={name(l)}
            total={total(l)}
            details={details(l)}
          />
        ))}
      </LineItems>
    );
  return (
    <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Box component="table" sx={{ ...tableSx, ...(minWidth && { minWidth }) }} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} className={c.num ? 'num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={lineKey(l)} data-testid={lineTestId}>
              {columns.map((c) => (
                <td key={c.label} className={c.num ? 'num' : undefined} title={c.title?.(l)}>
                  {c.cell(l)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
};
