/**
 * Starts the real product (`npm start`) for the browser tests and waits for it, synchronously, so the
 * suite can decide at collection time whether to run or to skip with one printed line.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
export const CHROMIUM = '/usr/bin/chromium';

export type Server = { url: string; stop(): void; log(): string; mailbox?: string };
export type StartOutcome = { server: Server } | { skip: string };

const freePort = (): number =>
  Number(
    execFileSync(process.execPath, [
      '-e',
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
    ])
      .toString()
      .trim(),
  );

/** Polls until the sign-in page answers, the server process dies, or time runs out (first start builds). */
const WAIT_SCRIPT = `
const [url, pid, timeoutMs] = process.argv.slice(1);
const until = Date.now() + Number(timeoutMs);
const alive = () => { try { process.kill(Number(pid), 0); return true; } catch { return false; } };
(async () => {
  while (Date.now() < until) {
    if (!alive()) process.exit(3);
    try { const r = await fetch(url + '/en/merchant/sign-in'); if (r.status === 200) process.exit(0); } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  process.exit(2);
})();
`;

const sleepMs = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Builds what changed (`npm start`'s builds), one browser-test file at a time: the files run side by
 * side, and two builds of one UI at once would write the same folder. A lock folder makes them take
 * turns; the second finds everything built.
 */
const buildOnce = () => {
  const lock = join(ROOT, '.e2e-build-lock');
  for (const until = Date.now() + 600_000; ; sleepMs(500)) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // a lock left by a run that died is older than any build
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 600_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > until) throw new Error(`${lock} is held: another browser-test run is building`);
    }
  }
  try {
    // a production build, as `npm start` makes it outside the tests (jest sets NODE_ENV=test, which
    // would give React's development build: twice the size and slower)
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'start.mjs'), '--build-only'], {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
};

/**
 * `mailbox`: the product writes its mail as files into a folder (MAIL_DIR) the tests read the links
 * from; otherwise it keeps mail in the manager's outbox as `npm start` does without a mail server.
 */
export const startServer = (timeoutMs = 240_000, options: { mailbox?: boolean } = {}): StartOutcome => {
  if (!existsSync(CHROMIUM)) return { skip: `${CHROMIUM} is missing (apt-get install -y chromium)` };
  // A product already running (E2E_URL=http://127.0.0.1:PORT): quicker runs of one test while working.
  const running = process.env.E2E_URL;
  if (running)
    return {
      server: { url: running, stop: () => undefined, log: () => '', mailbox: process.env.E2E_MAIL_DIR },
    };

  buildOnce();
  const port = freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'rawnaq-e2e-data-'));
  const logPath = join(dataDir, 'server.log');
  const logFd = openSync(logPath, 'w');
  // Its own process group (detached), so stop() ends npm, the start script and the server together.
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    // the test clock: a trial ends inside a browser test (POST /api/test/clock)
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      RAWNAQ_TEST_CLOCK: '1',
      ...(options.mailbox && { MAIL_DIR: join(dataDir, 'mailbox') }),
    },
    detached: true,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const url = `http://127.0.0.1:${port}`;
  const log = () => (existsSync(logPath) ? readFileSync(logPath, 'utf8') : '');
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    // Give the server a moment to close its database files before they are removed.
    sleepMs(500);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    execFileSync(process.execPath, ['-e', WAIT_SCRIPT, url, String(child.pid), String(timeoutMs)], {
      stdio: 'ignore',
    });
  } catch (error) {
    const code = (error as { status?: number }).status;
    const lastLine = log().trim().split('\n').filter(Boolean).pop() ?? 'no output';
    stop();
    // a product that does not start is a failure, not a reason to skip
    throw new Error(
      `npm start ${code === 3 ? 'exited' : 'did not answer in time'}: ${lastLine.slice(0, 500)}`,
    );
  }
  return { server: { url, stop, log, mailbox: options.mailbox ? join(dataDir, 'mailbox') : undefined } };
};
