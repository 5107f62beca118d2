import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ChainEntry, ChainOptions, ChainResult, ChainVerifier } from './chain';

/**
 * The worker's code: ECDSA verification only (README fact 3), node:crypto and nothing of ours, so
 * it runs from source (jest, tsx) and from dist alike.
 */
const WORKER = `
const { parentPort } = require('node:worker_threads');
const crypto = require('node:crypto');
const keys = new Map();
parentPort.on('message', ({ id, items }) => {
  const failed = [];
  for (const [icv, hash, signature, certificate] of items) {
    let ok = false;
    try {
      let key = keys.get(certificate);
      if (!key) {
        key = new crypto.X509Certificate(Buffer.from(certificate, 'base64')).publicKey;
        if (keys.size > 100) keys.clear();
        keys.set(certificate, key);
      }
      ok = crypto.verify('sha256', Buffer.from(hash, 'base64'), key, Buffer.from(signature, 'base64'));
    } catch (e) {
      ok = false;
    }
    if (!ok) failed.push(icv);
  }
  parentPort.postMessage({ id, failed });
});
`;

export interface ParallelChainOptions extends ChainOptions {
  /** worker threads verifying signatures (default: the number of cores) */
  workers?: number;
  /** signatures per message (default 256) */
  batchSize?: number;
}

/**
 * verifyChain with the ECDSA checks (secp256k1 verification is ~0.35 ms each in OpenSSL, the bulk
 * of the work) spread over worker threads, while this thread streams the documents and checks ICV,
 * PIH and the recomputed hashes in order. Memory stays bounded: at most 2 batches per worker in
 * flight. The answer is the same as verifyChain's: the first broken link by ICV, whatever found it.
 */
export async function verifyChainParallel(
  documents: AsyncIterable<ChainEntry> | Iterable<ChainEntry>,
  options: ParallelChainOptions = {},
): Promise<ChainResult> {
  if (options.verifySignatures === false) {
    const v = new ChainVerifier(options);
    for await (const d of documents) if (!v.push(d)) break;
    return v.result();
  }
  const workerCount = Math.max(1, options.workers ?? cpus().length);
  const batchSize = options.batchSize ?? 256;
  const workers = Array.from({ length: workerCount }, () => new Worker(WORKER, { eval: true }));
  const pending = new Map<number, { resolve: (failed: string[]) => void; reject: (e: unknown) => void }>();
  for (const w of workers) {
    w.on('message', ({ id, failed }: { id: number; failed: string[] }) => {
      pending.get(id)?.resolve(failed);
      pending.delete(id);
    });
    w.on('error', (e) => {
      for (const p of pending.values()) p.reject(e);
      pending.clear();
    });
  }
  let nextId = 0;
  let batch: Array<[string, string, string, string]> = [];
  const inFlight: Array<Promise<string[]>> = [];
  let firstBadSignature: number | undefined;
  const collect = (failed: string[]) => {
    for (const icv of failed) {
      const n = Number(icv);
      if (firstBadSignature === undefined || n < firstBadSignature) firstBadSignature = n;
    }
  };
  const flush = () => {
    if (!batch.length) return;
    const id = nextId++;
    const items = batch;
    batch = [];
    inFlight.push(
      new Promise<string[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        workers[id % workerCount].postMessage({ id, items });
      }),
    );
  };
  const verifier = new ChainVerifier(options, (icv, hash, signature, certificate) => {
    batch.push([icv, hash, signature, certificate]);
    if (batch.length >= batchSize) flush();
  });
  try {
    for await (const d of documents) {
      if (!verifier.push(d)) break;
      while (inFlight.length >= workerCount * 2) collect(await inFlight.shift()!);
      // a bad signature already seen ends the walk: nothing after it can be the first broken link
      if (firstBadSignature !== undefined) break;
    }
    flush();
    for (const p of inFlight) collect(await p);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  const result = verifier.result();
  if (firstBadSignature === undefined) return result;
  const brokenAt = result.ok ? Infinity : Number(result.firstBroken.icv);
  if (firstBadSignature >= brokenAt) return result;
  return {
    ok: false,
    count: firstBadSignature - 1,
    firstBroken: {
      icv: String(firstBadSignature),
      code: 'invalid-signature',
      reason: `the signature of document ${firstBadSignature} does not verify`,
    },
  };
}
