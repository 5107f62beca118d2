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

/**
 * Polls until the server says on which port it is up (it binds a free one itself: PORT=0, no port
 * picked here that another process could take first) and its sign-in page answers, it dies, or time
 * runs out (first start builds). Prints the port. A dead process the test's worker has not reaped yet
 * (its loop is blocked in this synchronous wait) is a zombie: dead too.
 */
const WAIT_SCRIPT = `
const { readFileSync, existsSync } = require('node:fs');
const [log, pid, timeoutMs] = process.argv.slice(1);
const until = Date.now() + Number(timeoutMs);
const alive = () => {
  try { process.kill(Number(pid), 0); } catch { return false; }
  try { return !/^\\S+ \\(.*\\) Z/.test(readFileSync('/proc/' + pid + '/stat', 'utf8')); } catch { return true; }
};
(async () => {
  while (Date.now() < until) {
    if (!alive()) process.exit(3);
    const up = existsSync(log) && /Rawnaq is up: http:\\/\\/localhost:(\\d+)/.exec(readFileSync(log, 'utf8'));
    if (up) {
      try {
        const r = await fetch('http://127.0.0.1:' + up[1] + '/en/merchant/sign-in');
        if (r.status === 200) { console.log(up[1]); process.exit(0); }
      } catch {}
    }
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
  const dataDir = mkdtempSync(join(tmpdir(), 'rawnaq-e2e-data-'));
  const logPath = join(dataDir, 'server.log');
  const logFd = openSync(logPath, 'w');
  // Its own process group (detached), so stop() ends npm, the start script and the server together.
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    // the test clock: a trial ends, a campaign sends, inside a browser test (POST /api/test/clock)
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      RAWNAQ_TEST_CLOCK: '1',
      // here the server shares two cores with Chromium: its threads keep one priority (README)
      THREAD_NICE: '0',
      ...(options.mailbox && { MAIL_DIR: join(dataDir, 'mailbox') }),
    },
    detached: true,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
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
  let url: string;
  try {
    const port = execFileSync(
      process.execPath,
      ['-e', WAIT_SCRIPT, logPath, String(child.pid), String(timeoutMs)],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    )
      .toString()
      .trim();
    url = `http://127.0.0.1:${port}`;
  } catch (error) {
    const code = (error as { status?: number }).status;
    // the end of its log: a crash's stack is above node's last line
    const tail = log().trim().split('\n').filter(Boolean).slice(-40).join('\n') || 'no output';
    stop();
    // a product that does not start is a failure, not a reason to skip
    throw new Error(`npm start ${code === 3 ? 'exited' : 'did not answer in time'}:\n${tail.slice(-6000)}`);
  }
  return { server: { url, stop, log, mailbox: options.mailbox ? join(dataDir, 'mailbox') : undefined } };
};
