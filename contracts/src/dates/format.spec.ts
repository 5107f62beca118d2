import { formatDate, formatTime, formatViewDateTime, formatViewTime } from './index';

const late = '2024-05-14T22:30:05Z'; // 01:30:05 on 15 May in Riyadh

describe('formatDate', () => {
  it('prints YYYY-MM-DD of the business day', () => {
    expect(formatDate(late, { locale: 'en', tz: 'Asia/Riyadh' })).toBe('2024-05-15');
    expect(formatDate('2024-05-15', { locale: 'en' })).toBe('2024-05-15');
    expect(formatDate(late, { locale: 'ar', tz: 'Asia/Riyadh' })).toBe('2024-05-15');
    expect(formatDate(late, { locale: 'ar', tz: 'Asia/Riyadh', arabicDigits: true })).toBe('٢٠٢٤-٠٥-١٥');
  });

  it('needs a zone for an instant', () => {
    expect(() => formatDate(late, { locale: 'en' })).toThrow(RangeError);
  });
});

describe('formatTime', () => {
  it('prints HH:mm:ss in the salon zone', () => {
    expect(formatTime(late, { locale: 'en', tz: 'Asia/Riyadh' })).toBe('01:30:05');
    expect(formatTime(late, { locale: 'en', tz: 'Asia/Dubai' })).toBe('02:30:05');
    expect(formatTime('21:05', { locale: 'en' })).toBe('21:05:00');
    expect(formatTime('21:05:09', { locale: 'ar', arabicDigits: true })).toBe('٢١:٠٥:٠٩');
  });
});

describe('formatViewTime', () => {
  it('prints hh:mm A in English', () => {
    expect(formatViewTime('21:15:00', { locale: 'en' })).toBe('09:15 PM');
    expect(formatViewTime('09:15', { locale: 'en' })).toBe('09:15 AM');
    expect(formatViewTime('00:00', { locale: 'en' })).toBe('12:00 AM');
    expect(formatViewTime('12:00', { locale: 'en' })).toBe('12:00 PM');
    expect(formatViewTime('11:59:59', { locale: 'en' })).toBe('11:59 AM');
    expect(formatViewTime(late, { locale: 'en', tz: 'Asia/Riyadh' })).toBe('01:30 AM');
  });

  it('uses ص and م in Arabic, with Arabic digits on request', () => {
    expect(formatViewTime('21:15', { locale: 'ar' })).toBe('09:15 م');
    expect(formatViewTime('09:15', { locale: 'ar' })).toBe('09:15 ص');
    expect(formatViewTime('00:30', { locale: 'ar', arabicDigits: true })).toBe('١٢:٣٠ ص');
    expect(formatViewTime('12:45', { locale: 'ar', arabicDigits: true })).toBe('١٢:٤٥ م');
  });

  it('combines date and view time', () => {
    expect(formatViewDateTime(late, { locale: 'en', tz: 'Asia/Riyadh' })).toBe('2024-05-15 01:30 AM');
    expect(formatViewDateTime(late, { locale: 'ar', tz: 'Asia/Kuwait', arabicDigits: true })).toBe(
      '٢٠٢٤-٠٥-١٥ ٠١:٣٠ ص',
    );
  });
});
