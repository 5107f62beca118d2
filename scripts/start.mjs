#!/usr/bin/env node
// npm start: build what changed (TypeScript incrementally, each UI when its sources are newer than
// its build), then run the whole product in one process. First start takes a minute; later ones seconds.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args, cwd = root) => {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const newest = (path) => {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(
    0,
    ...readdirSync(path)
      .filter((n) => n !== 'node_modules' && n !== 'dist')
      .map((n) => newest(join(path, n))),
  );
};

process.stdout.write('building the services (TypeScript, incremental)...\n');
run(join(root, 'node_modules/.bin/tsc'), ['-b', 'tsconfig.build.json']);
for (const ui of ['admin-ui', 'booking-ui']) {
  const built = newest(join(root, ui, 'dist', 'index.html'));
  const sources = Math.max(
    newest(join(root, ui, 'src')),
    newest(join(root, ui, 'index.html')),
    newest(join(root, ui, 'vite.config.ts')),
    newest(join(root, 'contracts', 'src')),
  );
  if (built > sources) continue;
  process.stdout.write(`building ${ui}...\n`);
  run(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], join(root, ui));
}
// `--build-only`: the builds above and nothing more (the browser tests build once before their servers start)
if (process.argv.includes('--build-only')) process.exit(0);
// the server runs with its V8 flags (platform/src/runtime/server-flags.ts says why)
const { SERVER_V8_FLAGS } = createRequire(import.meta.url)(
  join(root, 'platform/dist/runtime/server-flags.js'),
);
const server = spawn(process.execPath, [...SERVER_V8_FLAGS, join(root, 'gateway/dist/main.js')], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
