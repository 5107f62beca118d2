import { date, notAfter, time } from './dates';

describe('date', () => {
  it.each(['2026-11-21', '2024-02-29'])('accepts %s', (v) => expect(date(v)).toBeUndefined());
  it.each(['2026-02-30', '2025-02-29', '21/11/2026', '2026-1-5', 'x'])('rejects %s', (v) =>
    expect(date(v)).toEqual({ key: 'validation.should_be_a_date' }),
  );
  it('leaves empty to Required', () => expect(date('')).toBeUndefined());
});

describe('notAfter', () => {
  const rule = notAfter('2026-11-21');
  it('accepts today and earlier', () => {
    expect(rule('2026-11-21')).toBeUndefined();
    expect(rule('1990-05-01')).toBeUndefined();
  });
  it('rejects tomorrow', () => expect(rule('2026-11-22')).toEqual({ key: 'validation.date_in_future' }));
  it('still checks the format', () =>
    expect(rule('2026-13-01')).toEqual({ key: 'validation.should_be_a_date' }));
});

describe('time', () => {
  it.each(['00:00', '09:30', '23:59'])('accepts %s', (v) => expect(time(v)).toBeUndefined());
  it.each(['24:00', '9:30', '09:60', '09:30:00', 'noon'])('rejects %s', (v) =>
    expect(time(v)).toEqual({ key: 'validation.should_be_a_time' }),
  );
});
