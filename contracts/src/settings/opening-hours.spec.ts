import { fieldErrors } from '../validators/zod';
import { customBusinessHoursInput, businessHoursInput, DEFAULT_WEEK } from './settings-input';
import { employeePeriodInput } from '../staff/staff-input';
import {
  closesNextDay,
  dayOpening,
  openingOn,
  openMinutesOnWeekday,
  overlapsNextDay,
  weekdayOf,
  type OpeningDay,
} from './opening-hours';

const open = (from: string, to: string): OpeningDay => ({ is_open: true, from, to });
const closed: OpeningDay = { is_open: false };
/** Sunday first; Thursday (4) and Friday (5) are the late nights of a Gulf salon in Ramadan. */
const weekWith = (days: Partial<Record<number, OpeningDay>>): OpeningDay[] =>
  [0, 1, 2, 3, 4, 5, 6].map((d) => days[d] ?? open('10:00', '22:00'));

describe('hours that run past midnight', () => {
  describe('one day', () => {
    it('given 16:00-02:00, when read, then it closes the next day, 600 minutes later', () => {
      expect(closesNextDay('16:00', '02:00')).toBe(true);
      expect(dayOpening(open('16:00', '02:00'))).toEqual({ from: 960, to: 1560 });
    });

    it('given 10:00-22:00, when read, then it closes the same day', () => {
      expect(closesNextDay('10:00', '22:00')).toBe(false);
      expect(dayOpening(open('10:00', '22:00'))).toEqual({ from: 600, to: 1320 });
    });

    it('given 20:00-00:00, when read, then it closes at midnight', () => {
      expect(dayOpening(open('20:00', '00:00'))).toEqual({ from: 1200, to: 1440 });
    });

    it('given a closed day, a day without both times or the same minute twice, when read, then it is not open', () => {
      expect(dayOpening(closed)).toBeUndefined();
      expect(dayOpening({ is_open: true, from: '10:00' })).toBeUndefined();
      expect(dayOpening(open('10:00', '10:00'))).toBeUndefined();
      expect(dayOpening(undefined)).toBeUndefined();
    });
  });

  describe('a weekday of the clock', () => {
    it('given Thursday 16:00-02:00, when Friday is read, then Friday starts with Thursday’s last two hours', () => {
      const week = weekWith({ 4: open('16:00', '02:00'), 5: open('16:00', '23:00') });
      expect(openMinutesOnWeekday(week, 4)).toEqual([{ from: 960, to: 1440 }]);
      expect(openMinutesOnWeekday(week, 5)).toEqual([
        { from: 0, to: 120 },
        { from: 960, to: 1380 },
      ]);
    });

    it('given Saturday past midnight, when Sunday is read, then the week wraps round', () => {
      const week = weekWith({ 6: open('18:00', '01:30') });
      expect(openMinutesOnWeekday(week, 0)).toEqual([
        { from: 0, to: 90 },
        { from: 600, to: 1320 },
      ]);
    });

    it('given a closed Friday after a late Thursday, when Friday is read, then only the spill-over is open', () => {
      const week = weekWith({ 4: open('16:00', '02:00'), 5: closed });
      expect(openMinutesOnWeekday(week, 5)).toEqual([{ from: 0, to: 120 }]);
    });
  });

  describe('a business date, as instants', () => {
    it('given Thursday 2027-03-04 16:00-02:00 in Riyadh, when read, then it ends on Friday at 02:00 local (23:00 UTC)', () => {
      expect(weekdayOf('2027-03-04')).toBe(4);
      expect(openingOn(open('16:00', '02:00'), '2027-03-04', 'Asia/Riyadh')).toEqual({
        from: '2027-03-04T13:00:00.000Z',
        to: '2027-03-04T23:00:00.000Z',
      });
    });

    it('given 10:00-22:00 in Dubai, when read, then it ends the same date', () => {
      expect(openingOn(open('10:00', '22:00'), '2027-03-06', 'Asia/Dubai')).toEqual({
        from: '2027-03-06T06:00:00.000Z',
        to: '2027-03-06T18:00:00.000Z',
      });
    });

    it('given 21:00-03:00 on the last day of a month, when read, then it ends on the first of the next', () => {
      expect(openingOn(open('21:00', '03:00'), '2027-02-28', 'Asia/Riyadh')).toEqual({
        from: '2027-02-28T18:00:00.000Z',
        to: '2027-03-01T00:00:00.000Z',
      });
    });

    it("given 20:00-00:00, when read, then it ends at the next date's midnight (not this one's)", () => {
      expect(openingOn(open('20:00', '00:00'), '2027-03-04', 'Asia/Riyadh')).toEqual({
        from: '2027-03-04T17:00:00.000Z',
        to: '2027-03-04T21:00:00.000Z',
      });
    });

    it('given a closed day, when read, then there is no opening', () => {
      expect(openingOn(closed, '2027-03-04', 'Asia/Riyadh')).toBeUndefined();
    });
  });

  describe('the rules', () => {
    it('given a week with Thursday 16:00-02:00, when saved, then it is accepted', () => {
      const days = weekWith({ 4: open('16:00', '02:00') });
      expect(businessHoursInput.safeParse({ days }).success).toBe(true);
      expect(overlapsNextDay(days)).toEqual([]);
    });

    it('given a day that opens and closes at the same minute, when saved, then the closing time is refused', () => {
      const days = weekWith({ 2: open('16:00', '16:00') });
      const result = businessHoursInput.safeParse({ days });
      expect(result.success).toBe(false);
      expect(fieldErrors(result.error!, { days })).toEqual({ 'days.2.to': 'settings.closes_when_it_opens' });
    });

    it('given Thursday running past Friday’s opening, when saved, then Thursday’s closing time is refused', () => {
      const days = weekWith({ 4: open('16:00', '11:00'), 5: open('10:00', '22:00') });
      const result = businessHoursInput.safeParse({ days });
      expect(fieldErrors(result.error!, { days })).toEqual({
        'days.4.to': 'settings.closes_after_next_day_opens',
      });
    });

    it('given an open day without a closing time, when saved, then it is required', () => {
      const days = weekWith({ 1: { is_open: true, from: '10:00' } });
      const result = businessHoursInput.safeParse({ days });
      expect(fieldErrors(result.error!, { days })).toEqual({ 'days.1.to': 'validation.is_required' });
    });

    // the week's rule parsed every day's times and threw RangeError (a 500) on one that was not HH:mm (issue 9)
    it('given a day whose time is not a time, when saved, then that time is refused and the week rule waits', () => {
      for (const bad of ['ten', 'invoice\u202Egnp.exe', '25:00']) {
        const days = weekWith({ 4: open('16:00', bad), 5: open(bad, '22:00') });
        const result = businessHoursInput.safeParse({ days });
        expect(result.success).toBe(false);
        expect(Object.keys(fieldErrors(result.error!, { days })).sort()).toEqual([
          'days.4.to',
          'days.5.from',
        ]);
      }
    });

    it('given Ramadan hours 20:00-02:00 for a period, when saved, then they are accepted', () => {
      const ramadan = {
        name: 'Ramadan',
        from_date: '2027-02-08',
        to_date: '2027-03-09',
        is_open: true,
        from: '20:00',
        to: '02:00',
      };
      expect(customBusinessHoursInput.safeParse(ramadan).success).toBe(true);
      const same = { ...ramadan, to: '20:00' };
      expect(fieldErrors(customBusinessHoursInput.safeParse(same).error!, same)).toEqual({
        to: 'settings.closes_when_it_opens',
      });
    });

    it("given an employee's late shift 18:00-01:00 for a period, when saved, then it is accepted", () => {
      const shift = {
        kind: 'custom_hours',
        from_date: '2027-02-08',
        to_date: '2027-02-10',
        from: '18:00',
        to: '01:00',
      };
      expect(employeePeriodInput.safeParse(shift).success).toBe(true);
    });

    it('given the default week, when read, then nothing runs past midnight', () => {
      expect(overlapsNextDay(DEFAULT_WEEK)).toEqual([]);
      expect(DEFAULT_WEEK.every((d) => dayOpening(d)!.to <= 1440)).toBe(true);
    });
  });
});
