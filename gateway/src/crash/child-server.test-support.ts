import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export type ChildServer = { url: string; child: ChildProcess };

/**
 * Starts a crash test's server script (`<name>.test-support.ts` beside this file) in a child process
 * with `args` (and `env` added to this process's), and resolves with its address once it prints
 * `ready <url>`.
 */
export const startChildServer = (
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<ChildServer> =>
  new Promise((resolve, reject) => {
    const child = fork(join(__dirname, `${script}.test-support.ts`), args, {
      execArgv: ['--require', join(__dirname, '..', 'testing', 'swc-register.cjs')],
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      env: { ...process.env, ...env },
    });
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const ready = /ready (\S+)/.exec(buffer);
      if (ready) resolve({ url: ready[1], child });
    });
    child.once('exit', (code, signal) => reject(new Error(`server exited before ready: ${code ?? signal}`)));
  });

/** Kills the server at once (SIGKILL: no shutdown, no flush), and resolves once it is gone. */
export const killChildServer = (server: ChildServer) =>
  new Promise<void>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.removeAllListeners('exit');
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
