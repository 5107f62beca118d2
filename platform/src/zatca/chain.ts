import { createHash } from 'node:crypto';
import { canonicalSlicesFast, invoiceHashDom, parseXml } from './hash';
import { signatureParts, verifyHashSignature } from './sign';
import { unescapeXml } from './xml-text';

/** The PIH of a device's first document (../shared/zatca/pih-seed.txt): base64 of hex SHA-256("0"). */
export const ZATCA_PIH_SEED =
  'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';

/** A chain entry: a signed document, or (when the XML is not at hand) its recorded hash and PIH. */
export type ChainEntry =
  { icv: number | string; xml: string } | { icv: number | string; hash: string; pih: string };

export type ChainResult =
  | { ok: true; count: number; lastHash: string }
  | { ok: false; count: number; firstBroken: { icv: string; reason: string; code: string } };

export interface ChainOptions {
  /** PIH of the first document; default ZATCA_PIH_SEED */
  seed?: string;
  /** also verify each document's ECDSA signature with its embedded certificate (default true) */
  verifySignatures?: boolean;
}

/** Internal: hands each document's signature to someone else (the parallel verifier) instead of checking it inline. */
export type SignatureSink = (icv: string, hash: string, signatureValue: string, certificate: string) => void;

interface DocumentChainFields {
  icv?: string;
  pih?: string;
  hash: string;
  digestValue?: string;
  signatureValue?: string;
  certificate?: string;
}

const ICV = /<cac:AdditionalDocumentReference>\s*<cbc:ID>ICV<\/cbc:ID>\s*<cbc:UUID>([^<]*)<\/cbc:UUID>/;
const PIH =
  /<cac:AdditionalDocumentReference>\s*<cbc:ID>PIH<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]*)</;

/** Reads ICV, PIH and the recomputed hash: text fast path when canonical, DOM otherwise. */
export function chainFields(xml: string): DocumentChainFields {
  const parts = signatureParts(xml);
  const slices = canonicalSlicesFast(xml);
  let hash: string;
  let icv: string | undefined;
  let pih: string | undefined;
  if (slices) {
    const h = createHash('sha256');
    for (const [a, b] of slices) h.update(xml.slice(a, b), 'utf8');
    hash = h.digest('base64');
    icv = ICV.exec(xml)?.[1];
    pih = PIH.exec(xml)?.[1];
    if (icv !== undefined) icv = unescapeXml(icv);
    if (pih !== undefined) pih = unescapeXml(pih);
  } else {
    hash = invoiceHashDom(xml);
    const doc = parseXml(xml) as unknown as {
      getElementsByTagNameNS(
        ns: string,
        l: string,
      ): ArrayLike<{ textContent: string | null; parentNode: unknown }>;
    };
    const refs = doc.getElementsByTagNameNS(
      'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
      'AdditionalDocumentReference',
    );
    for (let i = 0; i < refs.length; i++) {
      const ref = refs[i] as unknown as {
        getElementsByTagNameNS(ns: string, l: string): ArrayLike<{ textContent: string | null }>;
      };
      const cbc = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
      const id = ref.getElementsByTagNameNS(cbc, 'ID')[0]?.textContent;
      if (id === 'ICV') icv = ref.getElementsByTagNameNS(cbc, 'UUID')[0]?.textContent ?? undefined;
      if (id === 'PIH')
        pih = ref.getElementsByTagNameNS(cbc, 'EmbeddedDocumentBinaryObject')[0]?.textContent ?? undefined;
    }
  }
  return {
    icv,
    pih,
    hash,
    digestValue: parts.digestValue,
    signatureValue: parts.signatureValue,
    certificate: parts.certificate,
  };
}

/**
 * Incremental chain check: feed documents in ICV order; keeps only the previous hash, so a device's
 * whole history can be streamed from the event log (sync or async) without holding it in memory.
 */
export class ChainVerifier {
  private count = 0;
  private previous: string;
  private broken: { icv: string; reason: string; code: string } | undefined;
  private readonly verifySignatures: boolean;

  constructor(
    options: ChainOptions = {},
    private readonly signatureSink?: SignatureSink,
  ) {
    this.previous = options.seed ?? ZATCA_PIH_SEED;
    this.verifySignatures = options.verifySignatures ?? true;
  }

  /** Returns false once the chain is broken (further documents are ignored). */
  push(entry: ChainEntry): boolean {
    if (this.broken) return false;
    const expectedIcv = this.count + 1;
    const icv = String(entry.icv);
    const fail = (code: string, reason: string) => {
      this.broken = { icv, code, reason };
      return false;
    };
    if (!/^\d+$/.test(icv) || Number(icv) !== expectedIcv) {
      return fail('invalid-icv', `expected ICV ${expectedIcv}, got ${icv}`);
    }
    let hash: string;
    let pih: string | undefined;
    if ('xml' in entry) {
      let f: DocumentChainFields;
      try {
        f = chainFields(entry.xml);
      } catch (e) {
        return fail('invalid-xml', `document ${icv} cannot be parsed: ${(e as Error).message}`);
      }
      if (f.icv !== icv)
        return fail('invalid-icv', `the document's ICV is ${f.icv ?? 'missing'}, recorded as ${icv}`);
      if (f.digestValue !== f.hash) {
        return fail(
          'invalid-invoice-hash',
          `recomputed hash ${f.hash} differs from the document's ${f.digestValue ?? 'missing'} digest`,
        );
      }
      if (
        this.verifySignatures &&
        !(f.signatureValue && f.certificate && verifyHashSignature(f.hash, f.signatureValue, f.certificate))
      ) {
        return fail('invalid-signature', `the signature of document ${icv} does not verify`);
      }
      hash = f.hash;
      pih = f.pih;
    } else {
      hash = entry.hash;
      pih = entry.pih;
    }
    if (pih !== this.previous) {
      return fail(
        'invalid-pih',
        `PIH ${pih ?? 'missing'} is not the previous document's hash ${this.previous}`,
      );
    }
    this.previous = hash;
    this.count++;
    return true;
  }

  result(): ChainResult {
    return this.broken
      ? { ok: false, count: this.count, firstBroken: this.broken }
      : { ok: true, count: this.count, lastHash: this.previous };
  }
}

/** Checks a device's chain: ICV gap-free from 1, each PIH the previous hash (first: the seed), each hash recomputed. */
export function verifyChain(documents: Iterable<ChainEntry>, options?: ChainOptions): ChainResult {
  const v = new ChainVerifier(options);
  for (const d of documents) if (!v.push(d)) break;
  return v.result();
}

export async function verifyChainAsync(
  documents: AsyncIterable<ChainEntry> | Iterable<ChainEntry>,
  options?: ChainOptions,
): Promise<ChainResult> {
  const v = new ChainVerifier(options);
  for await (const d of documents) if (!v.push(d)) break;
  return v.result();
}
