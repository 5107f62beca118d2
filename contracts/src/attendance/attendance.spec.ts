import { CHECK_IN_DISTANCE_M, distanceMetres } from './attendance';

describe('distanceMetres (haversine)', () => {
  const kingdomTower = { latitude: 24.711667, longitude: 46.674167 };
  it('is zero for one place and symmetric', () => {
    expect(distanceMetres(kingdomTower, kingdomTower)).toBe(0);
    const other = { latitude: 24.7115, longitude: 46.6745 };
    expect(distanceMetres(kingdomTower, other)).toBeCloseTo(distanceMetres(other, kingdomTower), 9);
  });
  it('gives about 111.2 km per degree of latitude', () => {
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      111_194.9,
      0,
    );
  });
  it('tells 40 m (inside the check-in circle) from 60 m (outside)', () => {
    const north = (m: number) => ({
      latitude: kingdomTower.latitude + m / 111_194.93,
      longitude: kingdomTower.longitude,
    });
    expect(distanceMetres(kingdomTower, north(40))).toBeLessThan(CHECK_IN_DISTANCE_M);
    expect(distanceMetres(kingdomTower, north(60))).toBeGreaterThan(CHECK_IN_DISTANCE_M);
  });
});
