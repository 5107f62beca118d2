/**
 * The browser's position, and its failures as the attendance screen names them (spec doc2 §8.2
 * "Geolocation: unsupported, denied, unavailable, timed out").
 */
export type GeoFailure = 'unsupported' | 'denied' | 'unavailable' | 'timeout';

export type GeoPoint = { latitude: number; longitude: number; accuracy: number };

export class GeolocationFailure extends Error {
  constructor(readonly reason: GeoFailure) {
    super(`app.staff.attendance.geo.${reason}`);
    this.name = 'GeolocationFailure';
  }
}

/** GeolocationPositionError codes: 1 PERMISSION_DENIED, 2 POSITION_UNAVAILABLE, 3 TIMEOUT. */
export const failureOf = (code: number | undefined): GeoFailure =>
  code === 1 ? 'denied' : code === 3 ? 'timeout' : 'unavailable';

export const geoMessageKey = (reason: GeoFailure) => `app.staff.attendance.geo.${reason}`;

/** One fresh reading (no cached position: a check-in must be where the phone is now). */
export const currentPosition = (
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
  timeoutMs = 15_000,
): Promise<GeoPoint> =>
  new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new GeolocationFailure('unsupported'));
      return;
    }
    geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: Math.round(position.coords.accuracy ?? 0),
        }),
      (error) => reject(new GeolocationFailure(failureOf(error?.code))),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 0 },
    );
  });
