import type { Locale } from '@rawnaq/contracts';
import { useState } from 'react';
import type { FreeTimes } from '../api';
import { dateChip, plusDays, timeOf, todayIn } from '../format';
import { useLoaded, useT } from '../hooks';
import { Loadable } from './States';

/** How many days ahead a customer may pick from. */
export const DAYS_AHEAD = 14;

/**
 * A day (the next two weeks, on the salon's clock) and one of its free starts for a visit of these
 * services: with the chosen employee, or any (`employee` empty). `version` asks the times again.
 */
export const TimePicker = ({
  locale,
  alias,
  timeZone,
  serviceIds,
  employee,
  selected,
  onPick,
  version = 0,
}: {
  locale: Locale;
  alias: string;
  timeZone: string;
  serviceIds: string[];
  employee: string;
  selected: string | null;
  onPick: (start: string) => void;
  version?: number;
}) => {
  const t = useT(locale);
  const today = todayIn(timeZone);
  const [date, setDate] = useState(today);
  const path =
    `salons/${encodeURIComponent(alias)}/availability?service_ids=${encodeURIComponent(JSON.stringify(serviceIds))}` +
    `&date=${date}${employee ? `&employee_id=${encodeURIComponent(employee)}` : ''}&v=${version}`;
  const times = useLoaded<FreeTimes>(serviceIds.length ? path : null);
  const starts =
    times.state.status === 'found'
      ? employee
        ? (times.state.value.employees.find((e) => e.employee_id === employee)?.starts ?? [])
        : times.state.value.any_employee
      : [];
  return (
    <>
      <p className="field-label">{t('booking.date')}</p>
      <div className="day-chips" role="radiogroup" aria-label={t('booking.date')}>
        {Array.from({ length: DAYS_AHEAD }, (_, i) => plusDays(today, i)).map((d) => {
          const chip = dateChip(locale, d);
          return (
            <button
              key={d}
              type="button"
              role="radio"
              aria-checked={d === date}
              className={d === date ? 'chip on' : 'chip'}
              onClick={() => setDate(d)}
              data-testid={`day-${d}`}
            >
              <small>{chip.weekday}</small>
              {chip.day}
            </button>
          );
        })}
      </div>
      <p className="field-label">{t('booking.times')}</p>
      <Loadable locale={locale} state={times.state} retry={times.retry}>
        {() =>
          starts.length === 0 ? (
            <p className="muted" data-testid="no-times">
              {t('booking.no_times')}
            </p>
          ) : (
            <div className="times" role="radiogroup" aria-label={t('booking.times')}>
              {starts.map((s) => (
                <button
                  key={s}
                  type="button"
                  role="radio"
                  aria-checked={s === selected}
                  className={s === selected ? 'chip on' : 'chip'}
                  onClick={() => onPick(s)}
                  data-testid="time-option"
                >
                  {timeOf(locale, s, timeZone)}
                </button>
              ))}
            </div>
          )
        }
      </Loadable>
    </>
  );
};
