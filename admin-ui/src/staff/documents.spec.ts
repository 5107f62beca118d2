import type { BusinessDate } from '@rawnaq/contracts';
import { documentState, firstExpiry, tenure } from './documents';

const today = '2026-12-02' as BusinessDate;

describe("an employee's papers", () => {
  it('are expired from the day after their date, expiring within 60 days, valid after', () => {
    expect(documentState('2026-12-01', today)).toEqual({ state: 'expired', days: 1 });
    expect(documentState('2026-12-02', today)).toEqual({ state: 'expiring', days: 0 });
    expect(documentState('2027-01-31', today)).toEqual({ state: 'expiring', days: 60 });
    expect(documentState('2027-02-01', today)).toEqual({ state: 'valid', days: 61 });
    expect(documentState(null, today)).toEqual({ state: 'missing' });
  });

  it('name the one to see to first: the earliest date of those on file', () => {
    expect(firstExpiry({ passport_expiry: '2028-01-01', residency_expiry: '2026-12-20' }, today)).toEqual({
      document: 'residency_expiry',
      expiry: '2026-12-20',
      state: { state: 'expiring', days: 18 },
    });
    expect(firstExpiry({ passport_expiry: null, residency_expiry: undefined }, today)).toBeUndefined();
  });
});

describe('time at the salon', () => {
  it('counts whole months, a month being complete on the same day of the month', () => {
    expect(tenure('2023-12-02', today)).toEqual({ years: 3, months: 0 });
    expect(tenure('2023-12-03', today)).toEqual({ years: 2, months: 11 });
    expect(tenure('2026-11-15', today)).toEqual({ years: 0, months: 0 });
    expect(tenure('2027-01-01', today)).toBeUndefined();
    expect(tenure(null, today)).toBeUndefined();
  });
});
