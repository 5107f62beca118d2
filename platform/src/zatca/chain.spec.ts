import { randomUUID } from 'node:crypto';
import { buildAndSign } from './builder';
import { ChainEntry, chainFields, verifyChain, verifyChainAsync, ZATCA_PIH_SEED } from './chain';
import { verifyChainParallel } from './chain-parallel';
import { documentInput } from './fixtures';
import { invoiceHashDom } from './hash';
import { testCertificate, testPrivateKeyPem } from './test-data';

const keys = () => ({ privateKeyPem: testPrivateKeyPem(), certificateBase64: testCertificate() });
const kinds = ['invoice', 'credit-note', 'debit-note'] as const;

/** A device's chain of n signed documents of all types, each PIH the previous hash. */
function chain(n: number): Array<{ icv: number; xml: string; hash: string }> {
  const out: Array<{ icv: number; xml: string; hash: string }> = [];
  let pih = ZATCA_PIH_SEED;
  for (let icv = 1; icv <= n; icv++) {
    const input = documentInput(kinds[icv % 3], icv % 2 ? 'simplified' : 'standard', {
      icv,
      pih,
      uuid: randomUUID(),
      number: `INV-${icv}`,
    });
    const s = buildAndSign(input, keys());
    out.push({ icv, xml: s.xml, hash: s.invoiceHash });
    pih = s.invoiceHash;
  }
  return out;
}

describe('verifyChain', () => {
  const docs = chain(12);

  it('a good chain verifies: ICV 1..n, PIH = previous hash (first: the seed), hashes and signatures recomputed', () => {
    expect(verifyChain(docs)).toEqual({ ok: true, count: 12, lastHash: docs[11].hash });
    expect(verifyChain([])).toEqual({ ok: true, count: 0, lastHash: ZATCA_PIH_SEED });
  });

  it('reads ICV, PIH and the hash from a document (text fast path and DOM path agree)', () => {
    const f = chainFields(docs[3].xml);
    expect(f).toMatchObject({ icv: '4', pih: docs[2].hash, hash: docs[3].hash, digestValue: docs[3].hash });
    expect(invoiceHashDom(docs[3].xml)).toBe(f.hash);
    // a foreign-looking copy (comment added: not canonical text) goes through the DOM and gives the same
    const foreign = docs[3].xml.replace('<cbc:ProfileID>', '<!-- printed copy --><cbc:ProfileID>');
    expect(chainFields(foreign)).toEqual(f);
    expect(verifyChain(docs.map((d, i) => (i === 3 ? { icv: d.icv, xml: foreign } : d)))).toMatchObject({
      ok: true,
      count: 12,
    });
  });

  it('names the first broken link: a gap in the counter', () => {
    const r = verifyChain([docs[0], docs[1], docs[3]]);
    expect(r).toEqual({
      ok: false,
      count: 2,
      firstBroken: { icv: '4', code: 'invalid-icv', reason: 'expected ICV 3, got 4' },
    });
  });

  it("a recorded ICV that is not the document's", () => {
    const r = verifyChain([docs[0], { icv: 2, xml: docs[2].xml }]);
    expect(r).toMatchObject({ ok: false, count: 1, firstBroken: { icv: '2', code: 'invalid-icv' } });
  });

  it('a fork: two documents chained to the same predecessor', () => {
    const input = documentInput('invoice', 'simplified', { icv: 3, pih: docs[0].hash });
    const forked = buildAndSign(input, keys());
    const r = verifyChain([docs[0], docs[1], { icv: 3, xml: forked.xml }]);
    expect(r).toMatchObject({ ok: false, count: 2, firstBroken: { icv: '3', code: 'invalid-pih' } });
  });

  it('a document changed after signing', () => {
    const tampered = docs[5].xml.replace(
      /(<cbc:PayableAmount currencyID="SAR">)(\d)/,
      (_m, a: string, d: string) => `${a}${(Number(d) + 1) % 10}`,
    );
    const r = verifyChain(docs.map((d, i) => (i === 5 ? { icv: d.icv, xml: tampered } : d)));
    expect(r).toMatchObject({ ok: false, count: 5, firstBroken: { icv: '6', code: 'invalid-invoice-hash' } });
  });

  it('a signature that does not verify (unless signatures are not checked)', () => {
    const other = buildAndSign(
      documentInput('invoice', 'simplified', { icv: 1, pih: ZATCA_PIH_SEED, uuid: randomUUID() }),
      keys(),
    );
    // same hash, someone else's signature value
    const sig = /<ds:SignatureValue>([^<]*)</.exec(docs[0].xml)![1];
    const forged = docs[0].xml.replace(sig, other.signatureValue);
    expect(verifyChain([{ icv: 1, xml: forged }])).toMatchObject({
      ok: false,
      firstBroken: { code: 'invalid-signature' },
    });
    expect(verifyChain([{ icv: 1, xml: forged }], { verifySignatures: false })).toMatchObject({
      ok: true,
      count: 1,
    });
  });

  it('accepts recorded hash + PIH entries, and async streams', async () => {
    const entries: ChainEntry[] = docs.map((d, i) =>
      i % 2 ? { icv: d.icv, hash: d.hash, pih: i === 0 ? ZATCA_PIH_SEED : docs[i - 1].hash } : d,
    );
    expect(verifyChain(entries)).toMatchObject({ ok: true, count: 12 });
    async function* stream() {
      for (const d of docs) yield d;
    }
    expect(await verifyChainAsync(stream())).toMatchObject({ ok: true, count: 12 });
    expect(verifyChain(docs.slice(1), { seed: docs[0].hash })).toEqual({
      ok: false,
      count: 0,
      firstBroken: expect.objectContaining({ code: 'invalid-icv' }),
    });
  });

  it('is lazy: stops at the first broken link without reading further', () => {
    let read = 0;
    function* gen() {
      for (const d of [docs[0], docs[2], docs[1]]) {
        read++;
        yield d;
      }
    }
    expect(verifyChain(gen()).ok).toBe(false);
    expect(read).toBe(2);
  });

  it('verifyChainParallel (signatures in worker threads) gives the same answers', async () => {
    expect(await verifyChainParallel(docs, { workers: 2, batchSize: 3 })).toEqual(verifyChain(docs));
    const sig = /<ds:SignatureValue>([^<]*)</.exec(docs[7].xml)![1];
    const otherSig = /<ds:SignatureValue>([^<]*)</.exec(docs[6].xml)![1];
    const forged = docs.map((d, i) => (i === 7 ? { icv: d.icv, xml: d.xml.replace(sig, otherSig) } : d));
    const expected = {
      ok: false,
      count: 7,
      firstBroken: {
        icv: '8',
        code: 'invalid-signature',
        reason: 'the signature of document 8 does not verify',
      },
    };
    expect(verifyChain(forged)).toEqual(expected);
    expect(await verifyChainParallel(forged, { workers: 2, batchSize: 3 })).toEqual(expected);
    // a chain break before the bad signature wins; after it, the signature wins
    const gapBefore = [...forged.slice(0, 4), ...forged.slice(5)];
    expect(await verifyChainParallel(gapBefore, { workers: 1, batchSize: 2 })).toEqual(
      verifyChain(gapBefore),
    );
    const gapAfter = [...forged.slice(0, 10), ...forged.slice(11)];
    expect(await verifyChainParallel(gapAfter, { workers: 1, batchSize: 2 })).toEqual(expected);
  });
});
