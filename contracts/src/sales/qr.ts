/** The tags of the simplified-invoice QR code of ZATCA's first phase (TLV, tags 1 to 5). */
export type Phase1QrFields = {
  sellerName: string;
  vatNumber: string;
  /** the invoice's time, ISO 8601 ('2026-11-25T10:30:00Z') */
  timestamp: string;
  /** the total with VAT, as decimal text ('126.56') */
  total: string;
  /** the VAT total, as decimal text ('16.51') */
  vat: string;
};

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

const base64 = (bytes: Uint8Array): string => {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    out += BASE64[(n >> 18) & 63] + BASE64[(n >> 12) & 63];
    out += i + 1 < bytes.length ? BASE64[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? BASE64[n & 63] : '=';
  }
  return out;
};

/**
 * The QR code's text of ZATCA's first phase: each field as tag (1 byte), length in UTF-8 bytes
 * (1 byte), value; the whole in base64. A value longer than 255 bytes cannot be written and throws.
 */
export const phase1Qr = (fields: Phase1QrFields): string => {
  const encoder = new TextEncoder();
  const values = [fields.sellerName, fields.vatNumber, fields.timestamp, fields.total, fields.vat];
  const parts: number[] = [];
  values.forEach((value, i) => {
    const bytes = encoder.encode(value);
    if (bytes.length > 255) throw new RangeError(`QR tag ${i + 1} is longer than 255 bytes`);
    parts.push(i + 1, bytes.length, ...bytes);
  });
  return base64(Uint8Array.from(parts));
};
