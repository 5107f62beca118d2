import {
  CHECK_IN_DISTANCE_M,
  conflict,
  distanceMetres,
  DomainError,
  type AttendanceEvent,
} from '@rawnaq/contracts';

type Point = { latitude: number; longitude: number };

/** One employee's attendance: whether a shift is open. */
export type AttendanceState = { open: boolean };
export const initialAttendanceState: AttendanceState = { open: false };

export const evolveAttendance = (_: AttendanceState, event: AttendanceEvent): AttendanceState => ({
  open: event.type === 'CheckedIn',
});

export type AttendanceCommand = {
  type: 'CheckIn' | 'CheckOut';
  employeeId: string;
  at: Point;
  place: Point | undefined;
  businessDate: string;
};

/** Check-in and check-out only within 50 m of the salon (doc2 §5.5, §9), measured by haversine. */
export const decideAttendance = (command: AttendanceCommand, state: AttendanceState): AttendanceEvent[] => {
  if (!command.place) throw new DomainError('attendance.location_not_set', 422);
  const distance = Math.round(distanceMetres(command.place, command.at));
  if (distance > CHECK_IN_DISTANCE_M)
    throw new DomainError('attendance.too_far', 422, undefined, { distance });
  if (command.type === 'CheckIn' && state.open) throw conflict('attendance.already_checked_in');
  if (command.type === 'CheckOut' && !state.open) throw conflict('attendance.not_checked_in');
  const data = {
    employee_id: command.employeeId,
    latitude: command.at.latitude,
    longitude: command.at.longitude,
    distance_m: distance,
    business_date: command.businessDate,
  };
  return [{ type: command.type === 'CheckIn' ? 'CheckedIn' : 'CheckedOut', data }];
};
