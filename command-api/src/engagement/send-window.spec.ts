import { nextSendTime, sendWindowOf, type SendWindow } from './send-window';

// Riyadh is UTC+3 all year: 09:00 there is 06:00Z. 2026-12-04 is a Friday.
const riyadh: SendWindow = {
  timeZone: 'Asia/Riyadh',
  from: '09:00',
  until: '23:00',
  muteFridayPrayer: false,
};
const at = (iso: string) => Date.parse(iso);
const when = (iso: string, w: SendWindow = riyadh) => {
  const next = nextSendTime(at(iso), w);
  return { at: new Date(next.at).toISOString(), why: next.why };
};

describe('the send window (fake clock, salon time zone)', () => {
  it('sends at once inside 09:00-23:00', () => {
    expect(when('2026-12-03T06:00:00.000Z')).toEqual({ at: '2026-12-03T06:00:00.000Z', why: undefined });
    expect(when('2026-12-03T19:59:59.000Z').why).toBeUndefined(); // 22:59:59 in Riyadh
  });

  it('waits until 09:00 when it is earlier, and until tomorrow 09:00 from 23:00', () => {
    expect(when('2026-12-03T02:30:00.000Z')).toEqual({
      at: '2026-12-03T06:00:00.000Z',
      why: 'outside_window',
    });
    expect(when('2026-12-03T20:00:00.000Z')).toEqual({
      at: '2026-12-04T06:00:00.000Z',
      why: 'outside_window',
    });
    // 23:30 UTC is already the 4th at 02:30 in Riyadh: that morning, not the next
    expect(when('2026-12-03T23:30:00.000Z').at).toBe('2026-12-04T06:00:00.000Z');
  });

  it('keeps to a narrower window the salon chose', () => {
    const narrow = { ...riyadh, from: '10:30', until: '20:00' };
    expect(when('2026-12-03T07:00:00.000Z', narrow).at).toBe('2026-12-03T07:30:00.000Z');
    expect(when('2026-12-03T17:00:00.000Z', narrow).at).toBe('2026-12-04T07:30:00.000Z');
  });

  it('never reaches outside 09:00-23:00, whatever was saved', () => {
    const wide = { ...riyadh, from: '06:00', until: '23:59' };
    expect(when('2026-12-03T04:00:00.000Z', wide).at).toBe('2026-12-03T06:00:00.000Z');
    expect(when('2026-12-03T20:10:00.000Z', wide).at).toBe('2026-12-04T06:00:00.000Z');
  });

  it('mutes Friday prayer when asked (11:30-13:30), and only on Fridays', () => {
    const muted = { ...riyadh, muteFridayPrayer: true };
    expect(when('2026-12-04T09:00:00.000Z', muted)).toEqual({
      at: '2026-12-04T10:30:00.000Z',
      why: 'prayer_time',
    });
    expect(when('2026-12-04T08:29:00.000Z', muted).why).toBeUndefined(); // 11:29
    expect(when('2026-12-03T09:00:00.000Z', muted).why).toBeUndefined(); // Thursday 12:00
    expect(when('2026-12-04T09:00:00.000Z').why).toBeUndefined(); // not muted
  });

  it('follows the salon’s zone (Dubai is UTC+4)', () => {
    expect(when('2026-12-03T04:00:00.000Z', { ...riyadh, timeZone: 'Asia/Dubai' }).at).toBe(
      '2026-12-03T05:00:00.000Z',
    );
  });

  it('reads the window from Settings → Notifications, keeping the limits when none was saved', () => {
    expect(sendWindowOf({}, 'Asia/Riyadh')).toEqual(riyadh);
    expect(
      sendWindowOf({ send_from: '10:00', send_until: '21:00', mute_friday_prayer: true }, 'Asia/Riyadh'),
    ).toEqual({
      ...riyadh,
      from: '10:00',
      until: '21:00',
      muteFridayPrayer: true,
    });
  });
});
