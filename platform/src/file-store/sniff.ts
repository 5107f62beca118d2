/** What a file really is, from its first bytes (the name and the declared type are not to be trusted). */
export type Sniffed = {
  kind: 'image' | 'video' | 'pdf';
  extension: string;
  contentType: string;
  width?: number;
  height?: number;
};

export const ALLOWED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf', 'mp4', 'mov', 'webm'];
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const ascii = (b: Buffer, start: number, length: number) =>
  b.subarray(start, start + length).toString('latin1');

const jpegSize = (b: Buffer): { width: number; height: number } | undefined => {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1];
    const length = b.readUInt16BE(i + 2);
    // start-of-frame markers carry the dimensions (not DHT c4, JPG c8, DAC cc)
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  return undefined;
};

const webpSize = (b: Buffer): { width: number; height: number } | undefined => {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b.length >= 30)
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30)
    return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return undefined;
};

export const sniff = (b: Buffer): Sniffed | undefined => {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff)
    return { kind: 'image', extension: 'jpg', contentType: 'image/jpeg', ...jpegSize(b) };
  if (b.length >= 24 && ascii(b, 1, 3) === 'PNG' && b[0] === 0x89)
    return {
      kind: 'image',
      extension: 'png',
      contentType: 'image/png',
      width: b.readUInt32BE(16),
      height: b.readUInt32BE(20),
    };
  if (b.length >= 10 && ascii(b, 0, 4) === 'GIF8')
    return {
      kind: 'image',
      extension: 'gif',
      contentType: 'image/gif',
      width: b.readUInt16LE(6),
      height: b.readUInt16LE(8),
    };
  if (b.length >= 16 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP')
    return { kind: 'image', extension: 'webp', contentType: 'image/webp', ...webpSize(b) };
  if (b.length >= 5 && ascii(b, 0, 5) === '%PDF-')
    return { kind: 'pdf', extension: 'pdf', contentType: 'application/pdf' };
  if (b.length >= 12 && ascii(b, 4, 4) === 'ftyp') {
    const brand = ascii(b, 8, 4);
    return brand === 'qt  '
      ? { kind: 'video', extension: 'mov', contentType: 'video/quicktime' }
      : { kind: 'video', extension: 'mp4', contentType: 'video/mp4' };
  }
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3)
    return { kind: 'video', extension: 'webm', contentType: 'video/webm' };
  return undefined;
};
