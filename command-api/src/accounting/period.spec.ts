import { DomainError } from '@rawnaq/contracts';
import { decideLock, evolveLock, initialLock, refuseIfClosed, type LockState } from './period';

const closed = (lockDate: string): LockState => ({ lockDate });
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('not refused');
};

describe('closing the books (the lock date)', () => {
  const today = '2026-12-03';

  it('given open books, when closed up to the end of last month, records the lock date', () => {
    const events = decideLock({ lockDate: '2026-11-30', reason: '', today, by: 'u1' }, initialLock);
    expect(events).toEqual([
      {
        type: 'BooksLockDateSet',
        data: { lock_date: '2026-11-30', previous_lock_date: null, reason: '', set_by: 'u1' },
      },
    ]);
    expect(evolveLock(initialLock, events[0])).toEqual({ lockDate: '2026-11-30' });
  });

  it('refuses a lock date after today, and the same lock date again', () => {
    expect(
      refusal(() => decideLock({ lockDate: '2026-12-04', reason: '', today, by: 'u1' }, initialLock)),
    ).toMatchObject({
      key: 'accounting.lock_date_in_future',
      status: 422,
      errors: { lock_date: 'accounting.lock_date_in_future' },
    });
    expect(
      refusal(() =>
        decideLock({ lockDate: '2026-11-30', reason: '', today, by: 'u1' }, closed('2026-11-30')),
      ),
    ).toMatchObject({ key: 'accounting.lock_date_unchanged', status: 409 });
  });

  it('given closed books, opening a period again needs a reason; moving the lock date later does not', () => {
    expect(
      refusal(() =>
        decideLock({ lockDate: '2026-10-31', reason: ' ', today, by: 'u1' }, closed('2026-11-30')),
      ),
    ).toMatchObject({
      key: 'accounting.reopen_reason_required',
      errors: { reason: 'accounting.reopen_reason_required' },
    });
    expect(
      refusal(() => decideLock({ lockDate: null, reason: '', today, by: 'u1' }, closed('2026-11-30'))),
    ).toMatchObject({
      key: 'accounting.reopen_reason_required',
    });
    expect(
      decideLock({ lockDate: null, reason: 'A missed bill', today, by: 'u1' }, closed('2026-11-30'))[0].data,
    ).toMatchObject({ lock_date: null, previous_lock_date: '2026-11-30', reason: 'A missed bill' });
    expect(
      decideLock({ lockDate: '2026-12-01', reason: '', today, by: 'u1' }, closed('2026-11-30')),
    ).toHaveLength(1);
  });

  it('refuses an entry dated on or before the lock date, naming its field and the lock date', () => {
    expect(refusal(() => refuseIfClosed('2026-11-30', '2026-11-30'))).toMatchObject({
      key: 'accounting.period_closed',
      errors: { date: 'accounting.period_closed' },
      params: { lock_date: '2026-11-30' },
    });
    expect(() => refuseIfClosed('2026-11-30', '2026-12-01')).not.toThrow();
    expect(() => refuseIfClosed(null, '2020-01-01')).not.toThrow();
  });
});
