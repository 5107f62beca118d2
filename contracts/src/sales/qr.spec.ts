import fc from 'fast-check';
import { phase1Qr } from './qr';

/** Reads a phase-1 QR back into its values, tag by tag. */
const read = (qr: string) => {
  const bytes = Buffer.from(qr, 'base64');
  const values: Record<number, string> = {};
  for (let i = 0; i < bytes.length;) {
    const tag = bytes[i];
    const length = bytes[i + 1];
    values[tag] = bytes.subarray(i + 2, i + 2 + length).toString('utf8');
    i += 2 + length;
  }
  return values;
};

describe('the first-phase ZATCA QR code', () => {
  it('given the usual example, then it is the well-known base64', () => {
    expect(
      phase1Qr({
        sellerName: 'Salla',
        vatNumber: '1234567891',
        timestamp: '2021-07-12T14:25:09Z',
        total: '100.00',
        vat: '15.00',
      }),
    ).toBe('AQVTYWxsYQIKMTIzNDU2Nzg5MQMUMjAyMS0wNy0xMlQxNDoyNTowOVoEBjEwMC4wMAUFMTUuMDA=');
  });

  it('given an Arabic seller name, then its length is counted in UTF-8 bytes', () => {
    const qr = phase1Qr({
      sellerName: 'صالون العرض',
      vatNumber: '300000000000003',
      timestamp: '2026-11-25T10:30:00Z',
      total: '126.56',
      vat: '16.51',
    });
    expect(Buffer.from(qr, 'base64')[1]).toBe(Buffer.byteLength('صالون العرض'));
    expect(read(qr)).toEqual({
      1: 'صالون العرض',
      2: '300000000000003',
      3: '2026-11-25T10:30:00Z',
      4: '126.56',
      5: '16.51',
    });
  });

  it('for any values, it is the same bytes as Node writes, and reads back', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 60, unit: 'grapheme' }), { minLength: 5, maxLength: 5 }),
        (v) => {
          const fields = { sellerName: v[0], vatNumber: v[1], timestamp: v[2], total: v[3], vat: v[4] };
          const qr = phase1Qr(fields);
          const node = Buffer.concat(
            v.map((value, i) =>
              Buffer.concat([Buffer.from([i + 1, Buffer.byteLength(value)]), Buffer.from(value)]),
            ),
          ).toString('base64');
          expect(qr).toBe(node);
          expect(read(qr)).toEqual({ 1: v[0], 2: v[1], 3: v[2], 4: v[3], 5: v[4] });
        },
      ),
    );
  });
});
