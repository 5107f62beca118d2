import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  addDays,
  ancestorsOf,
  chartAccounts,
  isUuid,
  LEDGER_SOURCE_KINDS,
  notFound,
  Page,
  Permission,
  rejected,
} from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { accountOf } from '../shared/account';
import { dateFilter, page, parseListQuery, withoutTenant } from '../shared/list-query';
import { chartOf } from './chart';
import { knownAt, statementPeriod } from './period';
import { balanceOf, balanceSheet, profitAndLoss, trialBalance, type Movements } from './statements';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };
type Query = Record<string, unknown>;

/** An account's ledger lists at most this many lines at once (the balances are always whole). */
const MAX_LINES = 2000;

/**
 * The books (issue 25), read from the ledger projection: the chart of accounts with balances, the
 * journal (every entry the money events posted, each back to its document), an account's ledger, the
 * trial balance, the profit and loss and the balance sheet. Statements add up each account's day
 * totals; "as known at" an instant adds up the lines recorded by then instead (the history replayed
 * to that instant: each line is one event's posting). Reading needs "view the books" (62).
 */
@Controller('api/merchant/advanced-accounting')
@Realm('merchant')
export class BooksQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /** Each account's debits and credits of the dates in range, as recorded by `known` if given. */
  private async movements(
    tenantId: string,
    dates: { from?: string; to: string },
    known?: string,
  ): Promise<Movements> {
    const date = { ...(dates.from && { $gte: dates.from }), $lte: dates.to };
    const rows = known
      ? await this.models.aggregate('ledger_lines', {
          filter: { tenantId, date, recorded_at: { $lte: known } },
          groupBy: ['account'],
          sum: ['debit', 'credit'],
        })
      : await this.models.aggregate('ledger_days', {
          filter: { tenantId, date },
          groupBy: ['account'],
          sum: ['debit', 'credit'],
        });
    return new Map(
      rows.map((r) => [
        String(r.key.account),
        { debit: Math.round(r.sums.debit ?? 0), credit: Math.round(r.sums.credit ?? 0) },
      ]),
    );
  }

  /** The accounts the books hold any line on, whatever its date. */
  private async postedAccounts(tenantId: string): Promise<Set<string>> {
    const rows = await this.models.aggregate('ledger_days', { filter: { tenantId }, groupBy: ['account'] });
    return new Set(rows.map((r) => String(r.key.account)));
  }

  private async asOf(auth: AuthContext, query: Query) {
    const { today } = await accountOf(this.models, auth.tenantId);
    return { date: dateFilter(query, 'as_of') ?? today, known: knownAt(query) };
  }

  private period(auth: AuthContext, query: Query) {
    return statementPeriod(this.models, auth.tenantId, query);
  }

  /** The same number of days just before a period, to compare with. */
  private previous({ from, to }: { from: string; to: string }) {
    const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
    const end = addDays(from as never, -1);
    return { from: addDays(end as never, -days), to: end };
  }

  @Get('chart-of-accounts')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async chart(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['code'],
      defaultSort: ['code', 'asc'],
    });
    const { date } = await this.asOf(auth, q.filter);
    const [chart, movements, posted] = await Promise.all([
      chartOf(this.models, auth.tenantId),
      this.movements(auth.tenantId, { to: date }),
      this.postedAccounts(auth.tenantId),
    ]);
    // each posting account's balance, added up into every group above it
    const balances = new Map<string, number>();
    for (const a of chart.values()) {
      if (a.group) continue;
      const balance = balanceOf(a, movements.get(a.code));
      balances.set(a.code, (balances.get(a.code) ?? 0) + balance);
      for (const g of ancestorsOf(chart, a.code)) balances.set(g.code, (balances.get(g.code) ?? 0) + balance);
    }
    const search = typeof q.filter.q === 'string' ? q.filter.q.trim().toLowerCase() : '';
    const rows = chartAccounts(chart)
      .map((a) => ({
        id: a.code,
        ...a,
        depth: ancestorsOf(chart, a.code).length,
        has_postings: a.group ? false : posted.has(a.code),
        has_accounts: a.group && [...chart.values()].some((b) => b.parent === a.code),
        balance: balances.get(a.code) ?? 0,
        as_of: date,
      }))
      .filter(
        (a) =>
          (!search ||
            a.code.startsWith(search) ||
            a.name_en.toLowerCase().includes(search) ||
            a.name_ar.includes(search)) &&
          (q.filter.main_type === undefined || String(a.main_type) === String(q.filter.main_type)),
      );
    if (q.sort[0][1] === 'desc') rows.reverse();
    return page(res, 'chart-of-accounts', q, rows.slice(q.skip, q.skip + q.limit), rows.length);
  }

  @Get('chart-of-accounts/:code')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async account(@Auth() auth: AuthContext, @Param('code') code: string) {
    const chart = await chartOf(this.models, auth.tenantId);
    const account = chart.get(code);
    if (!account) throw notFound('not_found.record');
    const { today } = await accountOf(this.models, auth.tenantId);
    const [movements, posted] = await Promise.all([
      this.movements(auth.tenantId, { to: today }),
      this.postedAccounts(auth.tenantId),
    ]);
    const under = account.group
      ? [...chart.values()].filter((a) => !a.group && ancestorsOf(chart, a.code).some((g) => g.code === code))
      : [account];
    return {
      id: code,
      ...account,
      depth: ancestorsOf(chart, code).length,
      has_postings: !account.group && posted.has(code),
      has_accounts: account.group && [...chart.values()].some((b) => b.parent === code),
      balance: under.reduce((s, a) => s + balanceOf(a, movements.get(a.code)), 0),
      as_of: today,
    };
  }

  /** The journal: every entry, newest first; by period, by kind of source, by account or by invoice. */
  @Get('journal-entries')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async journal(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['date', 'total', 'recorded_at'],
      defaultSort: ['date', 'desc'],
    });
    const filter: Filter = { tenantId: auth.tenantId };
    const from = dateFilter(q.filter, 'from');
    const to = dateFilter(q.filter, 'to');
    if (from || to) filter.date = { ...(from && { $gte: from }), ...(to && { $lte: to }) };
    const kind = q.filter.source_kind;
    if (kind !== undefined && kind !== '') {
      if (!LEDGER_SOURCE_KINDS.includes(kind as never)) throw rejected('errors.invalid_input', 'source_kind');
      filter.source_kind = kind as string;
    }
    for (const field of ['invoice_id', 'source_id'] as const) {
      const v = q.filter[field];
      if (v === undefined || v === '') continue;
      if (typeof v !== 'string' || v.length > 60) throw rejected('errors.invalid_input', field);
      filter[field] = v;
    }
    const account = q.filter.account;
    if (account !== undefined && account !== '') {
      if (typeof account !== 'string' || !(await chartOf(this.models, auth.tenantId)).has(account))
        throw rejected('errors.invalid_input', 'account');
      // the entries that move this account: found through its lines
      const lines = await this.models.find('ledger_lines', {
        filter: { tenantId: auth.tenantId, account, ...(filter.date ? { date: filter.date } : {}) },
        limit: 5000,
      });
      filter.id = { $in: [...new Set(lines.map((l) => l.entry_id as string))] };
    }
    const sort: Array<[string, 'asc' | 'desc']> = [q.sort[0], ['recorded_at', q.sort[0][1]]];
    const [docs, total] = await Promise.all([
      this.models.find('ledger_entries', { filter, sort, skip: q.skip, limit: q.limit }),
      this.models.count('ledger_entries', filter),
    ]);
    return page(res, 'journal-entries', q, docs.map(withoutTenant), total);
  }

  /** The accountant's general journals, newest first (posted and reversed). */
  @Get('general-journals')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async journals(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['number', 'date', 'total'],
      defaultSort: ['number', 'desc'],
    });
    const filter: Filter = { tenantId: auth.tenantId };
    const from = dateFilter(q.filter, 'from');
    const to = dateFilter(q.filter, 'to');
    if (from || to) filter.date = { ...(from && { $gte: from }), ...(to && { $lte: to }) };
    const status = q.filter.status;
    if (status !== undefined && status !== '') {
      if (status !== 'posted' && status !== 'reversed') throw rejected('errors.invalid_input', 'status');
      filter.status = status;
    }
    const [docs, total] = await Promise.all([
      this.models.find('general_journals', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('general_journals', filter),
    ]);
    return page(res, 'general-journals', q, docs.map(withoutTenant), total);
  }

  @Get('general-journals/:id')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async journalOne(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('general_journals', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('accounting.journal_not_found');
    return withoutTenant(doc);
  }

  @Get('journal-entries/:id')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async entry(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = id.length <= 120 ? await this.models.get('ledger_entries', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.record');
    return withoutTenant(doc);
  }

  /** An account's ledger over a period: its balance before, each line with the balance it leaves, and after. */
  @Get('general-ledger')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async ledger(@Auth() auth: AuthContext, @Query() query: Query) {
    const code = query.account;
    const account =
      typeof code === 'string' ? (await chartOf(this.models, auth.tenantId)).get(code) : undefined;
    if (!account || account.group)
      throw rejected(code ? 'errors.invalid_input' : 'validation.is_required', 'account');
    const period = await this.period(auth, query);
    const before = await this.movements(auth.tenantId, { to: addDays(period.from as never, -1) });
    const opening = balanceOf(account, before.get(account.code));
    const lines = await this.models.find('ledger_lines', {
      filter: {
        tenantId: auth.tenantId,
        account: account.code,
        date: { $gte: period.from, $lte: period.to },
      },
      sort: [
        ['date', 'asc'],
        ['recorded_at', 'asc'],
      ],
      limit: MAX_LINES + 1,
    });
    const within = await this.movements(auth.tenantId, period);
    let balance = opening;
    const rows = lines.slice(0, MAX_LINES).map((l) => {
      balance += balanceOf(account, { debit: l.debit as number, credit: l.credit as number });
      return {
        id: l.id,
        date: l.date,
        entry_id: l.entry_id,
        source_kind: l.source_kind,
        source_id: l.source_id,
        source_number: l.source_number,
        invoice_id: l.invoice_id,
        debit: l.debit,
        credit: l.credit,
        balance,
      };
    });
    const m = within.get(account.code) ?? { debit: 0, credit: 0 };
    return {
      account: {
        code: account.code,
        name_en: account.name_en,
        name_ar: account.name_ar,
        main_type: account.main_type,
      },
      from: period.from,
      to: period.to,
      opening,
      rows,
      truncated: lines.length > MAX_LINES,
      totals: { debit: m.debit, credit: m.credit, closing: opening + balanceOf(account, m) },
    };
  }

  @Get('trial-balance')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async trial(@Auth() auth: AuthContext, @Query() query: Query) {
    const { date, known } = await this.asOf(auth, query);
    return {
      as_of: date,
      known_at: known ?? null,
      ...trialBalance(
        await this.movements(auth.tenantId, { to: date }, known),
        await chartOf(this.models, auth.tenantId),
      ),
    };
  }

  @Get('profit-and-loss')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async profitAndLoss(@Auth() auth: AuthContext, @Query() query: Query) {
    const period = await this.period(auth, query);
    const chart = await chartOf(this.models, auth.tenantId);
    const current = profitAndLoss(await this.movements(auth.tenantId, period, period.known), chart);
    if (query.compare !== 'previous')
      return { from: period.from, to: period.to, known_at: period.known ?? null, ...current };
    const before = this.previous(period);
    const previous = profitAndLoss(await this.movements(auth.tenantId, before, period.known), chart);
    return {
      from: period.from,
      to: period.to,
      known_at: period.known ?? null,
      ...current,
      previous: { from: before.from, to: before.to, ...previous },
    };
  }

  @Get('balance-sheet')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async balanceSheet(@Auth() auth: AuthContext, @Query() query: Query) {
    const { date, known } = await this.asOf(auth, query);
    return {
      as_of: date,
      known_at: known ?? null,
      ...balanceSheet(
        await this.movements(auth.tenantId, { to: date }, known),
        await chartOf(this.models, auth.tenantId),
      ),
    };
  }

  /** The lock date and every change of it (who, when, why). */
  @Get('lock-date')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async lockDate(@Auth() auth: AuthContext) {
    const doc = await this.models.get('ledger_settings', auth.tenantId);
    const history = ((doc?.history as Array<Record<string, unknown>> | undefined) ?? []).slice().reverse();
    return { id: 'lock-date', lock_date: (doc?.lock_date as string | null | undefined) ?? null, history };
  }
}
