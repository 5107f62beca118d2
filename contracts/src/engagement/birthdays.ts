/**
 * Birthdays on the salon's calendar (the wishes' worker and `pos/birthday-congratulations`): a birth
 * date ('YYYY-MM-DD') is celebrated on the same month and day; born on 29 February, on the 28th in a
 * year without one.
 */
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Her birthday in `year` ('YYYY-MM-DD'), or undefined without a birth date. */
export const birthdayIn = (birthDate: unknown, year: number): string | undefined => {
  if (typeof birthDate !== 'string' || !DATE.test(birthDate)) return undefined;
  const monthDay = birthDate.slice(5, 10) === '02-29' && !isLeap(year) ? '02-28' : birthDate.slice(5, 10);
  return `${String(year).padStart(4, '0')}-${monthDay}`;
};

export const isBirthdayOn = (birthDate: unknown, day: string): boolean =>
  birthdayIn(birthDate, Number(day.slice(0, 4))) === day;

/** Her next birthday on or after `today`. */
export const nextBirthday = (birthDate: unknown, today: string): string | undefined => {
  const year = Number(today.slice(0, 4));
  const thisYear = birthdayIn(birthDate, year);
  if (thisYear === undefined) return undefined;
  return thisYear >= today ? thisYear : birthdayIn(birthDate, year + 1);
};

/** The wish of her birthday of one year: one message whoever asks (see `messageIdOf`). */
export const birthdayPurpose = (customerId: string, year: string) => `birthday:${customerId}:${year}`;
