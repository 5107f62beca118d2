/**
 * npm run projections:rebuild -- <name|--all>
 *
 * Rebuilds projections blue-green: a new generation is built from the first event while the live one
 * keeps serving (a running server keeps answering), then the two are swapped. Side effects never run.
 * Uses the same engines as the server (DATA_DIR, EVENTSTORE_URL, MONGO_URL...).
 */
import { configFromEnv, openPlatform, silentLogger, sleep } from '@rawnaq/platform';
import { allProjections } from '../catalog';
import { ProjectionRunner, type RebuildProgress } from '../runner/projection-runner';

const bar = (p: RebuildProgress, width = 28) => {
  const fraction = p.total > 0 ? Math.min(p.done / p.total, 1) : 1;
  const filled = Math.round(fraction * width);
  const eta = Number.isFinite(p.etaSeconds) ? `${Math.ceil(p.etaSeconds)}s` : '?';
  return `${p.projection.padEnd(12)} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${p.done.toLocaleString('en-US')}/${p.total.toLocaleString('en-US')} events  ${Math.round(p.eventsPerSecond).toLocaleString('en-US')} ev/s  ETA ${eta}`;
};

const main = async () => {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const names = args.includes('--all') ? allProjections.map((p) => p.name) : args;
  const known = allProjections.map((p) => p.name);
  if (names.length === 0 || names.some((n) => !known.includes(n))) {
    process.stderr.write(`usage: npm run projections:rebuild -- <${known.join('|')}|--all>\n`);
    process.exit(2);
  }
  const platform = await openPlatform(configFromEnv(), { logger: silentLogger });
  const runner = new ProjectionRunner({ ...platform, projections: allProjections, logger: silentLogger });
  const tty = process.stderr.isTTY;
  try {
    for (const name of names) {
      let last = 0;
      const result = await runner.rebuild(name, (p) => {
        if (tty) process.stderr.write(`\r${bar(p)}`);
        else if (Date.now() - last > 1000 || p.done === p.total) {
          process.stderr.write(`${bar(p)}\n`);
          last = Date.now();
        }
      });
      if (tty) process.stderr.write('\n');
      process.stdout.write(
        `${name}: generation ${result.generation} is live (${result.events.toLocaleString('en-US')} events in ${result.seconds.toFixed(1)} s)\n`,
      );
      // readers that resolved the old generation a moment ago finish first
      await sleep(2000);
      await runner.dropRetired(name);
    }
  } finally {
    await platform.close();
  }
};

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
