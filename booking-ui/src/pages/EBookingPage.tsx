import type { Locale } from '@rawnaq/contracts';
import type { EBooking } from '../api';
import { Loadable } from '../components/States';
import { calendarFile, dayOf, nameIn, timeOf } from '../format';
import { useLoaded, usePageMeta, useT } from '../hooks';
import { salonPath } from '../routes';

const STATUS = {
  0: 'booking.status_cancelled',
  1: 'booking.status_scheduled',
  2: 'booking.status_checked_in',
} as const;

const Visit = ({
  locale,
  booking,
  justBooked,
  timeZone,
}: {
  locale: Locale;
  booking: EBooking;
  justBooked: boolean;
  timeZone: string;
}) => {
  const t = useT(locale);
  const salonName = nameIn(locale, booking.salon);
  usePageMeta(locale, `${t(justBooked ? 'booking.done' : 'booking.number')} · ${salonName}`);
  const ics = `data:text/calendar;charset=utf-8,${encodeURIComponent(
    calendarFile(salonName, booking.start, booking.end, booking.unique_id),
  )}`;
  const status = STATUS[booking.status as keyof typeof STATUS] ?? 'booking.status_scheduled';
  return (
    <section
      className="card"
      aria-labelledby="visit-title"
      data-testid={justBooked ? 'booking-success' : 'e-booking'}
    >
      {justBooked && (
        <p className="success-mark" aria-hidden="true">
          ✓
        </p>
      )}
      <h1 id="visit-title">{justBooked ? t('booking.done') : salonName}</h1>
      {justBooked && <p className="muted">{t('booking.done_hint')}</p>}
      {booking.status === 0 && (
        <p className="notice" role="status">
          {t('booking.status_cancelled')}
        </p>
      )}
      <dl className="details">
        <div>
          <dt>{t('booking.number')}</dt>
          <dd data-testid="booking-number">{booking.booking_no}</dd>
        </div>
        <div>
          <dt>{t('booking.when')}</dt>
          <dd data-testid="booking-when">
            {dayOf(locale, booking.start, timeZone)} · {timeOf(locale, booking.start, timeZone)}
          </dd>
        </div>
        {booking.lines.map((l, i) => (
          <div key={i}>
            <dt>{nameIn(locale, l.service)}</dt>
            <dd>
              {timeOf(locale, l.start, timeZone)} · {nameIn(locale, l.employee)}
            </dd>
          </div>
        ))}
        <div>
          <dt>{t('booking.status')}</dt>
          <dd data-testid="booking-status">{t(status)}</dd>
        </div>
      </dl>
      {booking.status !== 0 && (
        <p className="muted">{t('booking.cutoff', { hours: String(booking.salon.cancel_cutoff_hours) })}</p>
      )}
      <div className="action-bar">
        {booking.status !== 0 && (
          <a className="button secondary" href={ics} download={`booking-${booking.booking_no}.ics`}>
            {t('booking.add_to_calendar')}
          </a>
        )}
        {justBooked ? (
          <a
            className="button"
            href={salonPath(locale, booking.salon.alias, `e-booking/${booking.unique_id}`)}
            data-testid="open-e-booking"
          >
            {t('booking.open')}
          </a>
        ) : (
          <a className="button" href={salonPath(locale, booking.salon.alias, 'booking')}>
            {t('booking.book_again')}
          </a>
        )}
      </div>
    </section>
  );
};

/** `booking-success/{id}` right after booking, and the shareable `e-booking/{uniqueId}` page. */
export const EBookingPage = ({
  locale,
  id,
  justBooked,
}: {
  locale: Locale;
  id: string;
  justBooked: boolean;
}) => {
  const { state, retry } = useLoaded<EBooking & { time_zone?: string }>(
    `e-booking/${encodeURIComponent(id)}`,
  );
  return (
    <Loadable locale={locale} state={state} retry={retry}>
      {(booking) => (
        <Visit
          locale={locale}
          booking={booking}
          justBooked={justBooked}
          timeZone={booking.time_zone ?? 'Asia/Riyadh'}
        />
      )}
    </Loadable>
  );
};
