import { useRef, useState, type FormEvent } from 'react';
import { Title } from 'react-admin';
import { useCanAccess, useGetList, useTranslate } from 'ra-core';
import { Navigate, useNavigate } from 'react-router-dom';
import {
  accountCode,
  codeLabelKey,
  currencyOfCountry,
  DEFAULT_METHOD_ACCOUNTS,
  fromArabicDigits,
  isBusinessDate,
  METHOD_ACCOUNT_CHOICES,
  OPENING_ACCOUNTS,
  parseMoney,
  WIZARD_METHODS,
  type GlobalInformation,
} from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import { problemsOf } from '../billing/problems';
import type { TillProblem } from '../billing/basket';
import { useFormat } from '../format/useFormat';
import { isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useGlobalInformation, useGlobalInformationStore } from '../layout/globalInformationContext';
import { useSalonToday } from '../sales/PeriodFilter';
import { useArea } from '../shell/area';
import { newKey } from '../shell/newKey';
import { useProblemText } from './Expenses';
import { useAccountName } from './Statements';

const t = (key: string) => `app.books.addon.${key}`;

const useAddonStatus = () => {
  const information = useGlobalInformation<GlobalInformation>();
  return {
    information,
    status: information?.global_informations.account.advanced_accounting_status ?? 0,
  };
};

/**
 * `advanced-accounting/welcome`: what the books offer, while the add-on is off (the platform switches it
 * on); once on, the wizard; once opened, the books themselves.
 */
export const BooksWelcome = () => {
  const translate = useTranslate();
  const { basename } = useArea();
  const { information, status } = useAddonStatus();
  if (information && status === 1) return <Navigate to={`${basename}/advanced-accounting/wizard`} replace />;
  if (information && status === 2)
    return <Navigate to={`${basename}/advanced-accounting/profit-and-loss`} replace />;
  return (
    <Box sx={{ py: 2, maxWidth: 760 }} data-testid="books-welcome">
      <Title title={translate(t('welcome_title'))} />
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <MenuBookIcon color="primary" />
            <Typography variant="h6" component="h2">
              {translate(t('welcome_heading'))}
            </Typography>
          </Stack>
          <Typography sx={{ mb: 2 }}>{translate(t('welcome_text'))}</Typography>
          <Box component="ul" sx={{ m: 0, ps: 3 }}>
            {(['statements', 'money_out', 'payroll', 'vat', 'audit'] as const).map((k) => (
              <li key={k}>
                <Typography>{translate(t(`offers.${k}`))}</Typography>
              </li>
            ))}
          </Box>
          <Alert severity="info" sx={{ mt: 2 }} data-testid="books-welcome-off">
            {translate(t('ask_platform'))}
          </Alert>
        </CardContent>
      </Card>
    </Box>
  );
};

type OpeningRow = { account: string; amount: string };
type SalonAccountRow = {
  id: string;
  code: string;
  name_en: string;
  name_ar: string;
  main_type: number;
  system: boolean;
  group: boolean;
  disabled: boolean;
};

/**
 * The balances an accountant usually brings over: money, what is owed both ways, capital (the stock at
 * its cost comes from the products' own quantities and costs).
 */
const FIRST_ROWS = (['cash', 'transfer', 'unpaid_invoices', 'suppliers', 'owner_capital'] as const).map(
  (key) => accountCode(key),
);

/**
 * `advanced-accounting/wizard`: the books' start date, the opening balances (each on its own side, the
 * difference to opening balance equity, shown as it is typed) and which cash or bank account each
 * payment method's money goes to. Done once; then the books open.
 */
export const BooksWizard = () => {
  const translate = useTranslate();
  const { basename } = useArea();
  const navigate = useNavigate();
  const today = useSalonToday();
  const name = useAccountName();
  const { money } = useFormat();
  const dataProvider = useAppDataProvider();
  const store = useGlobalInformationStore();
  const problemText = useProblemText();
  const { information, status } = useAddonStatus();
  const { canAccess } = useCanAccess({ resource: 'advanced-accounting/wizard', action: 'create' });
  const [startText, setStart] = useState('');
  const [rows, setRows] = useState<OpeningRow[]>(FIRST_ROWS.map((account) => ({ account, amount: '' })));
  // the salon's own accounts of the balance sheet take opening balances too
  const { data: salonChart = [] } = useGetList<SalonAccountRow>('advanced-accounting/chart-of-accounts', {
    pagination: { page: 1, perPage: 999 },
  });
  const openingAccounts = [
    ...OPENING_ACCOUNTS,
    ...salonChart.filter((a) => !a.system && !a.group && !a.disabled && a.main_type <= 3),
  ].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const [methods, setMethods] = useState<Record<string, string>>({ ...DEFAULT_METHOD_ACCOUNTS });
  const [problems, setProblems] = useState<TillProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey());
  if (information && status === 0) return <Navigate to={`${basename}/advanced-accounting/welcome`} replace />;
  if (information && status === 2)
    return <Navigate to={`${basename}/advanced-accounting/profit-and-loss`} replace />;
  const start = startText || (today ? `${today.slice(0, 7)}-01` : '');
  const currency = currencyOfCountry(information?.global_informations.account.country_id ?? 1);
  const chart = new Map(openingAccounts.map((a) => [a.code, a]));
  // assets are debits, liabilities and equity credits: what is left goes to opening balance equity
  const difference = rows.reduce((s, r) => {
    const parsed = r.amount ? parseMoney(r.amount, currency) : null;
    const amount = parsed?.ok ? parsed.money.amount : 0;
    return s + (chart.get(r.account)?.main_type === 1 ? amount : -amount);
  }, 0);
  const errorOf = (field: string) => {
    const p = problems.find((x) => x.field === field);
    return p ? problemText(p) : undefined;
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await dataProvider.send(
        'POST',
        'advanced-accounting/wizard',
        {
          start_date: start,
          opening: rows.filter((r) => r.amount.trim()).map((r) => ({ account: r.account, amount: r.amount })),
          method_accounts: methods,
        },
        { idempotencyKey: key.current },
      );
      await store.refresh();
      navigate(`${basename}/advanced-accounting/balance-sheet`);
    } catch (error) {
      if (!isHandled(error)) setProblems(problemsOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ py: 2, maxWidth: 880 }} data-testid="books-wizard">
      <Title title={translate(t('wizard_title'))} />
      <Typography sx={{ mb: 2 }} color="text.secondary">
        {translate(t('wizard_intro'))}
      </Typography>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            {translate(t('step_start'))}
          </Typography>
          <TextField
            size="small"
            label={translate(t('start_date'))}
            value={start}
            onChange={(ev) => setStart(fromArabicDigits(ev.target.value.trim()))}
            error={Boolean(errorOf('start_date')) || (start !== '' && !isBusinessDate(start))}
            helperText={errorOf('start_date') ?? translate(t('start_date_hint'))}
            slotProps={{
              htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': 'wizard-start-date' },
            }}
          />
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            {translate(t('step_opening'))}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {translate(t('stock_from_products'))}
          </Typography>
          <Stack spacing={1.5}>
            {rows.map((row, i) => (
              <Stack
                key={i}
                direction="row"
                sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
                data-testid="wizard-opening-row"
              >
                <TextField
                  select
                  size="small"
                  sx={{ flex: '1 1 240px' }}
                  label={translate('app.books.columns.account')}
                  value={row.account}
                  onChange={(ev) =>
                    setRows(rows.map((r, j) => (j === i ? { ...r, account: ev.target.value } : r)))
                  }
                  error={Boolean(errorOf(`opening.${i}.account`))}
                  helperText={errorOf(`opening.${i}.account`)}
                >
                  {openingAccounts.map((a) => (
                    <MenuItem key={a.code} value={a.code}>
                      {`${a.code} · ${name(a)}`}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  sx={{ flex: '0 1 160px' }}
                  label={translate('app.books.columns.amount')}
                  value={row.amount}
                  onChange={(ev) =>
                    setRows(
                      rows.map((r, j) =>
                        j === i ? { ...r, amount: fromArabicDigits(ev.target.value.trim()) } : r,
                      ),
                    )
                  }
                  error={Boolean(errorOf(`opening.${i}.amount`))}
                  helperText={errorOf(`opening.${i}.amount`)}
                  slotProps={{
                    htmlInput: { dir: 'ltr', inputMode: 'decimal', 'data-testid': `wizard-opening-${i}` },
                  }}
                />
                <IconButton
                  aria-label={translate('app.books.remove_line')}
                  onClick={() => setRows(rows.filter((_, j) => j !== i))}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            ))}
            <Box>
              <Button
                startIcon={<AddIcon />}
                onClick={() => setRows([...rows, { account: OPENING_ACCOUNTS[0].code, amount: '' }])}
              >
                {translate('app.books.add_line')}
              </Button>
            </Box>
            {errorOf('opening') && <Alert severity="error">{errorOf('opening')}</Alert>}
            <Typography data-testid="wizard-equity">
              {difference === 0
                ? translate(t('no_difference'))
                : translate(t('to_equity'), {
                    amount: money(Math.abs(difference)),
                    side: translate(t(difference > 0 ? 'credit' : 'debit')),
                  })}
            </Typography>
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            {translate(t('step_methods'))}
          </Typography>
          <Stack spacing={1.5}>
            {WIZARD_METHODS.map((m) => (
              <TextField
                key={m}
                select
                size="small"
                label={translate(codeLabelKey('paymentMethod', m))}
                value={methods[String(m)]}
                onChange={(ev) => setMethods({ ...methods, [String(m)]: ev.target.value })}
                error={Boolean(errorOf(`method_accounts.${m}`))}
                helperText={errorOf(`method_accounts.${m}`)}
                slotProps={{ htmlInput: { 'data-testid': `wizard-method-${m}` } }}
              >
                {METHOD_ACCOUNT_CHOICES.map((a) => (
                  <MenuItem key={a.code} value={a.code}>
                    {`${a.code} · ${name(a)}`}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate(t('vat_accounts'))}
          </Typography>
        </CardContent>
      </Card>
      {problems
        .filter((p) => !p.field)
        .map((p) => (
          <Alert key={p.key} severity="error" sx={{ mb: 2 }} data-testid="wizard-refused">
            {problemText(p)}
          </Alert>
        ))}
      {canAccess ? (
        <Button
          type="submit"
          variant="contained"
          disabled={busy || !isBusinessDate(start)}
          data-testid="wizard-open"
        >
          {translate(t('open_books'))}
        </Button>
      ) : (
        <Alert severity="info">{translate(t('ask_owner'))}</Alert>
      )}
    </Box>
  );
};
