import { createHash, type KeyObject } from 'node:crypto';
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { startWorkerFile } from '../runtime/worker-file';
import { derSignature, SECP256K1_N } from './presign-math';

const scalars = new WeakMap<KeyObject, bigint | null>();

/** The private scalar d of a secp256k1 key; null for any other key (OpenSSL signs those). */
const scalarOf = (key: KeyObject): bigint | null => {
  let d = scalars.get(key);
  if (d === undefined) {
    const jwk = key.type === 'private' && key.asymmetricKeyType === 'ec' ? key.export({ format: 'jwk' }) : {};
    d =
      jwk.crv === 'secp256k1' && jwk.d
        ? BigInt(`0x${Buffer.from(jwk.d, 'base64url').toString('hex')}`)
        : null;
    scalars.set(key, d);
  }
  return d;
};

/**
 * ECDSA presignatures for the e-invoices' secp256k1 signatures, so the till does not sign on the thread
 * serving requests. An ECDSA signature is s = k⁻¹(e + r·d) mod n, where r comes from the point kG of a
 * fresh secret nonce k: that point is nine tenths of the work (OpenSSL takes 0.4 ms a signature on
 * secp256k1, which it does not speed up as it does P-256) and it does not depend on the document. A
 * thread of its own keeps a stock of (r, k⁻¹) pairs, each from a key pair OpenSSL generated (k uniform
 * in [1, n-1] from its CSPRNG); a signature takes one pair off the stock, never to be used again, and
 * finishes in two multiplications (a few microseconds). The result is an ordinary ECDSA signature,
 * verified as any other; the nonces never leave this process's memory and are dropped on stop. With
 * the stock empty (not started, or signing faster than the thread makes them) OpenSSL signs as before.
 *
 * The two multiplications use JavaScript's BigInt, which is not constant-time as OpenSSL's code is:
 * its time follows the operands' lengths in 64-bit words (fixed for 256-bit values but for a chance of
 * 2⁻⁶⁴) and, in the reduction, a few correction steps. That variation was not measured; it is far under
 * the jitter of a request answered over a network, which is all an outsider sees of a signature.
 */
export class EcdsaPresignatures {
  private readonly stock: Array<[bigint, bigint]> = [];
  private worker?: Worker;
  /** the thread's answers: a port of their own, which `take` can read when the event loop does not run */
  private answers?: MessagePort;
  private users = 0;
  private asked = false;

  /** `size`: the stock kept (refilled when half is used), in batches of `batch`. */
  constructor(
    private readonly size = 512,
    private readonly batch = 64,
  ) {}

  /** Starts the thread (counted: each start has its stop; the last stop ends it). */
  start(): void {
    if (this.users++ > 0) return;
    const { port1: answers, port2 } = new MessageChannel();
    const worker = startWorkerFile(__dirname, 'presign.worker', { answers: port2 }, [port2]);
    worker.unref(); // never keeps the process alive
    answers.on('message', (made: Array<[bigint, bigint]>) => {
      if (this.worker === worker) this.received(made);
    });
    answers.unref();
    const gone = () => {
      if (this.worker !== worker) return;
      // the signatures go on through OpenSSL; the next start makes a new thread
      this.worker = undefined;
      this.answers = undefined;
      this.asked = false;
      answers.close();
    };
    worker.on('error', gone);
    worker.on('exit', gone);
    this.worker = worker;
    this.answers = answers;
    this.refill();
  }

  private received(made: Array<[bigint, bigint]>): void {
    this.asked = false;
    for (const pair of made) this.stock.push(pair);
    this.refill();
  }

  /**
   * Takes in the presignatures the thread has made, for a caller whose event loop is not running (see
   * receiveWhileBusy): answers whether there were any.
   */
  take(): boolean {
    const m = this.answers && receiveMessageOnPort(this.answers);
    if (!m) return false;
    this.received(m.message as Array<[bigint, bigint]>);
    return true;
  }

  async stop(): Promise<void> {
    if (this.users === 0 || --this.users > 0) return;
    const worker = this.worker;
    this.answers?.close();
    this.worker = undefined;
    this.answers = undefined;
    this.stock.length = 0;
    this.asked = false;
    await worker?.terminate();
  }

  /** How many presignatures are ready. */
  get ready(): number {
    return this.stock.length;
  }

  /** Resolves once the stock holds at least `count` (tests; a server just uses what there is). */
  async filled(count = this.size / 2): Promise<void> {
    while (this.worker && this.stock.length < count) await new Promise((r) => setTimeout(r, 5));
  }

  private refill(): void {
    if (!this.worker || this.asked || this.stock.length >= this.size / 2) return;
    this.asked = true;
    this.worker.postMessage(Math.min(this.batch, this.size - this.stock.length));
  }

  /**
   * ECDSA with SHA-256 over `message`, with `key` (secp256k1), as DER; undefined when it cannot (no
   * presignature ready, another curve), for the caller to sign the usual way.
   */
  sign(message: Buffer, key: KeyObject): Buffer | undefined {
    if (this.stock.length === 0) return undefined;
    const d = scalarOf(key);
    if (d === null) return undefined;
    const [r, kInverse] = this.stock.pop()!;
    this.refill();
    const e = BigInt(`0x${createHash('sha256').update(message).digest('hex')}`);
    const s = (kInverse * ((e + r * d) % SECP256K1_N)) % SECP256K1_N;
    return s === 0n ? undefined : derSignature(r, s);
  }
}

/**
 * The thread's presignatures: the signing thread starts them in its own (signing-thread.worker.ts);
 * anything signing elsewhere (a tool, a test, the onboarding's samples) signs with OpenSSL.
 */
export const presignatures = new EcdsaPresignatures();
