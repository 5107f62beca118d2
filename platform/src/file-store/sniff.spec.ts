import { sniff } from './sniff';

const png = (w: number, h: number) => {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return b;
};
const jpeg = (w: number, h: number) =>
  Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x04,
    0x00,
    0x00,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    h >> 8,
    h & 255,
    w >> 8,
    w & 255,
    0x03,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);

describe('sniff', () => {
  it('reads PNG and JPEG dimensions from their headers', () => {
    expect(sniff(png(512, 512))).toEqual({
      kind: 'image',
      extension: 'png',
      contentType: 'image/png',
      width: 512,
      height: 512,
    });
    expect(sniff(jpeg(640, 480))).toMatchObject({ kind: 'image', extension: 'jpg', width: 640, height: 480 });
  });
  it('tells PDFs, videos and GIFs, and nothing else', () => {
    expect(sniff(Buffer.from('%PDF-1.7\n...'))?.kind).toBe('pdf');
    expect(sniff(Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0', 'latin1'))?.extension).toBe('mp4');
    expect(sniff(Buffer.from('GIF89a\x10\x00\x20\x00', 'latin1'))).toMatchObject({ width: 16, height: 32 });
    expect(sniff(Buffer.from('MZ\x90\x00 executable', 'latin1'))).toBeUndefined();
    expect(sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });
});
