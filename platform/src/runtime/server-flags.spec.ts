import { execFileSync } from 'node:child_process';
import { runsWithServerFlags, SERVER_V8_FLAGS } from './server-flags';

describe("the server's V8 flags", () => {
  it('are taken by this Node (an unknown or malformed flag stops it before it runs anything)', () => {
    const out = execFileSync(
      process.execPath,
      [...SERVER_V8_FLAGS, '-p', 'JSON.stringify(process.execArgv)'],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const execArgv = JSON.parse(out) as string[];
    expect(runsWithServerFlags(execArgv)).toBe(true);
  });

  it('are told apart from a process started without them', () => {
    expect(runsWithServerFlags([])).toBe(false);
    expect(runsWithServerFlags(['--initial-heap-size=16'])).toBe(false);
  });

  it('let a heap grow to what a busy server keeps (~80 MB) without a full collection on the way', () => {
    // a thread's heap growing the way the request thread's does after start, full collections counted
    const script = `
      const { PerformanceObserver, constants } = require('node:perf_hooks');
      let full = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
      }).observe({ entryTypes: ['gc'] });
      const kept = [];
      const step = () => {
        for (let k = 0; k < 50000; k++) kept.push({ i: kept.length, s: 'x' + kept.length });
        if (kept.length < 1500000) setImmediate(step);
        else setImmediate(() => console.log(full));
      };
      step();`;
    const fullCollections = (flags: readonly string[]) =>
      Number(execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' }));
    expect(fullCollections(SERVER_V8_FLAGS)).toBe(0);
    expect(fullCollections([])).toBeGreaterThan(0);
  });
});
