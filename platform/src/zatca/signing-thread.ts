import type { Worker } from 'node:worker_threads';
import { startWorkerFile } from '../runtime/worker-file';
import { buildAndSign, type ZatcaDocumentInput } from './builder';
import type { SignOptions } from './sign';

/**
 * What the till keeps of a document built and signed: the XML, its hash and its QR; from the thread,
 * the XML as JSON text too (a string literal, escaped there: ~20 µs of this thread's for 14 KB of XML),
 * in ASCII (`asciiJsonString`).
 */
export type SignedForTill = { xml: string; invoiceHash: string; qr: string; xmlJson?: string };

/** The device's key and certificate, sent to the thread once and named by a number afterwards. */
export type SigningKey = Pick<SignOptions, 'privateKeyPem' | 'certificateBase64'>;

/**
 * A document to build and sign, as the thread is sent it: its device's key by number, with the key
 * itself the first time the thread is sent it (`keyMaterial`); `forgetKeys` first when the numbers
 * start again.
 */
export type SigningAsk = {
  id: number;
  /**
   * the document as JSON text (what it holds is JSON's: strings, numbers, plain objects and arrays):
   * a string crosses to the thread as one copy, where the same object was serialized property by
   * property (its ~40 fields were 1 % of the till's request thread)
   */
  input: string;
  key: number;
  keyMaterial?: SigningKey;
  forgetKeys?: true;
  signingTime?: Date;
};
/** The thread's answer: the document, or why the builder refused it. */
export type SigningAnswer =
  { id: number; signed: SignedForTill } | { id: number; error: { name: string; message: string } };

type Waiting = {
  input: ZatcaDocumentInput;
  options: SignOptions;
  resolve: (signed: SignedForTill) => void;
  reject: (error: Error) => void;
};

/**
 * A JSON string literal of `text` in ASCII: every other character written as its `\uXXXX` escape.
 * `JSON.parse` gives back the same text. A signed invoice is some 14 KB of XML with a handful of Arabic
 * letters (the seller's name), and those few made the whole literal a two-byte string in V8: twice
 * the bytes to copy out of the thread, to flatten and to encode in UTF-8 on the request thread when
 * it is stored. In ASCII it is a one-byte string throughout (`latin1` makes it one, as the regular
 * expression's replacement keeps its subject's two bytes a character).
 */
export const asciiJsonString = (text: string): string => {
  const json = JSON.stringify(text);
  return NON_ASCII.test(json)
    ? Buffer.from(json.replace(NON_ASCII_ALL, escapeUnit), 'latin1').toString('latin1')
    : json;
};
const NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII_ALL = /[\u0080-\uffff]/g;
const escapeUnit = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

const inline = (input: ZatcaDocumentInput, options: SignOptions): SignedForTill => {
  const { xml, invoiceHash, qr } = buildAndSign(input, options);
  return { xml, invoiceHash, qr };
};

/**
 * The e-invoices built, hashed and signed on a thread of their own, with its own stock of ECDSA
 * presignatures (see EcdsaPresignatures), so the thread serving requests spends no time on them: the
 * XML, its canonical hash and its signature were some 0.3–0.4 ms of that thread's 2.2 ms of CPU per
 * invoice at the till. A command awaits its document; the device's chain stays held by the command
 * meanwhile (Chains), so the documents of a device are still signed one after the other.
 *
 * Building and signing are pure (the nonce aside), so the thread may be lost at any point without
 * harm: a document it had not answered is built and signed again on this thread, as is every document
 * while the thread is not running (tests, tools, a process that never started it).
 */
export class ZatcaSigningThread {
  private worker?: Worker;
  private users = 0;
  private nextId = 0;
  private readonly waiting = new Map<number, Waiting>();
  private restart?: NodeJS.Timeout;

  /** `restartAfterMs`: how long a lost thread waits before it is started again (signing here meanwhile). */
  constructor(private readonly restartAfterMs = 1_000) {}

  /** Starts the thread (counted: each start has its stop; the last stop ends it). */
  start(): void {
    if (this.users++ > 0) return;
    this.launch();
  }

  async stop(): Promise<void> {
    if (this.users === 0 || --this.users > 0) return;
    clearTimeout(this.restart);
    this.restart = undefined;
    const worker = this.worker;
    this.worker = undefined;
    this.signHere(); // what it had not answered
    await worker?.terminate();
  }

  /** Whether documents are signed on the thread (else on the caller's). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /** Builds and signs one document: on the thread when it runs, else here and now. */
  buildAndSign(input: ZatcaDocumentInput, options: SignOptions): Promise<SignedForTill> {
    const worker = this.worker;
    if (!worker) {
      try {
        return Promise.resolve(inline(input, options));
      } catch (e) {
        return Promise.reject(e as Error);
      }
    }
    const ask: SigningAsk = {
      id: ++this.nextId,
      input: JSON.stringify(input),
      key: 0,
      signingTime: options.signingTime,
    };
    this.nameKey(ask, options);
    return new Promise((resolve, reject) => {
      // the thread keeps the process alive only while a document waits for it
      if (this.waiting.size === 0) worker.ref();
      this.waiting.set(ask.id, { input, options, resolve, reject });
      worker.postMessage(ask);
    });
  }

  /**
   * The numbers of the keys the running thread was sent, by key then certificate (the same strings
   * each time, whose hashes V8 keeps): a device's PEM and certificate (~1.5 KB) were copied into every
   * message, to be read back on the thread.
   */
  private keys = new Map<string, Map<string, number>>();
  private keyCount = 0;

  private nameKey(ask: SigningAsk, options: SignOptions): void {
    let byCertificate = this.keys.get(options.privateKeyPem);
    let key = byCertificate?.get(options.certificateBase64);
    if (key === undefined) {
      if (this.keyCount >= 1_000) {
        this.keys = new Map();
        this.keyCount = 0;
        ask.forgetKeys = true;
        byCertificate = undefined;
      }
      key = ++this.keyCount;
      if (!byCertificate) this.keys.set(options.privateKeyPem, (byCertificate = new Map()));
      byCertificate.set(options.certificateBase64, key);
      ask.keyMaterial = {
        privateKeyPem: options.privateKeyPem,
        certificateBase64: options.certificateBase64,
      };
    }
    ask.key = key;
  }

  private launch(): void {
    // a new thread knows no key
    this.keys = new Map();
    this.keyCount = 0;
    const worker = startWorkerFile(__dirname, 'signing-thread.worker', undefined);
    worker.unref();
    worker.on('message', (answer: SigningAnswer) => {
      const w = this.waiting.get(answer.id);
      if (!w) return;
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) worker.unref();
      if ('signed' in answer) w.resolve(answer.signed);
      else w.reject(Object.assign(new Error(answer.error.message), { name: answer.error.name }));
    });
    const gone = () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.signHere();
      // started again for the next documents, after a pause (a thread that cannot start is not
      // started in a loop), unless stopped meanwhile
      this.restart = setTimeout(() => {
        this.restart = undefined;
        if (this.users > 0 && !this.worker) this.launch();
      }, this.restartAfterMs);
      this.restart.unref();
    };
    worker.on('error', gone);
    worker.on('exit', gone);
    this.worker = worker;
  }

  /** The documents the thread had not answered, signed on this thread instead. */
  private signHere(): void {
    const left = [...this.waiting.values()];
    this.waiting.clear();
    for (const { input, options, resolve, reject } of left) {
      try {
        resolve(inline(input, options));
      } catch (e) {
        reject(e as Error);
      }
    }
  }
}

/** The process's signing thread: the server starts it (gateway); anything else signs where it runs. */
export const signingThread = new ZatcaSigningThread();
