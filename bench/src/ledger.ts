import Database from 'better-sqlite3';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { addDays } from '@rawnaq/contracts';
import { EVENTS_SCHEMA, SqliteReadStore, type Filter } from '@rawnaq/platform';
import { ledgerProjection, physicalCollection } from '@rawnaq/projections';
import { catchUp } from './catch-up';

export type LedgerFigures = {
  invoices: number;
  postings: number;
  days: number;
  rebuild: { events: number; seconds: number; eventsPerSecond: number };
  /** the books rebuilt from a log of a till's day as it comes: invoices, their products off the shelf, payments later */
  rebuildMixed: { events: number; postings: number; seconds: number; eventsPerSecond: number };
  statements: Record<
    'trialBalanceYear' | 'profitAndLossMonth' | 'profitAndLossYear' | 'balanceSheetYear',
    { p50Ms: number; p99Ms: number; scanP50Ms: number; scanP99Ms: number; ratioP99ToScan: number }
  >;
};

const TENANT = '0193a000-0000-7000-8000-00000000bench';
const FIRST_DAY = '2025-11-01';

/**
 * One salon's invoices written straight into an event store file: each a service and a product, paid
 * part in cash and part by card with the rest owed, VAT 15 %: six postings per invoice, spread over
 * `days` business days.
 */
const seedInvoices = (file: string, invoices: number, days: number) => {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.exec(EVENTS_SCHEMA);
  const insert = db.prepare(
    'INSERT INTO events (stream, revision, id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const now = Date.now();
  let n = 0;
  const chunk = db.transaction(() => {
    for (let i = 0; i < 10_000 && n < invoices; i++, n++) {
      const id = `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
      const date = addDays(FIRST_DAY as never, Math.floor((n * days) / invoices));
      const service = 10_000 + (n % 50) * 100;
      const product = 2_000 + (n % 7) * 100;
      const vat = Math.round((service + product) * 0.15);
      const total = service + product + vat;
      const cash = Math.floor(total / 2);
      const card = Math.floor(total / 3);
      const data = {
        invoice_id: id,
        number: n + 1,
        business_date: date,
        lines: [
          { line_id: 'a', kind: 'service', net: service, discount: 0, vat: Math.round(service * 0.15) },
          { line_id: 'b', kind: 'product', net: product, discount: 0, vat: vat - Math.round(service * 0.15) },
        ],
        // one standard-rated subtotal: each invoice also fills the VAT return's box
        subtotals: [{ category: 'S', rateBp: 1500, taxable: service + product, vat }],
        net: service + product,
        vat,
        total,
        payments: [
          { payment_id: `${id}-1`, method: 1, amount: cash },
          { payment_id: `${id}-2`, method: 2, amount: card },
        ],
        owed: total - cash - card,
      };
      const metadata = {
        tenantId: TENANT,
        actor: { kind: 'user', id: 'bench' },
        correlationId: id,
        causationId: id,
        occurredAt: new Date(now).toISOString(),
        schemaVersion: 1,
      };
      insert.run(
        `invoice-${TENANT}.${id}`,
        0,
        id,
        'InvoiceIssued',
        JSON.stringify(data),
        JSON.stringify(metadata),
        now,
      );
    }
  });
  while (n < invoices) chunk();
  db.close();
};

/**
 * A till's log as it comes, `events` of them: each sale an invoice (a service and a product, part owed),
 * its product off the shelf at its average cost (a stock movement: cost of goods sold), and what it left
 * owed paid a few days later (a receivable settled): three events, ten postings.
 */
const seedMixed = (file: string, events: number, days: number) => {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.exec(EVENTS_SCHEMA);
  const insert = db.prepare(
    'INSERT INTO events (stream, revision, id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const now = Date.now();
  const sales = Math.ceil(events / 3);
  let written = 0;
  let n = 0;
  const write = (stream: string, revision: number, id: string, type: string, data: object) => {
    if (written >= events) return;
    const metadata = {
      tenantId: TENANT,
      actor: { kind: 'user', id: 'bench' },
      correlationId: id,
      causationId: id,
      occurredAt: new Date(now).toISOString(),
      schemaVersion: 1,
    };
    insert.run(stream, revision, id, type, JSON.stringify(data), JSON.stringify(metadata), now);
    written++;
  };
  const chunk = db.transaction(() => {
    for (let i = 0; i < 5_000 && written < events; i++, n++) {
      const id = `00000000-0000-7000-9000-${String(n).padStart(12, '0')}`;
      const date = addDays(FIRST_DAY as never, Math.floor((n * days) / sales));
      const service = 10_000 + (n % 50) * 100;
      const product = 2_000 + (n % 7) * 100;
      const vat = Math.round((service + product) * 0.15);
      const total = service + product + vat;
      const cash = Math.floor(total / 2);
      const owed = total - cash;
      const stream = `invoice-${TENANT}.${id}`;
      write(stream, 0, id, 'InvoiceIssued', {
        invoice_id: id,
        number: n + 1,
        business_date: date,
        lines: [
          { line_id: 'a', kind: 'service', net: service, discount: 0, vat: Math.round(service * 0.15) },
          { line_id: 'b', kind: 'product', net: product, discount: 0, vat: vat - Math.round(service * 0.15) },
        ],
        subtotals: [{ category: 'S', rateBp: 1500, taxable: service + product, vat }],
        net: service + product,
        vat,
        total,
        payments: [{ payment_id: `${id}-1`, method: 1, amount: cash }],
        owed,
      });
      // one of seven products, at 60 % of its price, a shelf that never runs out
      const shelf = n % 7;
      write(`product-${TENANT}.p${shelf}`, Math.floor(n / 7), `${id}-s`, 'StockMoved', {
        product_id: `p${shelf}`,
        operation: 5,
        quantity: -1,
        balance: 1_000_000 - Math.floor(n / 7) - 1,
        average_cost: Math.round(product * 0.6),
        invoice_id: id,
        date,
      });
      write(stream, 1, `${id}-p`, 'InvoicePaymentReceived', {
        invoice_id: id,
        payment: { payment_id: `${id}-2`, method: 4, amount: owed },
        business_date: addDays(date as never, 3),
        cashier_id: 'bench',
        paid: total,
        owed: 0,
      });
    }
  });
  while (written < events) chunk();
  db.close();
  return written;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The books over a million postings: rebuilt from the event log (events/s), then the statements of one
 * salon timed as the query API adds them up (each account's day totals) beside a straightforward scan
 * of the postings themselves, for a month and for a year.
 */
export const ledgerBench = async (
  dir: string,
  invoices: number,
  runs: number,
  log: (s: string) => void,
  mixedCount = 1_000_000,
): Promise<LedgerFigures> => {
  const days = 400;
  // the books from a million events of a till's days (a separate log and read store)
  const mixedDir = join(dir, 'mixed');
  mkdirSync(mixedDir, { recursive: true });
  const mixedFile = join(mixedDir, 'ledger-mixed.db');
  const mixedEvents = seedMixed(mixedFile, mixedCount, days);
  const mixed = await catchUp(mixedDir, mixedFile, ledgerProjection);
  const mixedStore = new SqliteReadStore({ file: join(mixedDir, `read-${ledgerProjection.name}.db`) });
  const mixedGeneration = (await mixedStore.projections()).find(
    (r) => r.name === ledgerProjection.name && r.status === 'live',
  )!.generation;
  const mixedPostings = await mixedStore.count(physicalCollection('ledger_lines', mixedGeneration), {
    tenantId: TENANT,
  });
  await mixedStore.close();
  rmSync(mixedDir, { recursive: true, force: true });
  log(
    `  rebuilt the books from ${mixedEvents.toLocaleString('en-US')} events of a till's days (invoices, products sold, receivables settled; ${mixedPostings.toLocaleString('en-US')} postings) in ${mixed.seconds.toFixed(1)} s: ${Math.round(mixed.events / mixed.seconds).toLocaleString('en-US')} events/s`,
  );
  const eventsFile = join(dir, 'ledger-events.db');
  seedInvoices(eventsFile, invoices, days);
  const rebuilt = await catchUp(dir, eventsFile, ledgerProjection);
  log(
    `  rebuilt the books from ${rebuilt.events.toLocaleString('en-US')} events in ${rebuilt.seconds.toFixed(1)} s`,
  );
  const store = new SqliteReadStore({ file: join(dir, `read-${ledgerProjection.name}.db`) });
  const records = await store.projections();
  const generation = records.find((r) => r.name === ledgerProjection.name && r.status === 'live')!.generation;
  const days_ = physicalCollection('ledger_days', generation);
  const lines_ = physicalCollection('ledger_lines', generation);
  const postings = await store.count(lines_, { tenantId: TENANT });
  const last = addDays(FIRST_DAY as never, days - 1);
  const monthFrom = addDays(last as never, -30);
  const yearFrom = addDays(last as never, -364);
  const time = async (collection: string, filter: Filter, times: number) => {
    const ms: number[] = [];
    for (let i = 0; i < times; i++) {
      const t0 = process.hrtime.bigint();
      await store.aggregate(collection, { filter, groupBy: ['account'], sum: ['debit', 'credit'] });
      ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    return ms.sort((a, b) => a - b);
  };
  const measure = async (filter: Filter) => {
    const fast = await time(days_, filter, runs);
    // the scan reads every posting (about 1.5 s a time over a million): a tenth of the runs (at least 10) is enough for a baseline
    const scan = await time(lines_, filter, Math.max(10, Math.ceil(runs / 10)));
    const p99 = percentile(fast, 99);
    const scanP99 = percentile(scan, 99);
    return {
      p50Ms: round(percentile(fast, 50)),
      p99Ms: round(p99),
      scanP50Ms: round(percentile(scan, 50)),
      scanP99Ms: round(scanP99),
      ratioP99ToScan: round(scanP99 / p99),
    };
  };
  const statements = {
    trialBalanceYear: await measure({ tenantId: TENANT, date: { $lte: last } }),
    profitAndLossMonth: await measure({ tenantId: TENANT, date: { $gte: monthFrom, $lte: last } }),
    profitAndLossYear: await measure({ tenantId: TENANT, date: { $gte: yearFrom, $lte: last } }),
    balanceSheetYear: await measure({ tenantId: TENANT, date: { $lte: last } }),
  };
  await store.close();
  return {
    invoices,
    postings,
    days,
    rebuild: {
      events: rebuilt.events,
      seconds: round(rebuilt.seconds),
      eventsPerSecond: Math.round(rebuilt.eventsPerSecond),
    },
    rebuildMixed: {
      events: mixed.events,
      postings: mixedPostings,
      seconds: round(mixed.seconds),
      eventsPerSecond: Math.round(mixed.eventsPerSecond),
    },
    statements,
  };
};
