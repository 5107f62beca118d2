import { useMemo } from 'react';
import {
  formatDate,
  formatMoney,
  formatViewDateTime,
  type Currency,
  type GlobalInformation,
  type TenantTimeZone,
} from '@rawnaq/contracts';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';

export type Formatters = {
  /** The zone dates are shown in: the salon's, or the browser's in the manager area. */
  timeZone: string;
  dateTime(instant: unknown): string;
  date(value: unknown): string;
  money(minorUnits: unknown): string;
};

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Dates and money as spec doc2 §9 shows them, in the page's language, through the contracts' helpers. */
export const useFormat = (): Formatters => {
  const { language } = useArea();
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const account = information?.global_informations?.account;
  return useMemo(() => {
    // The manager area has no salon: its dates are read in the zone of the person looking at them.
    const tz = (account?.time_zone ?? browserZone()) as TenantTimeZone;
    const currency = (account?.currency ?? 'SAR') as Currency;
    const safely = (format: () => string, fallback: unknown) => {
      try {
        return format();
      } catch {
        return fallback === null || fallback === undefined ? '' : String(fallback);
      }
    };
    return {
      timeZone: tz,
      dateTime: (instant) =>
        instant === null || instant === undefined || instant === ''
          ? ''
          : safely(() => formatViewDateTime(instant as string, { locale: language, tz }), instant),
      date: (value) =>
        value === null || value === undefined || value === ''
          ? ''
          : safely(() => formatDate(value as string, { locale: language, tz }), value),
      money: (minorUnits) =>
        typeof minorUnits === 'number' && Number.isSafeInteger(minorUnits)
          ? safely(() => formatMoney({ amount: minorUnits, currency }, { locale: language }), minorUnits)
          : '',
    };
  }, [language, account?.time_zone, account?.currency]);
};
