import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';

export const EARTH_RADIUS_M = 6_371_000;
export const CHECK_IN_DISTANCE_M = 50;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres between two points (haversine, spec doc2 §9: earth radius 6,371,000 m). */
export const distanceMetres = (
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number => {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
};

/** Where the phone says the employee is. */
export const attendanceInput = z.preprocess(
  cleanPayload,
  z.object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    accuracy: z.number().min(0).optional(),
  }),
);

export const ATTENDANCE_CATEGORY = 'attendance';

export type AttendanceEvent =
  | {
      type: 'CheckedIn';
      data: {
        employee_id: string;
        latitude: number;
        longitude: number;
        distance_m: number;
        business_date: string;
      };
    }
  | {
      type: 'CheckedOut';
      data: {
        employee_id: string;
        latitude: number;
        longitude: number;
        distance_m: number;
        business_date: string;
      };
    };
