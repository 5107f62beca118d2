import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidationResult } from '../zatca/validate';

/** An idle validator does not keep the server's process alive; a busy one does, until it answers. */
const idle = (child: ChildProcess) => {
  child.unref();
  (child.channel as { unref?: () => void } | undefined)?.unref?.();
};
const busy = (child: ChildProcess) => {
  child.ref();
  (child.channel as { ref?: () => void } | undefined)?.ref?.();
};

type Pending = { resolve: (r: ValidationResult) => void; reject: (e: Error) => void };

/**
 * XSD and Schematron validation of ZATCA documents in a process of its own, on the authority's clock
 * (Asia/Riyadh), started on first use. One document at a time: the rules are CPU work.
 */
export class ValidationThread {
  private child?: ChildProcess;
  private next = 0;
  private readonly pending = new Map<number, Pending>();

  private start(): ChildProcess {
    // compiled: the .js beside this file; from sources (tests): the .ts through tsx's loader
    const js = join(__dirname, 'validation.child.js');
    const env = { ...process.env, TZ: 'Asia/Riyadh' };
    const child = existsSync(js)
      ? fork(js, [], { env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
      : fork(join(__dirname, 'validation.child.ts'), [], {
          env,
          execArgv: ['--require', 'tsx/cjs'],
          stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
        });
    child.on('message', (m: { id: number; result?: ValidationResult; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.result!);
      if (this.pending.size === 0) idle(child);
    });
    child.on('exit', () => {
      for (const p of this.pending.values()) p.reject(new Error('the validation process ended'));
      this.pending.clear();
      if (this.child === child) this.child = undefined;
    });
    idle(child);
    return child;
  }

  validate(xml: string): Promise<ValidationResult> {
    this.child ??= this.start();
    const child = this.child;
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) busy(child);
      child.send({ id, xml });
    });
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.disconnect();
      await exited;
    }
  }
}
