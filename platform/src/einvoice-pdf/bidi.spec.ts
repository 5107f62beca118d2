import { isRtl, visualRuns } from './bidi';

/** Runs as drawn left to right; an rtl run is handed to fontkit in logical order (it reverses it). */
const runs = (text: string, rtl?: boolean) =>
  visualRuns(text, rtl).map((r) => `${r.rtl ? 'R' : 'L'}:${r.text}`);

describe('visualRuns', () => {
  it('keeps a one-direction text whole', () => {
    expect(runs('Tax Invoice')).toEqual(['L:Tax Invoice']);
    expect(runs('فاتورة ضريبية مبسطة')).toEqual(['R:فاتورة ضريبية مبسطة']);
    expect(runs('INV-1001')).toEqual(['L:INV-1001']);
    expect(runs('')).toEqual([]);
  });

  it('puts the English of an Arabic-first bilingual name on the left', () => {
    expect(isRtl('صالون رونق | Rawnaq Salon')).toBe(true);
    expect(runs('صالون رونق | Rawnaq Salon')).toEqual(['L:Rawnaq Salon', 'R:صالون رونق | ']);
    expect(runs('Rawnaq Salon | صالون رونق')).toEqual(['L:Rawnaq Salon | ', 'R:صالون رونق']);
  });

  it('reads numbers left to right inside Arabic, in the Arabic order of words', () => {
    expect(runs('صفحة 1 من 2')).toEqual(['L:2', 'R: من ', 'L:1', 'R:صفحة ']);
    expect(runs('المبالغ بعملة SAR')).toEqual(['L:SAR', 'R:المبالغ بعملة ']);
    expect(runs('مثال 1,234.50 ريال')).toEqual(['R: ريال', 'L:1,234.50', 'R:مثال ']);
    // in an English line, a number after Arabic belongs to the Arabic (drawn to its left)
    expect(runs('Total مبلغ 123')).toEqual(['L:Total ', 'L:123', 'R:مبلغ ']);
  });

  it('pairs brackets (N0) and mirrors them in right-to-left runs', () => {
    expect(runs('Rawnaq (رونق) 2026-01-02')).toEqual(['L:Rawnaq (', 'R:رونق', 'L:) ', 'L:2026-01-02']);
    expect(runs('مثال (نص) 12.50 ريال')).toEqual(['R: ريال', 'L:12.50', 'R:مثال )نص( ']);
    expect(runs('(بدون)')).toEqual(['R:)بدون(']);
  });

  it('takes the paragraph direction it is given', () => {
    expect(runs('Haircut', true)).toEqual(['L:Haircut']);
    expect(runs('1 - 2', true)).toEqual(['L:2', 'L: - ', 'L:1']); // as a browser shows it in dir="rtl"
    expect(runs('قص | cut', false)).toEqual(['R:قص', 'L: | cut']);
  });
});
