import { conflict, DomainError, rejected, type BooksLockEvent } from '@rawnaq/contracts';

/** A salon's closed periods as its stream leaves them: the lock date, if any. */
export type LockState = { lockDate: string | null };
export const initialLock: LockState = { lockDate: null };

export const evolveLock = (_state: LockState, event: BooksLockEvent): LockState => ({
  lockDate: event.data.lock_date,
});

export type LockCommand = { lockDate: string | null; reason: string; today: string; by: string };

/**
 * Closing the books up to a date: today at the latest. Opening a closed period again (an earlier lock
 * date, or none) says why; the same lock date again is refused, so every change is a real one.
 */
export const decideLock = (command: LockCommand, state: LockState): BooksLockEvent[] => {
  if (command.lockDate === state.lockDate) throw conflict('accounting.lock_date_unchanged', 'lock_date');
  if (command.lockDate && command.lockDate > command.today)
    throw rejected('accounting.lock_date_in_future', 'lock_date');
  const reopens = state.lockDate !== null && (command.lockDate === null || command.lockDate < state.lockDate);
  if (reopens && !command.reason.trim())
    throw new DomainError('accounting.reopen_reason_required', 422, {
      reason: 'accounting.reopen_reason_required',
    });
  return [
    {
      type: 'BooksLockDateSet',
      data: {
        lock_date: command.lockDate,
        previous_lock_date: state.lockDate,
        reason: command.reason.trim(),
        set_by: command.by,
      },
    },
  ];
};

/** An accountant's own entry (a journal, a bill, a bill paid) dated in a closed period is refused, naming the field. */
export const refuseIfClosed = (lockDate: string | null, date: string, field = 'date') => {
  if (lockDate && date <= lockDate)
    throw new DomainError(
      'accounting.period_closed',
      422,
      { [field]: 'accounting.period_closed' },
      { lock_date: lockDate },
    );
};
