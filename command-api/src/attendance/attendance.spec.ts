import { DomainError, type AttendanceEvent } from '@rawnaq/contracts';
import {
  decideAttendance,
  evolveAttendance,
  initialAttendanceState,
  type AttendanceCommand,
} from './attendance';

const salon = { latitude: 24.711667, longitude: 46.674167 };
const metresNorth = (m: number) => ({
  latitude: salon.latitude + m / 111_194.93,
  longitude: salon.longitude,
});
const command = (type: 'CheckIn' | 'CheckOut', m: number): AttendanceCommand => ({
  type,
  employeeId: 'e1',
  at: metresNorth(m),
  place: salon,
  businessDate: '2026-11-22',
});
const checkedIn: AttendanceEvent = {
  type: 'CheckedIn',
  data: { employee_id: 'e1', ...metresNorth(10), distance_m: 10, business_date: '2026-11-22' },
};
const rejects = (run: () => unknown, key: string, params?: object) => {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect(e).toMatchObject({ key, ...(params && { params }) });
    return;
  }
  throw new Error('expected a rejection');
};

describe('attendance', () => {
  it('checks in within 50 m of the salon, recording the distance', () => {
    expect(decideAttendance(command('CheckIn', 30), initialAttendanceState)).toEqual([
      {
        type: 'CheckedIn',
        data: { employee_id: 'e1', ...metresNorth(30), distance_m: 30, business_date: '2026-11-22' },
      },
    ]);
  });
  it('refuses 51 m and more, saying how far', () =>
    rejects(() => decideAttendance(command('CheckIn', 80), initialAttendanceState), 'attendance.too_far', {
      distance: 80,
    }));
  it('needs the salon location', () =>
    rejects(
      () => decideAttendance({ ...command('CheckIn', 0), place: undefined }, initialAttendanceState),
      'attendance.location_not_set',
    ));
  it('does not check in twice, nor out before in', () => {
    const open = [checkedIn].reduce(evolveAttendance, initialAttendanceState);
    rejects(() => decideAttendance(command('CheckIn', 5), open), 'attendance.already_checked_in');
    rejects(
      () => decideAttendance(command('CheckOut', 5), initialAttendanceState),
      'attendance.not_checked_in',
    );
    expect(decideAttendance(command('CheckOut', 5), open)[0].type).toBe('CheckedOut');
  });
});
