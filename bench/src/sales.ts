import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { addDays, newId, priceBasket, VatType } from '@rawnaq/contracts';
import type { PositionedChange } from '@rawnaq/platform';
import { appendRaw, appendWorkload } from './append';
import { startBenchApp } from './bench-app';
import { percentile, postPaced, turnOf, warmupOf, type LatencyFigures } from './latency';

/** How long each turn of keyed and of plain sales lasts in the keyed run (`turnOf`). */
const KEYED_TURN_MS = 1000;

export type SalesFigures = {
  /** POST invoices (3 lines, 2 payments) until the invoices, payments, summaries, audit log and books show it */
  issue: LatencyFigures & {
    refused: number;
    mainThreadBusy: number;
    stretchesP99Ms: number[];
    /** the request thread's busy ms per invoice in each 10-s stretch: how much it moves within the run */
    stretchesBusyMsPerRequest?: number[];
    /** the answer alone, before the read models show it (where the rest of the time goes) */
    answeredMs: { p50Ms: number; p99Ms: number };
    /** the request thread's GC pauses over the timed stretch (the p99's stretches follow its full ones) */
    gc: { pauseMs: number; longestMs: number; fullCollections: number };
  };
  /**
   * the same sales sent as the back office sends every command, each with an Idempotency-Key (a
   * time-ordered UUID, as the back office makes them; its first reply is stored with the sale, in the
   * same append: one event more; a new key is told by the store's filter of replies, not read): what
   * the till costs as it is used. Measured after the main run, a second of keyed sales in turn with a
   * second of plain ones (`turnOf`), the request thread's time counted turn by turn: the two figures
   * are paired, the host's speed and the store's growth the same for both
   */
  keyed?: {
    /** of both kinds */
    refused: number;
    /** the keyed turns measured (as many plain ones beside them) */
    turns: number;
    p50Ms: number;
    p99Ms: number;
    requestThreadMsPerInvoice: number;
    requestThreadCpuMsPerInvoice?: number;
    /** the plain sales of the same run, in the turns between */
    plain: {
      p50Ms: number;
      p99Ms: number;
      requestThreadMsPerInvoice: number;
      requestThreadCpuMsPerInvoice?: number;
    };
  };
  /** the request thread's busy time per invoice (its busy share ÷ the rate): the books post off it */
  requestThreadMsPerInvoice: number;
  /**
   * the baseline, measured in the same run: a bare Node HTTP server's thread per request, answering the
   * same POST at the same rate from the same client (`bareServer`), and the till's figure over it
   */
  bareServer?: { requestThreadMsPerRequest: number; requestThreadCpuMsPerRequest?: number };
  ratioToBareServer?: number;
  /**
   * how fast the host was around the till's run: the append section's floor (raw better-sqlite3, an
   * fsync per command, `HOST_SPEED_COMMANDS` commands) measured just before the bare server's baseline
   * and again after the keyed sales. The issue names its slow host by this figure (4.7k events/s), and
   * the same code's figures moved with it (three till runs of 20 s one after another: p99 35.7 ms
   * after 8.2k, 19.2 and 19.4 ms after 10.3k and 10.8k)
   */
  hostRawAppendPerSecond?: { before: number; after: number };
  /**
   * the request thread's CPU time per invoice (Linux: its task's CPU time over the timed stretch ÷
   * the invoices): what the busy share counts less what other processes took of the cores meanwhile
   */
  requestThreadCpuMsPerInvoice?: number;
  /**
   * the whole process over the timed stretch (Linux): the cores its threads kept busy (CPU seconds a
   * second: the request thread, the projections', the checkpoints', the fsyncs', the signatures'), and
   * the KB it wrote to disk per invoice (the event log, the read models, their checkpoints)
   */
  processCores?: number;
  diskKbPerInvoice?: number;
  invoicesInStore: number;
  /** GET reports/daily-general-summary over a month and over 400 days, monthly over a year */
  daily31: { p50Ms: number; p99Ms: number };
  daily400: { p50Ms: number; p99Ms: number };
  monthly12: { p50Ms: number; p99Ms: number };
  /** the baseline: the same month added up from the invoices themselves (what the summaries avoid) */
  scan31: { p50Ms: number; p99Ms: number };
  ratioScanToDaily31: number;
};

/** The commands of each host-speed measurement (`hostRawAppendPerSecond`): about half a second. */
const HOST_SPEED_COMMANDS = 3000;

/** The host's raw SQLite append (events/s) at this moment, in a folder of its own under `parent`. */
const hostSpeed = async (parent: string) =>
  Math.round(
    (await appendRaw(mkdtempSync(join(parent, 'host-speed-')), appendWorkload(HOST_SPEED_COMMANDS)))
      .eventsPerSecond,
  );

/** The request thread's busy time and CPU time per invoice of a paced run. */
const perInvoice = (run: {
  mainThreadBusy: number;
  mainThreadCpuMs?: number;
  commandsPerSecond: number;
  commands: number;
}) => ({
  requestThreadMsPerInvoice: +((run.mainThreadBusy * 1000) / run.commandsPerSecond).toFixed(2),
  ...(run.mainThreadCpuMs !== undefined && {
    requestThreadCpuMsPerInvoice: +(run.mainThreadCpuMs / run.commands).toFixed(2),
  }),
});

/**
 * The baseline of the request thread's figure: a bare Node HTTP server in this process, its thread
 * reading the same POST's body and parsing it, answering a line of JSON, for the same load client at
 * the same rate. What a request costs a thread on this host before any code of the product's: the
 * host's speed moved the till's figure from 1.3 to 2.1 ms within an hour for the same code, and the
 * ratio of the two, taken in the same run, says more of a change than either alone.
 */
const bareServer = async (rate: number, seconds: number, body: string) => {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString());
      res.writeHead(201, { 'Content-Type': 'application/json', 'X-Position': '1' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    // nothing to wait for: the answer is the whole of it
    const answered = { progress: new EventEmitter(), waitFor: async () => true };
    const run = await postPaced(
      answered,
      [],
      rate,
      Array.from({ length: rate * seconds + warmupOf(rate) }, () => ({
        url,
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      })),
    );
    const figures = perInvoice(run);
    return {
      requestThreadMsPerRequest: figures.requestThreadMsPerInvoice,
      ...(figures.requestThreadCpuMsPerInvoice !== undefined && {
        requestThreadCpuMsPerRequest: figures.requestThreadCpuMsPerInvoice,
      }),
    };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
};

const timed = async (runs: number, f: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await f();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: +percentile(times, 50).toFixed(2), p99Ms: +percentile(times, 99).toFixed(2) };
};

/**
 * The till's figures: the issue-invoice command at a steady rate through HTTP until every read model
 * the reports use shows it; then, with `invoices` invoices in the read store (a salon's three years at
 * a thousand a day, written straight into the read models as the projection would keep them), the
 * daily and monthly summaries through HTTP, and beside them the same month summed from the invoices.
 */
export const salesBench = async (
  parent: string,
  rate: number,
  seconds: number,
  invoices: number,
  runs: number,
  /** how long the keyed sales are sent, in one-second turns with as many plain ones (0: not at all) */
  keyedSeconds = 10,
  /** how long the bare server's baseline runs (0: not at all) */
  bareSeconds = 10,
): Promise<SalesFigures> => {
  const bench = await startBenchApp(parent, 'sales');
  const { app, base, headers, get } = bench;
  try {
    const services =
      await get<Array<{ id: string; name_en: string; price_minor: number }>>('services?range=[0,99]');
    const sold = ['Haircut', 'Blow dry', 'Manicure'].map((n) => services.find((s) => s.name_en === n)!);
    const { total } = priceBasket(
      sold.map((s) => ({ unitPrice: s.price_minor, quantity: 1, vatType: VatType.standard })),
      { vatEnabled: true, vatRateBp: 1500 },
    );
    const cash = Math.floor(total / 200) * 100;
    const text = (minor: number) => (minor / 100).toFixed(2);
    const body = JSON.stringify({
      lines: sold.map((s) => ({ kind: 'service', item_id: s.id })),
      payments: [
        { method: 1, amount: text(cash) },
        { method: 2, amount: text(total - cash), authorization_code: 'BENCH1' },
      ],
    });
    const hostBefore = await hostSpeed(parent);
    const bare = bareSeconds > 0 ? await bareServer(rate, bareSeconds, body) : undefined;
    const issue = await postPaced(
      app.runner,
      // visible in the reports, the audit log and the books (ledger and statements)
      ['sales', 'sales-reports', 'audit-log', 'ledger'],
      rate,
      Array.from({ length: rate * seconds + warmupOf(rate) }, () => ({
        url: `${base}/invoices`,
        method: 'POST',
        headers,
        body,
      })),
    );

    const turns =
      keyedSeconds > 0
        ? await postPaced(
            app.runner,
            ['sales', 'sales-reports', 'audit-log', 'ledger'],
            rate,
            Array.from({ length: rate * keyedSeconds * 2 + warmupOf(rate) }, (_, i) => ({
              url: `${base}/invoices`,
              method: 'POST',
              headers,
              body,
              ...(turnOf(i, rate, KEYED_TURN_MS) === 1 && { freshKey: true as const }),
            })),
            201,
            KEYED_TURN_MS,
          )
        : undefined;
    const hostAfter = await hostSpeed(parent);
    const keyed = turns?.turns && {
      refused: turns.refused,
      turns: turns.turns[1].turns,
      p50Ms: turns.turns[1].p50Ms,
      p99Ms: turns.turns[1].p99Ms,
      requestThreadMsPerInvoice: turns.turns[1].busyMsPerRequest,
      ...(turns.turns[1].cpuMsPerRequest !== undefined && {
        requestThreadCpuMsPerInvoice: turns.turns[1].cpuMsPerRequest,
      }),
      plain: {
        p50Ms: turns.turns[0].p50Ms,
        p99Ms: turns.turns[0].p99Ms,
        requestThreadMsPerInvoice: turns.turns[0].busyMsPerRequest,
        ...(turns.turns[0].cpuMsPerRequest !== undefined && {
          requestThreadCpuMsPerInvoice: turns.turns[0].cpuMsPerRequest,
        }),
      },
    };

    // a thousand invoices a day for as many days as it takes, with each day's and month's totals
    const store = bench.platform.readStore;
    const physical = (collection: string) => app.readModels.physical(collection);
    const [invoicesTable, daysTable, monthsTable] = await Promise.all(
      ['invoices', 'sales_days', 'sales_months'].map(physical),
    );
    const tenantId = '1';
    const perDay = 1000;
    const days = Math.ceil(invoices / perDay);
    const first = addDays('2026-11-24', -days);
    const months = new Map<string, { invoices: number; net: number; vat: number; total: number }>();
    let written = 0;
    for (let d = 0; d < days; d++) {
      const date = addDays(first, d);
      const changes: PositionedChange[] = [];
      const day = { invoices: 0, net: 0, vat: 0, total: 0 };
      for (let k = 0; k < perDay && written < invoices; k++, written++) {
        const net = 10_000 + ((written * 7919) % 40_000);
        const vat = Math.round(net * 0.15);
        day.invoices++;
        day.net += net;
        day.vat += vat;
        day.total += net + vat;
        changes.push({
          kind: 'upsert',
          collection: invoicesTable,
          position: '0',
          doc: {
            id: newId(),
            tenantId,
            number: 1_000_000 + written,
            business_date: date,
            issued_at: `${date}T12:00:00.000Z`,
            net,
            vat,
            total: net + vat,
            paid: net + vat,
            owed: 0,
            state: 'paid',
            lines: [{ name_en: 'Haircut', quantity: 1, net, vat, total: net + vat }],
            payments: [{ method: 1, amount: net + vat }],
          },
        });
      }
      const month = months.get(date.slice(0, 7)) ?? { invoices: 0, net: 0, vat: 0, total: 0 };
      for (const k of ['invoices', 'net', 'vat', 'total'] as const) month[k] += day[k];
      months.set(date.slice(0, 7), month);
      changes.push({
        kind: 'upsert',
        collection: daysTable,
        position: '0',
        doc: {
          id: `${tenantId}|bench-${date}`,
          tenantId,
          date,
          ...day,
          gross: day.net,
          discount: 0,
          paid: day.total,
          owed: 0,
          by_method: { '1': day.total },
        },
      });
      await store.applyChanges(changes);
    }
    await store.applyChanges(
      [...months].map(([month, m]) => ({
        kind: 'upsert' as const,
        collection: monthsTable,
        position: '0',
        doc: {
          id: `${tenantId}|bench-${month}`,
          tenantId,
          month,
          ...m,
          gross: m.net,
          discount: 0,
          paid: m.total,
          owed: 0,
          by_method: { '1': m.total },
        },
      })),
    );

    const last = addDays(first, days - 1);
    const read = (path: string) => async () => {
      const res = await fetch(`${base}/${path}`, { headers });
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      await res.json();
    };
    const daily31 = await timed(
      runs,
      read(`reports/daily-general-summary?from=${addDays(last, -30)}&to=${last}`),
    );
    const daily400 = await timed(
      runs,
      read(`reports/daily-general-summary?from=${addDays(last, -399)}&to=${last}`),
    );
    const monthly12 = await timed(
      runs,
      read(`reports/monthly-general-summary?from=${addDays(last, -330).slice(0, 7)}&to=${last.slice(0, 7)}`),
    );
    const scan31 = await timed(Math.max(10, Math.floor(runs / 10)), () =>
      app.readModels.aggregate('invoices', {
        groupBy: ['business_date'],
        sum: ['net', 'vat', 'total'],
        filter: { tenantId, business_date: { $gte: addDays(last, -30), $lte: last } },
      }),
    );
    const till = perInvoice(issue);
    return {
      issue,
      ...(keyed && { keyed }),
      ...till,
      ...(bare && {
        bareServer: bare,
        ratioToBareServer: +(till.requestThreadMsPerInvoice / bare.requestThreadMsPerRequest).toFixed(2),
      }),
      hostRawAppendPerSecond: { before: hostBefore, after: hostAfter },
      ...(issue.processCores !== undefined && { processCores: issue.processCores }),
      ...(issue.writtenBytes !== undefined && {
        diskKbPerInvoice: Math.round(issue.writtenBytes / 1000 / issue.commands),
      }),
      invoicesInStore: written,
      daily31,
      daily400,
      monthly12,
      scan31,
      ratioScanToDaily31: +(scan31.p50Ms / daily31.p50Ms).toFixed(1),
    };
  } finally {
    await bench.close();
  }
};
