import { createHash } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { C14nCanonicalization } from 'xml-crypto';

export const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
} as const;

/** The root start tag our builder writes; the fast path only accepts exactly this one. */
export const ROOT_OPEN = `<Invoice xmlns="${NS.invoice}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}" xmlns:ext="${NS.ext}">`;
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

type DomNode = {
  nodeType: number;
  localName?: string | null;
  namespaceURI?: string | null;
  textContent?: string | null;
  firstChild: DomNode | null;
  nextSibling: DomNode | null;
  parentNode: DomNode | null;
  removeChild(n: DomNode): unknown;
};
export type DomDocument = { documentElement: DomNode | null };

export function parseXml(xml: string): DomDocument {
  const doc = new DOMParser().parseFromString(xml, 'text/xml') as unknown as DomDocument;
  if (!doc.documentElement) throw new Error('not an XML document');
  return doc;
}

function isQrReference(el: DomNode): boolean {
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && c.localName === 'ID' && c.namespaceURI === NS.cbc) {
      return c.textContent === 'QR';
    }
  }
  return false;
}

function isExcluded(el: DomNode): boolean {
  if (el.namespaceURI === NS.ext && el.localName === 'UBLExtensions') return true;
  if (el.namespaceURI === NS.cac && el.localName === 'Signature') return true;
  return el.namespaceURI === NS.cac && el.localName === 'AdditionalDocumentReference' && isQrReference(el);
}

function removeExcluded(node: DomNode): void {
  for (let c = node.firstChild; c;) {
    const next = c.nextSibling;
    if (c.nodeType === 1) {
      if (isExcluded(c)) node.removeChild(c);
      else removeExcluded(c);
    }
    c = next;
  }
}

/**
 * README fact 1, generic path (any well-formed document, ours or a foreign one): parse, remove
 * ext:UBLExtensions, cac:Signature and the QR reference as DOM nodes (whitespace text nodes kept),
 * inclusive C14N (xml-crypto's C14N 1.0 transform; 1.1 gives the same bytes for these documents),
 * SHA-256, base64. The document passed in is modified (nodes removed).
 */
export function canonicalInvoiceDom(doc: DomDocument): string {
  const root = doc.documentElement!;
  removeExcluded(root);
  return new C14nCanonicalization().process(
    root as unknown as Parameters<C14nCanonicalization['process']>[0],
    {},
  ) as string;
}

export function invoiceHashDom(xml: string): string {
  const canonical = canonicalInvoiceDom(parseXml(xml));
  return createHash('sha256').update(canonical, 'utf8').digest('base64');
}

const START_TAG = /^<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)((?: [A-Za-z_][\w.-]*="[^"&<>\t\n]*")*)>$/;
const END_TAG = /^<\/([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)>$/;
const ATTR = / ([A-Za-z_][\w.-]*)="/g;
const BAD_TEXT = /&(?!(?:amp|lt|gt);)|>/;
const QR_ID = '<cbc:ID>QR</cbc:ID>';

function firstChildIsQrId(xml: string, from: number): boolean {
  let j = from;
  while (j < xml.length && (xml[j] === ' ' || xml[j] === '\n' || xml[j] === '\t')) j++;
  return xml.startsWith(QR_ID, j);
}

/**
 * Fast path of README fact 1 for documents already in canonical lexical form (what our builder and
 * signer write): the canonical bytes are the text itself minus the declaration and the three
 * excluded elements, so no DOM is needed. Returns the slices to hash, or null when the document is
 * not in that form (then the DOM path must be used). Conditions checked, each one a way the text
 * could differ from its C14N rendering: the exact declaration and root start tag, no CR, comment,
 * CDATA, DOCTYPE or processing instruction, no self-closing tag and no namespace declaration or
 * prefixed attribute outside the excluded parts, attributes double-quoted, single-spaced, sorted
 * and without characters C14N escapes, text with no entity but &amp; &lt; &gt; and no raw '>',
 * excluded elements only as children of the root, nothing but whitespace after the root.
 * samples.spec / builder.spec prove it equals the DOM path on every document we generate.
 */
export function canonicalSlicesFast(xml: string): Array<[number, number]> | null {
  if (!xml.startsWith(XML_DECLARATION)) return null;
  const start = XML_DECLARATION.length;
  if (!xml.startsWith(ROOT_OPEN, start)) return null;
  if (xml.includes('\r') || xml.includes('<!') || xml.indexOf('<?', start) >= 0) return null;
  const slices: Array<[number, number]> = [];
  let sliceStart = start;
  let depth = 1;
  let i = start + ROOT_OPEN.length;
  const n = xml.length;
  while (i < n) {
    const lt = xml.indexOf('<', i);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > i) {
      const text = xml.slice(i, textEnd);
      if (depth === 0) {
        if (text.trim() !== '') return null;
      } else if (BAD_TEXT.test(text)) return null;
    }
    if (lt < 0) break;
    if (depth === 0) return null; // markup after the root
    const gt = xml.indexOf('>', lt);
    if (gt < 0) return null;
    const tag = xml.slice(lt, gt + 1);
    if (tag.charCodeAt(1) === 47 /* / */) {
      if (!END_TAG.test(tag)) return null;
      depth--;
      i = gt + 1;
      if (depth === 0) slices.push([sliceStart, i]);
      continue;
    }
    const m = START_TAG.exec(tag);
    if (!m) return null;
    const name = m[1];
    let excludedEnd = -1;
    if (
      name === 'ext:UBLExtensions' ||
      name === 'cac:Signature' ||
      (name === 'cac:AdditionalDocumentReference' && firstChildIsQrId(xml, gt + 1))
    ) {
      if (depth !== 1 || m[2] !== '') return null;
      const close = `</${name}>`;
      const end = xml.indexOf(close, gt + 1);
      if (end < 0) return null;
      const inner = xml.slice(gt + 1, end);
      if (inner.includes(`<${name}>`) || inner.includes(`<${name} `)) return null;
      excludedEnd = end + close.length;
    }
    if (excludedEnd >= 0) {
      slices.push([sliceStart, lt]);
      sliceStart = excludedEnd;
      i = excludedEnd;
      continue;
    }
    if (m[2]) {
      let prev = '';
      ATTR.lastIndex = 0;
      let a: RegExpExecArray | null;
      while ((a = ATTR.exec(m[2]))) {
        const attr = a[1];
        if (attr === 'xmlns' || attr <= prev) return null;
        prev = attr;
      }
    }
    depth++;
    i = gt + 1;
  }
  if (depth !== 0) return null;
  return slices;
}

export function invoiceHashFast(xml: string): string | null {
  const slices = canonicalSlicesFast(xml);
  if (!slices) return null;
  const h = createHash('sha256');
  for (const [a, b] of slices) h.update(xml.slice(a, b), 'utf8');
  return h.digest('base64');
}

/** The invoice hash (README fact 1): fast path when the text is canonical, DOM path otherwise. */
export function invoiceHash(xml: string): string {
  return invoiceHashFast(xml) ?? invoiceHashDom(xml);
}
