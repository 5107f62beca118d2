import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { DEFAULT_CHART, DEFAULT_METHOD_ACCOUNTS, Page, Permission, rejected } from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Doc,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { dateFilter, page, parseFilter, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };
type Query = Record<string, unknown>;

/** The entries that move money: payments taken, given back and paid out (not the accountant's journals). */
export const PAYMENT_SOURCE_KINDS = [
  'invoice',
  'invoice_payment',
  'invoice_cancelled',
  'credit_note',
  'debit_note',
  'debit_note_payment',
  'deposit',
  'deposit_cancelled',
  'wallet_top_up',
  'expense',
  'expense_payment',
  'payroll_payment',
] as const;
const ACCOUNTS = new Map(DEFAULT_CHART.map((a) => [a.code, a]));

/**
 * Each payment method's account in this salon's books (the wizard's choice, else the chart's), and
 * back: the methods each account takes (several when the salon put them in one account).
 */
const moneyAccountsOf = (settings: Doc | undefined) => {
  const chosen = (settings?.money_accounts as Record<string, string> | undefined) ?? {};
  const byMethod = new Map<number, string>();
  const byAccount = new Map<string, number[]>();
  for (const [method, chart] of Object.entries(DEFAULT_METHOD_ACCOUNTS)) {
    const account = chosen[chart] ?? chart;
    byMethod.set(Number(method), account);
    byAccount.set(account, [...(byAccount.get(account) ?? []), Number(method)]);
  }
  return { byMethod, byAccount };
};

/**
 * `post-payments` (issue 25): the money the books posted — each payment taken (at the till, later, on
 * a debit note, a deposit, a wallet top-up), given back (credit notes, cancellings, deposits) or paid
 * out (expenses, bills, payroll) — one row per money line of the ledger, with its date, its direction,
 * the account it was posted to and the method(s) that account takes, its document and its entry. By
 * period, method and direction; totals per account (method). Read with "view the books" (62).
 */
@Controller('api/merchant/advanced-accounting')
@Realm('merchant')
export class PostPaymentsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /** The ledger lines' filter the list and its totals share. */
  private async where(tenantId: string, filter: Query) {
    const { byMethod, byAccount } = moneyAccountsOf(await this.models.get('ledger_settings', tenantId));
    const where: Filter = {
      tenantId,
      source_kind: { $in: [...PAYMENT_SOURCE_KINDS] },
      account: { $in: [...byAccount.keys()] },
    };
    const from = dateFilter(filter, 'from');
    const to = dateFilter(filter, 'to');
    if (from && to && to < from) throw rejected('sales.period_reversed', 'to');
    if (from || to) where.date = { ...(from && { $gte: from }), ...(to && { $lte: to }) };
    const method = filter.method;
    if (method !== undefined && method !== '') {
      const account = byMethod.get(Number(method));
      if (!/^\d+$/.test(String(method)) || !account) throw rejected('errors.invalid_input', 'method');
      where.account = account;
    }
    const direction = filter.direction;
    if (direction !== undefined && direction !== '') {
      if (direction === 'in') where.debit = { $gt: 0 };
      else if (direction === 'out') where.credit = { $gt: 0 };
      else throw rejected('errors.invalid_input', 'direction');
    }
    return { where, byAccount };
  }

  @Get('post-payments')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async list(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['date', 'recorded_at'],
      defaultSort: ['date', 'desc'],
    });
    const { where, byAccount } = await this.where(auth.tenantId, q.filter);
    const sort: Array<[string, 'asc' | 'desc']> = [q.sort[0], ['recorded_at', q.sort[0][1]]];
    const [lines, total] = await Promise.all([
      this.models.find('ledger_lines', { filter: where, sort, skip: q.skip, limit: q.limit }),
      this.models.count('ledger_lines', where),
    ]);
    const rows = lines.map((l) => {
      const account = ACCOUNTS.get(l.account as string);
      const debit = l.debit as number;
      const credit = l.credit as number;
      return {
        id: l.id,
        date: l.date,
        direction: debit > 0 ? 'in' : 'out',
        amount: debit > 0 ? debit : credit,
        account: l.account,
        account_name_en: account?.name_en ?? '',
        account_name_ar: account?.name_ar ?? '',
        methods: byAccount.get(l.account as string) ?? [],
        source_kind: l.source_kind,
        source_id: l.source_id,
        source_number: l.source_number,
        invoice_id: l.invoice_id,
        entry_id: l.entry_id,
      };
    });
    return page(res, 'post-payments', q, rows, total);
  }

  /** The same payments added up per account (and so per method): in, out and net; and in all. */
  @Get('post-payments/totals')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async totals(@Auth() auth: AuthContext, @Query() query: Query) {
    const filter: Query = typeof query.filter === 'string' ? parseFilter(query.filter) : query;
    const { where, byAccount } = await this.where(auth.tenantId, filter);
    const sums = await this.models.aggregate('ledger_lines', {
      filter: where,
      groupBy: ['account'],
      sum: ['debit', 'credit'],
    });
    const rows = sums
      .map((s) => {
        const code = String(s.key.account);
        const account = ACCOUNTS.get(code);
        const received = Math.round(s.sums.debit ?? 0);
        const paid = Math.round(s.sums.credit ?? 0);
        return {
          account: code,
          account_name_en: account?.name_en ?? '',
          account_name_ar: account?.name_ar ?? '',
          methods: byAccount.get(code) ?? [],
          payments: s.count,
          received,
          paid,
          net: received - paid,
        };
      })
      .sort((a, b) => a.account.localeCompare(b.account));
    const received = rows.reduce((t, r) => t + r.received, 0);
    const paid = rows.reduce((t, r) => t + r.paid, 0);
    return { rows, totals: { received, paid, net: received - paid } };
  }
}
