import { addDays, DEFAULT_METHOD_ACCOUNTS, isLocked } from '@rawnaq/contracts';
import type {
  BooksLockDateSet,
  BooksOpened,
  VatMove,
  PayrollChanged,
  PayrollPaid,
  PayrollRecorded,
  PurchasePaid,
  PurchaseRecorded,
  StockMoved,
  ExpensePaid,
  ExpenseRecorded,
  SupplierAdded,
  SupplierChanged,
  GeneralJournalPosted,
  GeneralJournalReversed,
  CreditNoteIssued,
  CustomerOfferExpired,
  CustomerOfferOpened,
  CustomerOfferSessionReturned,
  CustomerOfferSessionUsed,
  DebitNoteIssued,
  DebitNotePaymentReceived,
  DepositCancelled,
  DepositTaken,
  GatewayPaymentPaid,
  GiftCardExpired,
  GiftCardIssued,
  InvoiceCancelled,
  InvoiceIssued,
  InvoicePaymentReceived,
  LedgerLine,
  RecordedEvent,
  WalletToppedUp,
} from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { DocRef, Projection } from '../runner/projection';
import {
  creditNotePosting,
  debitNotePaymentPosting,
  debitNotePosting,
  depositCancelPosting,
  depositPosting,
  expensePaymentPosting,
  expensePosting,
  payrollChangePosting,
  payrollPaymentPosting,
  payrollPosting,
  purchasePaymentPosting,
  purchasePosting,
  stockMovementPosting,
  stockValue,
  supplierOpeningPosting,
  gatewayFeePosting,
  giftCardExpiryPosting,
  giftCardPosting,
  lines,
  offerExpiryPosting,
  invoiceCancelPosting,
  invoicePaymentPosting,
  invoicePosting,
  offerSessionPosting,
  walletTopUpPosting,
  type EntryDraft,
  type OfferTerms,
} from './postings';

export const LEDGER_EVENT_TYPES = [
  'InvoiceIssued',
  'InvoicePaymentReceived',
  'InvoiceCancelled',
  'CreditNoteIssued',
  'DebitNoteIssued',
  'DebitNotePaymentReceived',
  'DepositTaken',
  'DepositCancelled',
  'GiftCardIssued',
  'GiftCardExpired',
  'WalletToppedUp',
  'CustomerOfferOpened',
  'CustomerOfferSessionUsed',
  'CustomerOfferSessionReturned',
  'CustomerOfferExpired',
  'GeneralJournalPosted',
  'GeneralJournalReversed',
  'ExpenseRecorded',
  'ExpensePaid',
  'SupplierAdded',
  'SupplierChanged',
  'BooksLockDateSet',
  'BooksOpened',
  'PayrollRecorded',
  'PayrollChanged',
  'PayrollPaid',
  'PurchaseRecorded',
  'PurchasePaid',
  'StockMoved',
  'GatewayPaymentPaid',
] as const;

const entryId = (kind: string, sourceId: string) => `${kind}:${sourceId}`;
const offerId = (tenantId: string, customerOfferId: string) => `${tenantId}|${customerOfferId}`;
/** What a product's stock was worth after its last movement (the next movement posts the change). */
const stockId = (tenantId: string, productId: string) => `${tenantId}|${productId}`;
/** One account's movements of one business date: what the statements add up. */
export const ledgerDayId = (tenantId: string, account: string, date: string) =>
  `${tenantId}|${account}|${date}`;

type Data<T extends { data: unknown }> = T['data'];

/**
 * The books (issue 25): a projection of the business events, so they are rebuilt from the history and
 * never disagree with it. Each money event posts one balanced entry (./postings.ts): the entry itself
 * (`ledger_entries`, the journal and the drill-down to its source), its lines one by one
 * (`ledger_lines`: an account's ledger, and the books as known at an instant, by when each was
 * recorded), and each account's day totals (`ledger_days`: what the trial balance, the profit and loss
 * and the balance sheet add up, a few hundred rows a year per account whatever the number of sales).
 */
export const ledgerProjection: Projection = {
  name: 'ledger',
  // 2: the accountant's general journals; 3: expenses, bills paid, suppliers' opening balances;
  // 4: the payroll (recorded, changed, paid); 5: the VAT return's lines, closed periods (what is
  // dated there posts on the first open day); 6: the accounting wizard's opening balances and the
  // payment methods' accounts; 7: purchases, and every stock movement at its cost (cost of goods sold,
  // salon materials used, stock adjustments), the inventory always the stock on hand at average cost;
  // 8: offers' sessions earned as their value left is rounded (breakage, the expiries' own new events,
  // needs no rebuild); 9: the payment gateway's fee of each online payment
  version: 9,
  collections: [
    {
      name: 'ledger_entries',
      indexes: [{ fields: ['tenantId', 'date'] }, { fields: ['tenantId', 'invoice_id'] }],
    },
    {
      name: 'ledger_lines',
      indexes: [{ fields: ['tenantId', 'account', 'date'] }, { fields: ['tenantId', 'recorded_at'] }],
    },
    { name: 'ledger_days', indexes: [{ fields: ['tenantId', 'date'] }] },
    { name: 'ledger_offers' },
    { name: 'ledger_stock' },
    {
      name: 'vat_lines',
      indexes: [{ fields: ['tenantId', 'date'] }, { fields: ['tenantId', 'recorded_at'] }],
    },
    { name: 'ledger_settings' },
    {
      name: 'general_journals',
      indexes: [{ fields: ['tenantId', 'number'] }, { fields: ['tenantId', 'date'] }],
    },
  ],
  handles: LEDGER_EVENT_TYPES,
  reads: (e): DocRef[] => {
    const t = e.metadata.tenantId;
    // the salon's lock date: every posting looks whether its date is closed
    const settings: DocRef = { collection: 'ledger_settings', id: t };
    if (e.type === 'InvoiceCancelled')
      return [
        settings,
        {
          collection: 'ledger_entries',
          id: entryId('invoice', (e.data as { invoice_id: string }).invoice_id),
        },
      ];
    if (
      e.type === 'CustomerOfferSessionUsed' ||
      e.type === 'CustomerOfferSessionReturned' ||
      e.type === 'CustomerOfferExpired'
    )
      return [
        settings,
        {
          collection: 'ledger_offers',
          id: offerId(t, (e.data as { customer_offer_id: string }).customer_offer_id),
        },
      ];
    if (e.type === 'StockMoved')
      return [
        settings,
        { collection: 'ledger_stock', id: stockId(t, (e.data as { product_id: string }).product_id) },
      ];
    return [settings];
  },
  project: (e: RecordedEvent, lookup): Change[] => {
    const t = e.metadata.tenantId;
    const settings = lookup('ledger_settings', t);
    const lockDate = (settings?.lock_date as string | null | undefined) ?? null;
    const moneyAccounts = settings?.money_accounts as Record<string, string> | undefined;
    const entry = (draft: EntryDraft) =>
      entryChanges(t, openDay(toSalonAccounts(draft, moneyAccounts), lockDate), e);
    let draft: EntryDraft | null = null;
    switch (e.type) {
      case 'BooksOpened': {
        const d = e.data as Data<BooksOpened>;
        // the chart's default account of each method → the salon's own choice
        const money = Object.fromEntries(
          Object.entries(d.method_accounts).map(([m, account]) => [DEFAULT_METHOD_ACCOUNTS[m], account]),
        );
        return [
          {
            kind: 'upsert',
            collection: 'ledger_settings',
            doc: { ...(settings ?? { id: t, tenantId: t }), start_date: d.start_date, money_accounts: money },
          },
          ...(d.lines.length
            ? entryChanges(
                t,
                openDay(
                  {
                    source_kind: 'opening_balances',
                    source_id: t,
                    source_number: null,
                    invoice_id: null,
                    date: d.start_date,
                    lines: d.lines,
                  },
                  lockDate,
                ),
                e,
              )
            : []),
        ];
      }
      case 'BooksLockDateSet': {
        const d = e.data as Data<BooksLockDateSet>;
        const before = lookup('ledger_settings', t);
        const history = ((before?.history as unknown[]) ?? []).concat({
          lock_date: d.lock_date,
          previous: d.previous_lock_date,
          reason: d.reason,
          by: d.set_by,
          at: e.metadata.occurredAt,
        });
        return [
          {
            kind: 'upsert',
            collection: 'ledger_settings',
            doc: { ...(before ?? {}), id: t, tenantId: t, lock_date: d.lock_date, history },
          },
        ];
      }
      case 'InvoiceIssued':
        draft = invoicePosting(e.data as Data<InvoiceIssued>);
        break;
      case 'InvoicePaymentReceived':
        draft = invoicePaymentPosting(e.data as Data<InvoicePaymentReceived>);
        break;
      case 'InvoiceCancelled': {
        const d = e.data as Data<InvoiceCancelled>;
        const issued = lookup('ledger_entries', entryId('invoice', d.invoice_id));
        draft = invoiceCancelPosting(
          d,
          issued?.lines as LedgerLine[] | undefined,
          (issued?.vat as VatMove[] | undefined) ?? [],
        );
        break;
      }
      case 'CreditNoteIssued':
        draft = creditNotePosting(e.data as Data<CreditNoteIssued>);
        break;
      case 'DebitNoteIssued':
        draft = debitNotePosting(e.data as Data<DebitNoteIssued>);
        break;
      case 'DebitNotePaymentReceived':
        draft = debitNotePaymentPosting(e.data as Data<DebitNotePaymentReceived>);
        break;
      case 'DepositTaken':
        draft = depositPosting(e.data as Data<DepositTaken>);
        break;
      case 'DepositCancelled':
        draft = depositCancelPosting(e.data as Data<DepositCancelled>);
        break;
      case 'GiftCardIssued':
        draft = giftCardPosting(e.data as Data<GiftCardIssued>);
        break;
      case 'WalletToppedUp':
        draft = walletTopUpPosting(e.data as Data<WalletToppedUp>);
        break;
      case 'GiftCardExpired':
        draft = giftCardExpiryPosting(e.data as Data<GiftCardExpired>);
        break;
      case 'CustomerOfferExpired': {
        const d = e.data as Data<CustomerOfferExpired>;
        const id = offerId(t, d.customer_offer_id);
        const terms = lookup('ledger_offers', id);
        // a session given back after this goes to breakage too
        const expired: Change[] = terms
          ? [{ kind: 'upsert', collection: 'ledger_offers', doc: { ...terms, expired: true } }]
          : [];
        const posted = offerExpiryPosting(d);
        return posted.lines.length ? [...expired, ...entry(posted)] : expired;
      }
      case 'GeneralJournalPosted': {
        const d = e.data as Data<GeneralJournalPosted>;
        const journal = {
          kind: 'upsert' as const,
          collection: 'general_journals',
          doc: {
            id: d.journal_id,
            tenantId: t,
            number: d.number,
            date: d.date,
            memo: d.memo,
            lines: d.lines,
            total: d.total,
            status: 'posted',
            posted_by: d.posted_by,
            posted_at: e.metadata.occurredAt,
          },
        };
        return [
          journal,
          ...entry({
            source_kind: 'journal',
            source_id: d.journal_id,
            source_number: d.number,
            invoice_id: null,
            date: d.date,
            lines: d.lines.map(({ account, debit, credit }) => ({ account, debit, credit })),
          }),
        ];
      }
      case 'GeneralJournalReversed': {
        const d = e.data as Data<GeneralJournalReversed>;
        return [
          {
            kind: 'patch',
            collection: 'general_journals',
            id: d.journal_id,
            set: {
              status: 'reversed',
              reversal: { date: d.date, reason: d.reason, by: d.reversed_by, at: e.metadata.occurredAt },
            },
          },
          ...entry({
            source_kind: 'journal_reversed',
            source_id: d.journal_id,
            source_number: d.number,
            invoice_id: null,
            date: d.date,
            lines: d.lines.map(({ account, debit, credit }) => ({ account, debit, credit })),
          }),
        ];
      }
      case 'ExpenseRecorded':
        draft = expensePosting(e.data as Data<ExpenseRecorded>);
        break;
      case 'ExpensePaid':
        draft = expensePaymentPosting(e.data as Data<ExpensePaid>);
        break;
      case 'SupplierAdded': {
        const d = e.data as Data<SupplierAdded>;
        draft = supplierOpeningPosting(e.id, d.supplier_id, d.date, d.opening_balance);
        break;
      }
      case 'SupplierChanged': {
        const d = e.data as Data<SupplierChanged>;
        draft = supplierOpeningPosting(
          e.id,
          d.supplier_id,
          d.date,
          d.opening_balance - d.previous_opening_balance,
        );
        break;
      }
      case 'PayrollRecorded':
        draft = payrollPosting(e.data as Data<PayrollRecorded>);
        break;
      case 'PayrollChanged':
        draft = payrollChangePosting(e.id, e.data as Data<PayrollChanged>);
        break;
      case 'PayrollPaid':
        draft = payrollPaymentPosting(e.data as Data<PayrollPaid>);
        break;
      case 'PurchaseRecorded':
        draft = purchasePosting(e.data as Data<PurchaseRecorded>);
        break;
      case 'PurchasePaid':
        draft = purchasePaymentPosting(e.data as Data<PurchasePaid>);
        break;
      case 'GatewayPaymentPaid':
        draft = gatewayFeePosting(e.data as Data<GatewayPaymentPaid>);
        break;
      case 'StockMoved': {
        const d = e.data as Data<StockMoved>;
        const id = stockId(t, d.product_id);
        const before = (lookup('ledger_stock', id)?.value as number | undefined) ?? 0;
        const posted = stockMovementPosting(e.id, d, before, e.metadata.occurredAt.slice(0, 10));
        const value: Change = {
          kind: 'upsert',
          collection: 'ledger_stock',
          doc: { id, tenantId: t, product_id: d.product_id, quantity: d.balance, value: stockValue(d) },
        };
        return posted.lines.length ? [value, ...entry(posted)] : [value];
      }
      case 'CustomerOfferOpened': {
        const d = e.data as Data<CustomerOfferOpened>;
        return [
          {
            kind: 'upsert',
            collection: 'ledger_offers',
            doc: { id: offerId(t, d.customer_offer_id), tenantId: t, price: d.price, allowance: d.allowance },
          },
        ];
      }
      case 'CustomerOfferSessionUsed':
      case 'CustomerOfferSessionReturned': {
        const d = e.data as Data<CustomerOfferSessionUsed> | Data<CustomerOfferSessionReturned>;
        const terms = lookup('ledger_offers', offerId(t, d.customer_offer_id)) as OfferTerms | undefined;
        draft = offerSessionPosting({ id: e.id, type: e.type }, d, terms);
        break;
      }
    }
    if (!draft || !draft.lines.length) return [];
    return entry(draft);
  },
};

/** The accountant's own entries name their accounts; every other entry's money goes where the salon chose. */
const OWN_ACCOUNTS: ReadonlySet<string> = new Set(['journal', 'journal_reversed', 'opening_balances']);

/**
 * A payment method's money posted to the account the salon chose for it in the accounting wizard (the
 * chart's default account → the chosen one), lines to the same account merged.
 */
export const toSalonAccounts = (draft: EntryDraft, money: Record<string, string> | undefined): EntryDraft => {
  if (!money || !Object.keys(money).length || OWN_ACCOUNTS.has(draft.source_kind)) return draft;
  if (!draft.lines.some((l) => money[l.account])) return draft;
  return {
    ...draft,
    lines: lines(
      draft.lines.map((l): [string, number] => [money[l.account] ?? l.account, l.debit - l.credit]),
    ),
  };
};

/**
 * An entry dated in a closed period (on or before the lock date) posts on the first open day instead,
 * keeping the date it was dated on: a closed period's statements never change.
 */
export const openDay = (draft: EntryDraft, lockDate: string | null): EntryDraft =>
  isLocked(lockDate, draft.date)
    ? { ...draft, date: addDays(lockDate as never, 1), moved_from: draft.date }
    : draft;

const perAccount = (lines: readonly LedgerLine[]) => {
  const by = new Map<string, { debit: number; credit: number }>();
  for (const l of lines) {
    const m = by.get(l.account) ?? { debit: 0, credit: 0 };
    by.set(l.account, { debit: m.debit + l.debit, credit: m.credit + l.credit });
  }
  return by;
};

/** The entry, its lines, and its accounts' day totals. */
export const entryChanges = (tenantId: string, draft: EntryDraft, e: RecordedEvent): Change[] => {
  const id = entryId(draft.source_kind, draft.source_id);
  const total = draft.lines.reduce((s, l) => s + l.debit, 0);
  const common = {
    tenantId,
    date: draft.date,
    source_kind: draft.source_kind,
    source_id: draft.source_id,
    source_number: draft.source_number,
    invoice_id: draft.invoice_id,
    recorded_at: e.recordedAt ?? e.metadata.occurredAt,
  };
  return [
    {
      kind: 'upsert',
      collection: 'ledger_entries',
      doc: {
        id,
        ...common,
        lines: draft.lines,
        total,
        by: e.metadata.actor.id,
        ...(draft.vat?.length && { vat: draft.vat }),
        ...(draft.moved_from && { moved_from: draft.moved_from }),
      },
    },
    // the VAT return's lines: each box the entry moves, dated as the entry
    ...(draft.vat ?? []).map((m, i): Change => ({
      kind: 'upsert',
      collection: 'vat_lines',
      doc: { id: `${id}#v${i}`, ...common, entry_id: id, ...m },
    })),
    ...draft.lines.map((l, i): Change => ({
      kind: 'upsert',
      collection: 'ledger_lines',
      doc: {
        id: `${id}#${i}`,
        ...common,
        entry_id: id,
        account: l.account,
        debit: l.debit,
        credit: l.credit,
      },
    })),
    // one change per account and day (a journal may name an account twice; a second change of the
    // same document by the same event would be taken for a redelivery and skipped)
    ...[...perAccount(draft.lines)].map(([account, m]): Change => ({
      kind: 'patch',
      collection: 'ledger_days',
      id: ledgerDayId(tenantId, account, draft.date),
      set: { tenantId, account, date: draft.date },
      inc: { debit: m.debit, credit: m.credit },
    })),
  ];
};
