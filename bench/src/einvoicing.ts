/**
 * einvoicing: the ZATCA phase-2 core on one core.
 * 1. build + hash + sign + QR of one simplified invoice (3 lines, a discount), repeated: p50/p99 and
 *    documents/s; beside it the generic path (signDocument over a DOM parse) as the baseline.
 * 2. chain verification of a device's history: N signed documents generated once into a temp file
 *    (length-prefixed UTF-8, as an event log would hand them over), then streamed back and verified
 *    twice: ICV gap-free, PIH = previous hash and every hash recomputed on one thread; then the same
 *    plus every ECDSA signature (secp256k1 verification, ~0.35 ms each, on worker threads). Never
 *    more than one read chunk in memory.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync, writeSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { zatca } from '@rawnaq/platform';

export interface EinvoicingFigures {
  /** 1-minute load average when the section started (the machine's 2 cores are shared) */
  loadAverage?: number;
  runs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  documentsPerSecond: number;
  genericPath: { p50Ms: number; p99Ms: number };
  chain: {
    documents: number;
    generateSeconds: number;
    fileMegabytes: number;
    /** ICV, PIH and every hash recomputed, one thread (verifyChain without signatures) */
    hashOnlySeconds: number;
    /** the same plus every ECDSA signature, signatures on worker threads (verifyChainParallel) */
    verifySeconds: number;
    workers: number;
    documentsPerSecond: number;
    ok: boolean;
  };
}

const shared = () => {
  const dir = process.env.ZATCA_SHARED_DIR ?? resolve(__dirname, '../../platform/zatca-data');
  if (!existsSync(dir))
    throw new Error(`einvoicing: the ZATCA test credentials are not at ${dir} (platform/zatca-data)`);
  return {
    certificateBase64: readFileSync(join(dir, 'test-cert.base64'), 'utf8').trim(),
    privateKeyPem: zatca.pemOf(readFileSync(join(dir, 'test-private-key.base64'), 'utf8'), 'EC PRIVATE KEY'),
  };
};

const seller = zatca.demoSeller;

function invoice(icv: number, pih: string, when: Date): zatca.ZatcaDocumentInput {
  const iso = when.toISOString();
  return {
    kind: icv % 10 === 0 ? 'credit-note' : 'invoice',
    transaction: 'simplified',
    uuid: randomUUID(),
    number: `INV-${icv}`,
    issueDate: iso.slice(0, 10),
    issueTime: iso.slice(11, 19),
    icv,
    pih,
    seller,
    lines: [
      { name: 'قص شعر | Haircut', quantity: 1, unitPriceMinor: 15000, category: 'S', rateBasisPoints: 1500 },
      {
        name: 'صبغة | Hair colour',
        quantity: 2,
        unitPriceMinor: 12345,
        discountMinor: 1000,
        category: 'S',
        rateBasisPoints: 1500,
      },
      { name: 'شامبو | Shampoo', quantity: 3, unitPriceMinor: 2999, category: 'S', rateBasisPoints: 1500 },
    ],
    paymentMeansCode: '48',
    ...(icv % 10 === 0
      ? { billingReference: `INV-${icv - 1}`, reason: 'Service cancelled | ألغيت الخدمة' }
      : {}),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

function timeRuns(
  runs: number,
  fn: (i: number) => void,
): { p50: number; p99: number; max: number; total: number } {
  for (let i = 0; i < Math.min(500, runs); i++) fn(i); // warm-up
  const times: number[] = [];
  const start = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn(i);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const total = Number(process.hrtime.bigint() - start) / 1e6;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), max: times[times.length - 1], total };
}

function* readDocuments(file: string): Generator<zatca.ChainEntry> {
  const fd = openSync(file, 'r');
  const chunk = Buffer.alloc(32 * 1024 * 1024);
  let pending = Buffer.alloc(0);
  let icv = 0;
  try {
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      const buf = pending.length
        ? Buffer.concat([pending, chunk.subarray(0, n)])
        : Buffer.from(chunk.subarray(0, n));
      let off = 0;
      while (off + 4 <= buf.length) {
        const len = buf.readUInt32LE(off);
        if (off + 4 + len > buf.length) break;
        yield { icv: ++icv, xml: buf.toString('utf8', off + 4, off + 4 + len) };
        off += 4 + len;
      }
      pending = buf.subarray(off);
    }
  } finally {
    closeSync(fd);
  }
}

export async function einvoicingBench(
  dir: string,
  runs: number,
  chainDocuments: number,
  workers: number,
  log: (s: string) => void,
): Promise<EinvoicingFigures> {
  const keys = shared();
  const loadAverage = +loadavg()[0].toFixed(2);
  const now = new Date(Date.now() - 60_000);
  const inputs = Array.from({ length: 64 }, (_, i) => invoice(i + 1, zatca.ZATCA_PIH_SEED, now));

  const fast = timeRuns(runs, (i) => {
    zatca.buildAndSign({ ...inputs[i % 64], uuid: randomUUID() }, keys);
  });
  const generic = timeRuns(Math.min(runs, 2_000), (i) => {
    zatca.signDocument(zatca.buildDocument({ ...inputs[i % 64], uuid: randomUUID() }), keys);
  });
  log(
    `  build+hash+sign+QR p50 ${fast.p50.toFixed(3)} ms, p99 ${fast.p99.toFixed(3)} ms, ${Math.round((runs * 1000) / fast.total)} documents/s; generic DOM path p50 ${generic.p50.toFixed(3)} ms, p99 ${generic.p99.toFixed(3)} ms`,
  );

  const file = join(dir, 'einvoicing-chain.bin');
  const genStart = process.hrtime.bigint();
  const fd = openSync(file, 'w');
  let pih = zatca.ZATCA_PIH_SEED;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  for (let icv = 1; icv <= chainDocuments; icv++) {
    const signed = zatca.buildAndSign(invoice(icv, pih, now), keys);
    pih = signed.invoiceHash;
    const body = Buffer.from(signed.xml, 'utf8');
    const head = Buffer.alloc(4);
    head.writeUInt32LE(body.length);
    batch.push(head, body);
    batchBytes += 4 + body.length;
    if (batchBytes > 16 * 1024 * 1024) {
      writeSync(fd, Buffer.concat(batch));
      batch = [];
      batchBytes = 0;
    }
  }
  if (batch.length) writeSync(fd, Buffer.concat(batch));
  closeSync(fd);
  const generateSeconds = Number(process.hrtime.bigint() - genStart) / 1e9;
  const fileMegabytes = statSync(file).size / 1024 / 1024;
  log(
    `  chain: ${chainDocuments.toLocaleString('en-US')} signed documents generated in ${generateSeconds.toFixed(1)} s (${fileMegabytes.toFixed(0)} MB)`,
  );

  const hashStart = process.hrtime.bigint();
  const hashOnly = zatca.verifyChain(readDocuments(file), { verifySignatures: false });
  const hashSeconds = Number(process.hrtime.bigint() - hashStart) / 1e9;
  log(
    `  chain, ICV + PIH + every hash recomputed (one thread): ${JSON.stringify(hashOnly.ok ? { ok: true, count: hashOnly.count } : hashOnly)} in ${hashSeconds.toFixed(1)} s`,
  );
  const verifyStart = process.hrtime.bigint();
  const result = await zatca.verifyChainParallel(readDocuments(file), { workers });
  const verifySeconds = Number(process.hrtime.bigint() - verifyStart) / 1e9;
  log(
    `  chain, the same + every ECDSA signature (${workers} worker threads): ${JSON.stringify(result.ok ? { ok: true, count: result.count } : result)} in ${verifySeconds.toFixed(1)} s`,
  );

  return {
    loadAverage,
    runs,
    p50Ms: +fast.p50.toFixed(3),
    p99Ms: +fast.p99.toFixed(3),
    maxMs: +fast.max.toFixed(3),
    documentsPerSecond: Math.round((runs * 1000) / fast.total),
    genericPath: { p50Ms: +generic.p50.toFixed(3), p99Ms: +generic.p99.toFixed(3) },
    chain: {
      documents: chainDocuments,
      generateSeconds: +generateSeconds.toFixed(1),
      fileMegabytes: Math.round(fileMegabytes),
      hashOnlySeconds: +hashSeconds.toFixed(1),
      verifySeconds: +verifySeconds.toFixed(1),
      workers,
      documentsPerSecond: Math.round(chainDocuments / verifySeconds),
      ok: result.ok && result.count === chainDocuments && hashOnly.ok && hashOnly.count === chainDocuments,
    },
  };
}
