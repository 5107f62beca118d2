#!/usr/bin/env node
// The npm registry these machines use mirrors only some platform builds of packages with native
// binaries (@swc/core, unrs-resolver): `npm install` then leaves the other platforms out of
// package-lock.json, and `npm ci` refuses the lock as "out of sync". This adds those entries
// (version, os and cpu, marked optional): on Linux x64 npm skips them, as it would anyway.
// Run it after any `npm install` that changes the lock: `node scripts/lock-platform-stubs.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const platform =
  /(darwin|win32|linux|freebsd|android|openharmony|sunos|aix|netbsd|openbsd)-(arm64|x64|ia32|arm|ppc64|s390x|riscv64|loong64|wasm32)/;
let added = 0;
for (const [where, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const m = platform.exec(name);
    if (!m) continue;
    const base = where === '' ? '' : `${where}/`;
    if (lock.packages[`${base}node_modules/${name}`] || lock.packages[`node_modules/${name}`]) continue;
    lock.packages[`node_modules/${name}`] = {
      version,
      dev: entry.dev,
      optional: true,
      os: [m[1]],
      cpu: [m[2]],
    };
    added++;
  }
}
if (added) writeFileSync(path, JSON.stringify(lock, null, 2) + '\n');
process.stdout.write(`package-lock.json: ${added} platform entries added\n`);
