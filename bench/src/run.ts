/**
 * npm run bench: the platform's figures against named baselines, measured in one run on this machine.
 * Prints a table and writes bench/results.json. Targets: append >= 0.8x raw better-sqlite3 and >= 4x
 * Emmett; catch-up >= 50,000 events/s over 1,000,000 events; p99 < 20 ms at 500 commands/s.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditLogProjection, customersProjection } from '@rawnaq/projections';
import { appendEmmett, appendOurs, appendRaw, appendWorkload, type AppendFigures } from './append';
import { catchUp, seedEvents } from './catch-up';
import { latency } from './latency';

const arg = (name: string, fallback: number) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const log = (s: string) => process.stdout.write(`${s}\n`);

const main = async () => {
  const appendCommands = arg('append-commands', 10_000);
  const catchUpEvents = arg('catchup-events', 1_000_000);
  const rate = arg('rate', 500);
  const latencySeconds = arg('latency-seconds', 10);
  const rounds = arg('rounds', 2);
  const dir = mkdtempSync(join(tmpdir(), 'rawnaq-bench-'));
  try {
    log(`Rawnaq benchmark — node ${process.version}, ${cpus().length} cores, ${cpus()[0]?.model ?? ''}`);
    log(
      `append: ${fmt(appendCommands)} commands of 1-3 events over 1,000 streams, synchronous FULL, best of ${rounds} rounds`,
    );
    const workload = appendWorkload(appendCommands);
    const best: Record<string, AppendFigures> = {};
    for (let round = 0; round < rounds; round++) {
      // interleaved so that a slow moment of the disk hits every contender alike
      for (const [name, run] of [
        ['ours', appendOurs],
        ['raw', appendRaw],
        ['emmett', appendEmmett],
      ] as const) {
        const roundDir = mkdtempSync(join(dir, `${name}-`));
        const f = await run(roundDir, workload);
        log(`  round ${round + 1} ${name.padEnd(7)} ${fmt(f.eventsPerSecond).padStart(9)} events/s`);
        if (!best[name] || f.eventsPerSecond > best[name].eventsPerSecond) best[name] = f;
      }
    }

    log(`catch-up: seeding ${fmt(catchUpEvents)} events...`);
    const eventsFile = join(dir, 'catchup-events.db');
    seedEvents(eventsFile, catchUpEvents, 100_000);
    const customers = await catchUp(dir, eventsFile, customersProjection);
    log(
      `  customers projection: ${fmt(customers.eventsPerSecond)} events/s (${fmt(customers.seconds, 1)} s)`,
    );
    const audit = await catchUp(dir, eventsFile, auditLogProjection);
    log(`  audit-log projection: ${fmt(audit.eventsPerSecond)} events/s (${fmt(audit.seconds, 1)} s)`);

    log(
      `latency: ${rate} commands/s for ${latencySeconds} s, append (FULL) until customers + audit log show it...`,
    );
    const lat = await latency(dir, rate, latencySeconds);

    const results = {
      measuredAt: new Date().toISOString(),
      machine: { node: process.version, cores: cpus().length },
      append: {
        commands: appendCommands,
        eventsPerSecond: Math.round(best.ours.eventsPerSecond),
        rawSqliteRowsPerSecond: Math.round(best.raw.eventsPerSecond),
        emmettEventsPerSecond: Math.round(best.emmett.eventsPerSecond),
        ratioToRawSqlite: +(best.ours.eventsPerSecond / best.raw.eventsPerSecond).toFixed(3),
        ratioToEmmett: +(best.ours.eventsPerSecond / best.emmett.eventsPerSecond).toFixed(3),
      },
      projection: {
        events: customers.events,
        catchUpEventsPerSecond: Math.round(customers.eventsPerSecond),
        projection: 'customers',
        auditLogCatchUpEventsPerSecond: Math.round(audit.eventsPerSecond),
      },
      latency: {
        commandsPerSecond: Math.round(lat.commandsPerSecond),
        commands: lat.commands,
        p50Ms: +lat.p50Ms.toFixed(2),
        p99Ms: +lat.p99Ms.toFixed(2),
        maxMs: +lat.maxMs.toFixed(2),
      },
    };
    const target = (ok: boolean) => (ok ? 'met' : 'MISSED');
    log('');
    log('| measure | figure | baseline | ratio | target |');
    log('| --- | --- | --- | --- | --- |');
    log(
      `| append (events/s) | ${fmt(results.append.eventsPerSecond)} | raw better-sqlite3 ${fmt(results.append.rawSqliteRowsPerSecond)} | ${results.append.ratioToRawSqlite}x | >= 0.8x ${target(results.append.ratioToRawSqlite >= 0.8)} |`,
    );
    log(
      `| append (events/s) | ${fmt(results.append.eventsPerSecond)} | Emmett SQLite ${fmt(results.append.emmettEventsPerSecond)} | ${results.append.ratioToEmmett}x | >= 4x ${target(results.append.ratioToEmmett >= 4)} |`,
    );
    log(
      `| catch-up, customers (events/s) | ${fmt(results.projection.catchUpEventsPerSecond)} | ${fmt(results.projection.events)} events | | >= 50,000 ${target(results.projection.catchUpEventsPerSecond >= 50_000)} |`,
    );
    log(
      `| catch-up, audit log (events/s) | ${fmt(results.projection.auditLogCatchUpEventsPerSecond)} | ${fmt(results.projection.events)} events | | (one document per event) |`,
    );
    log(
      `| append -> visible p50 / p99 (ms) | ${results.latency.p50Ms} / ${results.latency.p99Ms} | at ${fmt(results.latency.commandsPerSecond)} commands/s | | p99 < 20 ${target(results.latency.p99Ms < 20)} |`,
    );
    writeFileSync(join(__dirname, '..', 'results.json'), JSON.stringify(results, null, 2) + '\n');
    log('\nwritten: bench/results.json');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
