/** ZATCA QR: TLV with a 1-byte tag and a 1-byte length, base64 of the whole (README fact 7). */

export interface ZatcaQrFields {
  sellerName: string;
  vatNumber: string;
  /** IssueDate + "T" + IssueTime exactly as in the XML */
  timestamp: string;
  /** the amount payable, PayableAmount (BT-115) text: TaxInclusiveAmount less prepaid, plus rounding */
  total: string;
  /** first TaxTotal/TaxAmount text */
  vatTotal: string;
  invoiceHash: string;
  signatureValue: string;
  publicKey: Buffer;
  /** simplified documents only */
  certificateSignature?: Buffer;
}

export function encodeQr(fields: ZatcaQrFields): string {
  const parts: Buffer[] = [];
  const add = (tag: number, value: Buffer) => {
    if (value.length > 255) throw new Error(`QR tag ${tag} is ${value.length} bytes; at most 255`);
    parts.push(Buffer.from([tag, value.length]), value);
  };
  add(1, Buffer.from(fields.sellerName, 'utf8'));
  add(2, Buffer.from(fields.vatNumber, 'utf8'));
  add(3, Buffer.from(fields.timestamp, 'utf8'));
  add(4, Buffer.from(fields.total, 'utf8'));
  add(5, Buffer.from(fields.vatTotal, 'utf8'));
  add(6, Buffer.from(fields.invoiceHash, 'utf8'));
  add(7, Buffer.from(fields.signatureValue, 'utf8'));
  add(8, fields.publicKey);
  if (fields.certificateSignature) add(9, fields.certificateSignature);
  return Buffer.concat(parts).toString('base64');
}

/** TLV parse of a QR's base64 into tag -> raw bytes. Throws on a truncated TLV. */
export function decodeQrTlv(qrBase64: string): Map<number, Buffer> {
  const buf = Buffer.from(qrBase64, 'base64');
  const out = new Map<number, Buffer>();
  let i = 0;
  while (i < buf.length) {
    if (i + 2 > buf.length) throw new Error('QR: truncated TLV header');
    const tag = buf[i];
    const len = buf[i + 1];
    if (i + 2 + len > buf.length) throw new Error(`QR: tag ${tag} runs past the end`);
    out.set(tag, buf.subarray(i + 2, i + 2 + len));
    i += 2 + len;
  }
  return out;
}

/** Decodes a QR into readable fields (text tags as UTF-8, binary tags as base64). */
export function decodeQr(qrBase64: string): {
  sellerName?: string;
  vatNumber?: string;
  timestamp?: string;
  total?: string;
  vatTotal?: string;
  invoiceHash?: string;
  signatureValue?: string;
  publicKey?: string;
  certificateSignature?: string;
  tags: number[];
} {
  const tlv = decodeQrTlv(qrBase64);
  const text = (t: number) => tlv.get(t)?.toString('utf8');
  const b64 = (t: number) => tlv.get(t)?.toString('base64');
  return {
    sellerName: text(1),
    vatNumber: text(2),
    timestamp: text(3),
    total: text(4),
    vatTotal: text(5),
    invoiceHash: text(6),
    signatureValue: text(7),
    publicKey: b64(8),
    certificateSignature: b64(9),
    tags: [...tlv.keys()],
  };
}
