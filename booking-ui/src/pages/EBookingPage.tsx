import type { Locale } from '@rawnaq/contracts';
import { useState } from 'react';
import { changeBooking, newIdempotencyKey, type EBooking } from '../api';
import { Loadable } from '../components/States';
import { SalonContact } from '../components/SalonContact';
import { TimePicker } from '../components/TimePicker';
import { calendarFile, dayOf, nameIn, timeOf } from '../format';
import { useLoaded, usePageMeta, useT, type T } from '../hooks';
import type { MessageKey } from '../i18n';
import { salonPath } from '../routes';

const STATUS = {
  0: 'booking.status_cancelled',
  1: 'booking.status_scheduled',
  2: 'booking.status_checked_in',
} as const;

/** Back, and the step's confirmation (its question beside them when it has one). */
const BackAndConfirm = (p: {
  t: T;
  label: MessageKey;
  note?: string;
  busy: boolean;
  disabled?: boolean;
  onBack: () => void;
  onConfirm: () => void;
  testId: string;
}) => (
  <div className="action-bar">
    {p.note && <span>{p.note}</span>}
    <button type="button" className="button secondary" onClick={p.onBack} disabled={p.busy}>
      {p.t('nav.back')}
    </button>
    <button
      type="button"
      className="button"
      onClick={p.onConfirm}
      disabled={p.busy || p.disabled}
      data-testid={p.testId}
    >
      {p.t(p.label)}
    </button>
  </div>
);

/**
 * Cancel or move the visit from its link, until the salon's cut-off (the server decides again: after
 * it, or for a time just taken, the page says so and shows the visit as it is).
 */
const ChangeVisit = ({
  locale,
  booking,
  onChanged,
}: {
  locale: Locale;
  booking: EBooking;
  onChanged: () => void;
}) => {
  const t = useT(locale);
  const [mode, setMode] = useState<'idle' | 'move' | 'cancel'>('idle');
  const [start, setStart] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [version, setVersion] = useState(0);
  const employees = [...new Set(booking.lines.map((l) => l.employee_id))];
  const send = async (change: 'cancel' | 'reschedule') => {
    setSending(true);
    setNotice(null);
    const reply = await changeBooking(booking.unique_id, change, newIdempotencyKey(), start ?? undefined);
    setSending(false);
    if (reply.status === 'done') return onChanged();
    if (reply.status === 'error') return setNotice(t('errors.generic'));
    if (reply.message === 'online.slot_taken') {
      setStart(null);
      setVersion((v) => v + 1);
      return setNotice(t('errors.slot_taken'));
    }
    if (reply.message === 'online.cutoff_passed')
      return setNotice(
        t('booking.cutoff', { hours: String(reply.params.hours ?? booking.salon.cancel_cutoff_hours) }),
      );
    setNotice(t('errors.generic'));
  };
  return (
    <div className="change-visit" data-testid="change-visit">
      {notice && (
        <p className="notice" role="alert" data-testid="change-notice">
          {notice}
        </p>
      )}
      {mode === 'idle' && (
        <div className="action-bar">
          <button
            type="button"
            className="button secondary"
            onClick={() => setMode('cancel')}
            data-testid="cancel-visit"
          >
            {t('booking.cancel')}
          </button>
          <button
            type="button"
            className="button secondary"
            onClick={() => setMode('move')}
            data-testid="move-visit"
          >
            {t('booking.move')}
          </button>
        </div>
      )}
      {mode === 'cancel' && (
        <BackAndConfirm
          t={t}
          label="booking.cancel"
          note={t('booking.cancel_confirm')}
          busy={sending}
          onBack={() => setMode('idle')}
          onConfirm={() => send('cancel')}
          testId="confirm-cancel"
        />
      )}
      {mode === 'move' && (
        <>
          <TimePicker
            locale={locale}
            alias={booking.salon.alias}
            timeZone={booking.time_zone}
            serviceIds={booking.lines.map((l) => l.service_id)}
            employee={employees.length === 1 ? employees[0] : ''}
            selected={start}
            version={version}
            onPick={setStart}
          />
          <BackAndConfirm
            t={t}
            label="booking.move_confirm"
            busy={sending}
            disabled={!start}
            onBack={() => setMode('idle')}
            onConfirm={() => send('reschedule')}
            testId="confirm-move"
          />
        </>
      )}
    </div>
  );
};

const Visit = ({
  locale,
  booking,
  justBooked,
  timeZone,
  onChanged,
}: {
  onChanged: () => void;
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
      <SalonContact locale={locale} salon={booking.salon} />
      {booking.status !== 0 && !booking.can_change && (
        <p className="muted">{t('booking.cutoff', { hours: String(booking.salon.cancel_cutoff_hours) })}</p>
      )}
      {booking.can_change && !justBooked && (
        <>
          <p className="muted">
            {t('booking.change_until', {
              when: `${dayOf(locale, booking.change_until, timeZone)} · ${timeOf(locale, booking.change_until, timeZone)}`,
            })}
          </p>
          <ChangeVisit locale={locale} booking={booking} onChanged={onChanged} />
        </>
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
  const { state, retry } = useLoaded<EBooking>(`e-booking/${encodeURIComponent(id)}`);
  return (
    <Loadable locale={locale} state={state} retry={retry}>
      {(booking) => (
        <Visit
          locale={locale}
          booking={booking}
          justBooked={justBooked}
          timeZone={booking.time_zone}
          onChanged={retry}
        />
      )}
    </Loadable>
  );
};
