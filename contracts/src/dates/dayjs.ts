import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// The only place plugins are loaded: dayjs plugins patch the shared instance, so loading them once here
// keeps every date computation of the product on the same configuration. Not exported from the package.
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

export { dayjs };
export type { Dayjs } from 'dayjs';
