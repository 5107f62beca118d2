import { addDays, businessDate, weekdayOf, type BusinessDate } from '@rawnaq/contracts';

/** The demo salon's time zone: its "today" turns at midnight in Riyadh, 21:00 UTC. */
export const TZ = 'Asia/Riyadh';

/**
 * The n-th Sunday-to-Thursday after today in Riyadh (the demo's stylists rest on Fridays and some
 * tests keep Saturdays clear). Distinct n give distinct days whatever today is, so two tests that
 * ask for different days never share one; the demo's own visits stay within the next four days.
 * `today` is the real one unless a test's clock says otherwise (one moved into the send window).
 */
export const workday = (nth: number, today: Date = new Date()): BusinessDate => {
  let date = businessDate(today, TZ);
  for (let counted = 0; counted < nth;) {
    date = addDays(date, 1);
    if (![5, 6].includes(weekdayOf(date))) counted += 1;
  }
  return date;
};
