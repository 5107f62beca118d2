import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import {
  accountCode,
  countryOf,
  currencyOfCountry,
  isCountryId,
  Page,
  Permission,
  rejected,
  SA_VAT_RETURN,
  VAT_BOXES,
  type VatBox,
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
import { page, parseListQuery, withoutTenant } from '../shared/list-query';
import { statementPeriod } from './period';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };
type Query = Record<string, unknown>;

type Box = { amount: number; adjustment: number; vat: number };
const ZERO: Box = { amount: 0, adjustment: 0, vat: 0 };
const add = (a: Box, b: Box): Box => ({
  amount: a.amount + b.amount,
  adjustment: a.adjustment + b.adjustment,
  vat: a.vat + b.vat,
});

/** The VAT accounts of the books: output VAT (sales, debit notes, less credit notes) and input VAT. */
const OUTPUT_VAT = ['vat_sales', 'vat_debit_notes', 'vat_credit_note'].map((k) => accountCode(k as never));
const INPUT_VAT = accountCode('purchases_paid_vat');

/**
 * The VAT return (issue 25) of a period, from the same posted entries as the books: each entry with
 * VAT-able amounts says which boxes it fills (sales and purchases, standard-rated, zero-rated, exempt),
 * notes and cancellings as adjustments. For a Saudi salon the boxes of the authority's return, numbered;
 * elsewhere the same figures without the numbers. Beside them, the VAT accounts of the books over the
 * same period: the return ties to them. As known at an instant, for the auditor, like the statements.
 */
@Controller('api/merchant/advanced-accounting')
@Realm('merchant')
export class VatReturnQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('vat-return')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async vatReturn(@Auth() auth: AuthContext, @Query() query: Query) {
    const { doc } = await accountOf(this.models, auth.tenantId);
    const period = await statementPeriod(this.models, auth.tenantId, query);
    const known = period.known ? { recorded_at: { $lte: period.known } } : {};
    const date = { $gte: period.from, $lte: period.to };
    const [rows, vatAccounts] = await Promise.all([
      this.models.aggregate('vat_lines', {
        filter: { tenantId: auth.tenantId, date, ...known },
        groupBy: ['box'],
        sum: ['amount', 'adjustment', 'vat'],
      }),
      this.models.aggregate('ledger_lines', {
        filter: {
          tenantId: auth.tenantId,
          date,
          account: { $in: [...OUTPUT_VAT, INPUT_VAT] },
          ...known,
        },
        groupBy: ['account'],
        sum: ['debit', 'credit'],
      }),
    ]);
    const boxes = Object.fromEntries(VAT_BOXES.map((b) => [b, { ...ZERO }])) as Record<VatBox, Box>;
    for (const r of rows) {
      const b = boxes[r.key.box as VatBox];
      if (!b) continue;
      b.amount = Math.round(r.sums.amount ?? 0);
      b.adjustment = Math.round(r.sums.adjustment ?? 0);
      b.vat = Math.round(r.sums.vat ?? 0);
    }
    const sales = [boxes.sales_standard, boxes.sales_zero, boxes.sales_exempt].reduce(add, ZERO);
    const purchases = [boxes.purchases_standard, boxes.purchases_zero, boxes.purchases_exempt].reduce(
      add,
      ZERO,
    );
    const vatDue = sales.vat - purchases.vat;
    const moved = (codes: string[], side: 'credit' | 'debit') =>
      vatAccounts
        .filter((r) => codes.includes(String(r.key.account)))
        .reduce(
          (s, r) =>
            s +
            Math.round(
              side === 'credit'
                ? (r.sums.credit ?? 0) - (r.sums.debit ?? 0)
                : (r.sums.debit ?? 0) - (r.sums.credit ?? 0),
            ),
          0,
        );
    const books = { output_vat: moved(OUTPUT_VAT, 'credit'), input_vat: moved([INPUT_VAT], 'debit') };
    const countryId = doc.country_id as number;
    const figures: Record<string, Box | null> = {
      ...boxes,
      sales_total: sales,
      purchases_total: purchases,
      // what the product never records is a real zero, shown on the authority's form as such
      sales_citizens: { ...ZERO },
      exports: { ...ZERO },
      imports_customs: { ...ZERO },
      imports_reverse_charge: { ...ZERO },
      vat_due: { ...ZERO, vat: vatDue },
      // entered by the taxpayer on the authority's portal
      corrections: null,
      carried_forward: null,
      net_vat_due: { ...ZERO, vat: vatDue },
    };
    const saudi = isCountryId(countryId) && countryOf(countryId).isoCode === 'SA';
    const layout = saudi
      ? SA_VAT_RETURN
      : [
          ...VAT_BOXES.slice(0, 3).map((key) => ({ number: null, key })),
          { number: null, key: 'sales_total' as const },
          ...VAT_BOXES.slice(3).map((key) => ({ number: null, key })),
          { number: null, key: 'purchases_total' as const },
          { number: null, key: 'net_vat_due' as const },
        ];
    return {
      id: `${period.from}_${period.to}`,
      from: period.from,
      to: period.to,
      known_at: period.known ?? null,
      country_id: countryId,
      currency: isCountryId(countryId) ? currencyOfCountry(countryId) : null,
      form: saudi ? 'zatca' : 'generic',
      boxes: layout.map(({ number, key }) => ({
        number,
        key,
        // the boxes the documents fill open the documents behind them
        source: (VAT_BOXES as readonly string[]).includes(key),
        ...(figures[key] ?? { amount: null, adjustment: null, vat: null }),
      })),
      sales,
      purchases,
      vat_due: vatDue,
      books: { ...books, ties: books.output_vat === sales.vat && books.input_vat === purchases.vat },
    };
  }

  /** The entries behind one box of the return over a period: each document and what it put in the box. */
  @Get('vat-return/lines')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async lines(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['date', 'amount', 'vat', 'recorded_at'],
      defaultSort: ['date', 'asc'],
    });
    const box = q.filter.box;
    if (typeof box !== 'string' || !(VAT_BOXES as readonly string[]).includes(box))
      throw rejected('errors.invalid_input', 'box');
    const period = await statementPeriod(this.models, auth.tenantId, q.filter);
    const filter: Filter = {
      tenantId: auth.tenantId,
      box,
      date: { $gte: period.from, $lte: period.to },
      ...(period.known && { recorded_at: { $lte: period.known } }),
    };
    const sort: Array<[string, 'asc' | 'desc']> = [q.sort[0], ['recorded_at', q.sort[0][1]]];
    const [docs, total] = await Promise.all([
      this.models.find('vat_lines', { filter, sort, skip: q.skip, limit: q.limit }),
      this.models.count('vat_lines', filter),
    ]);
    return page(res, 'vat-return/lines', q, docs.map(withoutTenant), total);
  }
}
