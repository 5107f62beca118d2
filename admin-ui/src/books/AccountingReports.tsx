import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Mirrored } from '../layout/Mirrored';
import { useShowEntries } from '../merchant/menu/shown';
import type { MenuEntry } from '../merchant/menu/groups';

/** Every statement and report of the books, with what each answers (a key under `accounting_reports.hints`). */
const REPORTS: Array<MenuEntry & { hint: string }> = [
  { resource: 'advanced-accounting/profit-and-loss', hint: 'profit_and_loss' },
  { resource: 'advanced-accounting/balance-sheet', hint: 'balance_sheet' },
  { resource: 'advanced-accounting/trial-balance', hint: 'trial_balance' },
  { resource: 'advanced-accounting/general-ledger', hint: 'general_ledger' },
  { resource: 'advanced-accounting/vat-return', hint: 'vat_return' },
  { resource: 'advanced-accounting/journal-entries', hint: 'journal' },
  { resource: 'advanced-accounting/general-journals', hint: 'general_journals' },
  { resource: 'advanced-accounting/post-payments', hint: 'post_payments' },
  { resource: 'accounting/suppliers', hint: 'supplier_statements' },
  { resource: 'reports/profit-and-loss', hint: 'expenses_by_type' },
  { resource: 'accounting/expenses', hint: 'expenses' },
  { resource: 'advanced-accounting/payrols', hint: 'payroll' },
  { resource: 'reports/vat-report', hint: 'vat_report' },
  { resource: 'advanced-accounting/chart-of-accounts', hint: 'chart' },
  {
    to: `advanced-accounting/audit-log?filter=${encodeURIComponent(JSON.stringify({ category: 'accounting' }))}`,
    label: 'app.books.menu.audit_log',
    access: { resource: 'advanced-accounting/audit-log', action: 'list' },
    hint: 'audit_log',
  },
];
const HINTS = new Map(REPORTS.map((r) => [r.resource ?? r.to, r.hint]));

/**
 * `advanced-accounting/accounting-reports`: the books' statements and reports on one page, each with
 * a line saying what it answers, only those this user's permissions open; one tap each on a phone.
 */
export const AccountingReports = () => {
  const translate = useTranslate();
  const entries = useShowEntries()(REPORTS).filter((entry) => entry.path !== undefined);
  return (
    <Box sx={{ py: 2, maxWidth: 820 }} data-testid="accounting-reports">
      <Title title={translate('app.books.titles.accounting_reports')} />
      <Card>
        <Typography component="h1" variant="h6" sx={{ px: 2, pt: 2 }}>
          {translate('app.books.titles.accounting_reports')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 0.5 }}>
          {translate('app.books.accounting_reports.hint')}
        </Typography>
        <List>
          {entries.map((entry) => (
            <ListItemButton
              key={entry.key}
              component={Link}
              to={entry.path ?? '/'}
              state={{ _scrollToTop: true }}
              data-testid={`accounting-report-${entry.resource ?? 'audit-log'}`}
              sx={{ minHeight: 64 }}
            >
              <ListItemIcon sx={{ color: 'primary.main' }}>{entry.icon}</ListItemIcon>
              <ListItemText
                primary={entry.text}
                secondary={translate(`app.books.accounting_reports.hints.${HINTS.get(entry.key)}`)}
              />
              <Mirrored>
                <ChevronRightIcon color="action" />
              </Mirrored>
            </ListItemButton>
          ))}
        </List>
      </Card>
    </Box>
  );
};
