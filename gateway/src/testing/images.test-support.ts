import { crc32, deflateSync } from 'node:zlib';

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};

/**
 * A whole PNG of the given size (8-bit RGB, a gradient), that decodes: the server decodes uploaded
 * images, so a signature and an IHDR alone are refused.
 */
export const png = (width: number, height: number): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rows.set([x % 256, y % 256, 128], y * (1 + width * 3) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A PNG signature and header followed by garbage: what the server used to take as an image (issue 9). */
export const pngSignatureThenGarbage = (width: number, height: number): Buffer => {
  const whole = png(width, height);
  const garbage = Buffer.alloc(200, 0x41);
  return Buffer.concat([whole.subarray(0, 33), garbage]);
};
