import { onlinePageText, type Locale } from '@rawnaq/contracts';
import { useEffect, useMemo, useState } from 'react';
import {
  depositOf,
  doesAll,
  newIdempotencyKey,
  postBooking,
  type Employee,
  type Menu,
  type MenuService,
  type OnlineSalon,
} from '../api';
import { Loadable, WithSalon } from '../components/States';
import { TimePicker } from '../components/TimePicker';
import { dayOf, minorToText, money, nameIn, timeOf } from '../format';
import { useLoaded, usePageMeta, useT, type T } from '../hooks';
import { salonPath } from '../routes';
import { AGAIN, loadDraft, saveDraft } from '../booking-draft';

type Step = 1 | 2 | 3 | 4;

/** The draft kept before paying, if its services are still on the menu (else she chooses again). */
const resumable = (alias: string, menu: Menu) => {
  const draft = loadDraft(alias);
  const shown = new Set(menu.groups.flatMap((g) => g.services).map((s) => s.id));
  return draft && draft.chosen.length > 0 && draft.chosen.every((id) => shown.has(id)) ? draft : undefined;
};
type Details = { name: string; mobile: string; email: string; notes: string };
type FieldErrors = Partial<Record<keyof Details, string>>;

/** A server refusal's field as the form shows it. */
const fieldError = (t: T, field: string): string =>
  t(field === 'mobile' ? 'errors.mobile' : field === 'email' ? 'errors.email' : 'errors.required');

const Steps = ({ t, step }: { t: T; step: Step }) => (
  <div className="steps" aria-hidden="true">
    {[1, 2, 3, 4].map((n) => (
      <span key={n} className={n <= step ? 'on' : ''} />
    ))}
    <small>{t('booking.step', { n: String(step) })}</small>
  </div>
);

const Booking = ({
  locale,
  salon,
  menu,
  employees,
}: {
  locale: Locale;
  salon: OnlineSalon;
  menu: Menu;
  employees: Employee[];
}) => {
  const t = useT(locale);
  const tz = salon.time_zone;
  // back from a payment that did not go through: her choices as she left them, at the review, to pay again
  const [draft] = useState(() =>
    window.location.search.includes(AGAIN) ? resumable(salon.alias, menu) : undefined,
  );
  const [step, setStep] = useState<Step>(draft ? 4 : 1);
  const [chosen, setChosen] = useState<string[]>(draft?.chosen ?? []);
  const [employee, setEmployee] = useState<string>(draft?.employee ?? '');
  const [start, setStart] = useState<string | null>(draft?.start ?? null);
  const [details, setDetails] = useState<Details>(
    draft?.details ?? { name: '', mobile: '', email: '', notes: '' },
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(draft ? t('booking.kept_choices') : null);
  const [sending, setSending] = useState(false);
  // one key per confirmation: a retry of the same one gets the first booking back
  const [key, setKey] = useState(newIdempotencyKey);
  const [timesVersion, setTimesVersion] = useState(0);

  const services = useMemo(() => {
    const all = new Map(menu.groups.flatMap((g) => g.services).map((s) => [s.id, s]));
    return chosen.map((id) => all.get(id)).filter((s): s is MenuService => s !== undefined);
  }, [menu, chosen]);
  const decimals = menu.groups.flatMap((g) => g.services)[0]?.price_with_vat.split('.')[1]?.length ?? 2;
  const totalMinor = services.reduce((sum, s) => sum + s.price_with_vat_minor, 0);
  const total = money(locale, minorToText(totalMinor, decimals), menu.currency);
  const deposit = depositOf(salon, totalMinor, decimals);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [step]);

  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  // an employee chosen before the services changed, who does not do one of them now, is chosen no more
  useEffect(() => {
    const chosenOne = employees.find((e) => e.id === employee);
    if (chosenOne && !doesAll(chosenOne, chosen)) {
      setEmployee('');
      setStart(null);
    }
  }, [chosen, employee, employees]);
  const checkDetails = (): boolean => {
    const found: FieldErrors = {};
    if (!details.name.trim()) found.name = t('errors.required');
    if (!details.mobile.trim()) found.mobile = t('errors.required');
    if (salon.require_email && !details.email.trim()) found.email = t('errors.required');
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const confirm = async () => {
    if (!start) return;
    setSending(true);
    setNotice(null);
    const reply = await postBooking(
      salon.alias,
      {
        service_ids: chosen,
        ...(employee && { employee_id: employee }),
        start,
        name: details.name.trim(),
        mobile: details.mobile.trim(),
        ...(details.email.trim() && { email: details.email.trim() }),
        ...(details.notes.trim() && { notes: details.notes.trim() }),
        language: locale,
      },
      key,
    );
    if (reply.status === 'pay') {
      // the time is held: she pays on the gateway's hosted page, which brings her back to the status
      // page; her choices stay in this tab in case the payment does not go through
      saveDraft(salon.alias, { chosen, employee, start, details });
      setLeaving(true);
      window.location.assign(reply.payUrl);
      return;
    }
    setSending(false);
    if (reply.status === 'booked') {
      window.location.assign(salonPath(locale, salon.alias, `booking-success/${reply.uniqueId}`));
      return;
    }
    if (reply.status === 'error') {
      // the same key again: if it was booked after all, the retry gets that booking
      setNotice(t('errors.generic'));
      return;
    }
    // refused: nothing was booked, the next confirmation is a new action
    setKey(newIdempotencyKey());
    const fields = Object.keys(reply.errors);
    if (reply.message === 'online.slot_taken') {
      setStart(null);
      setTimesVersion((v) => v + 1);
      setStep(2);
      setNotice(t('errors.slot_taken'));
    } else if (reply.message === 'appointments.customer_busy') {
      setStart(null);
      setStep(2);
      setNotice(t('errors.customer_busy'));
    } else if (reply.message === 'online.booking_closed') setNotice(t('errors.booking_closed'));
    else if (reply.message === 'online.payment_unavailable') setNotice(t('errors.payment_unavailable'));
    else if (reply.message === 'errors.too_many_requests') setNotice(t('errors.too_many'));
    else if (fields.some((f) => ['name', 'mobile', 'email', 'notes'].includes(f))) {
      setErrors(Object.fromEntries(fields.map((f) => [f, fieldError(t, f)])));
      setStep(3);
    } else setNotice(t('errors.generic'));
  };

  const employeeName = employee
    ? nameIn(locale, employees.find((e) => e.id === employee) ?? {})
    : t('booking.any_employee');

  return (
    <section className="card booking" aria-labelledby="booking-title" data-testid={`booking-step-${step}`}>
      <Steps t={t} step={step} />
      {notice && (
        <p className="notice" role="alert" data-testid="booking-notice">
          {notice}
        </p>
      )}
      {step === 1 && (
        <>
          <h1 id="booking-title">{t('booking.services')}</h1>
          <p className="muted">{t('booking.services_hint')}</p>
          {menu.groups.map((group) => (
            <fieldset key={group.id} className="service-group">
              <legend>{nameIn(locale, group)}</legend>
              {group.services.map((s) => (
                <label
                  key={s.id}
                  className={`option${chosen.includes(s.id) ? ' selected' : ''}`}
                  data-testid="service-option"
                >
                  <input type="checkbox" checked={chosen.includes(s.id)} onChange={() => toggle(s.id)} />
                  {s.image_url && (
                    <img className="thumb" src={s.image_url} alt="" loading="lazy" width={48} height={48} />
                  )}
                  <span className="option-text">
                    <strong>{nameIn(locale, s)}</strong>
                    <small>{t('duration.minutes', { n: String(s.duration) })}</small>
                  </span>
                  <span className="price-value">{money(locale, s.price_with_vat, menu.currency)}</span>
                </label>
              ))}
            </fieldset>
          ))}
          <div className="action-bar">
            <span>{chosen.length > 0 && t('booking.selected', { n: String(chosen.length), total })}</span>
            <button
              type="button"
              className="button"
              disabled={chosen.length === 0}
              onClick={() => setStep(2)}
              data-testid="booking-next"
            >
              {t('booking.next')}
            </button>
          </div>
        </>
      )}
      {step === 2 && (
        <>
          <h1 id="booking-title">{t('booking.time')}</h1>
          <label className="field">
            <span>{t('booking.employee')}</span>
            <select
              value={employee}
              onChange={(e) => {
                setEmployee(e.target.value);
                setStart(null);
              }}
              data-testid="booking-employee"
            >
              <option value="">{t('booking.any_employee')}</option>
              {/* only those who do every chosen service: a haircut is never offered the nail technician */}
              {employees
                .filter((e) => doesAll(e, chosen))
                .map((e) => (
                  <option key={e.id} value={e.id}>
                    {nameIn(locale, e)}
                  </option>
                ))}
            </select>
          </label>
          <TimePicker
            locale={locale}
            alias={salon.alias}
            timeZone={tz}
            serviceIds={chosen}
            employee={employee}
            selected={start}
            version={timesVersion}
            onPick={(s: string) => {
              setStart(s);
              setNotice(null);
              setStep(3);
            }}
          />
          <div className="action-bar">
            <button type="button" className="button secondary" onClick={() => setStep(1)}>
              {t('nav.back')}
            </button>
          </div>
        </>
      )}
      {step === 3 && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (checkDetails()) setStep(4);
          }}
        >
          <h1 id="booking-title">{t('booking.details')}</h1>
          {(
            [
              ['name', 'booking.name', 'text', 'name'],
              ['mobile', 'booking.mobile', 'tel', 'tel'],
              ['email', salon.require_email ? 'booking.email' : 'booking.email_optional', 'email', 'email'],
            ] as const
          ).map(([field, label, type, autoComplete]) => (
            <label key={field} className={`field${errors[field] ? ' invalid' : ''}`}>
              <span>{t(label)}</span>
              <input
                type={type}
                autoComplete={autoComplete}
                dir={field === 'name' ? undefined : 'ltr'}
                value={details[field]}
                aria-invalid={errors[field] ? true : undefined}
                onChange={(e) => setDetails({ ...details, [field]: e.target.value })}
                data-testid={`booking-${field}`}
              />
              {field === 'mobile' && !errors.mobile && (
                <small className="muted">{t('booking.mobile_hint')}</small>
              )}
              {errors[field] && (
                <small className="error" data-testid={`error-${field}`}>
                  {errors[field]}
                </small>
              )}
            </label>
          ))}
          <label className="field">
            <span>{t('booking.notes')}</span>
            <textarea
              rows={2}
              value={details.notes}
              onChange={(e) => setDetails({ ...details, notes: e.target.value })}
            />
          </label>
          <div className="action-bar">
            <button type="button" className="button secondary" onClick={() => setStep(2)}>
              {t('nav.back')}
            </button>
            <button type="submit" className="button" data-testid="booking-next">
              {t('booking.next')}
            </button>
          </div>
        </form>
      )}
      {step === 4 && start && (
        <>
          <h1 id="booking-title">{t('booking.review')}</h1>
          <dl className="details">
            <div>
              <dt>{t('booking.when')}</dt>
              <dd data-testid="review-when">
                {dayOf(locale, start, tz)} · {timeOf(locale, start, tz)}
              </dd>
            </div>
            <div>
              <dt>{t('booking.with')}</dt>
              <dd>{employeeName}</dd>
            </div>
            {services.map((s) => (
              <div key={s.id}>
                <dt>{nameIn(locale, s)}</dt>
                <dd>{money(locale, s.price_with_vat, menu.currency)}</dd>
              </div>
            ))}
            <div>
              <dt>{t('booking.total')}</dt>
              <dd data-testid="review-total">
                <strong>{total}</strong>
              </dd>
            </div>
            <div>
              <dt>{t('booking.name')}</dt>
              <dd>{details.name}</dd>
            </div>
            <div>
              <dt>{t('booking.mobile')}</dt>
              <dd dir="ltr">{details.mobile}</dd>
            </div>
          </dl>
          {deposit > 0 ? (
            <div className="deposit" data-testid="review-deposit">
              <p>
                {t('deposit.title')}:{' '}
                <strong>{money(locale, minorToText(deposit, decimals), menu.currency)}</strong>
              </p>
              <p className="muted">{t('deposit.rest')}</p>
              <p className="muted">{t(leaving ? 'deposit.redirecting' : 'deposit.hint')}</p>
            </div>
          ) : (
            <p className="muted">{t('booking.pay_at_salon')}</p>
          )}
          <div className="action-bar">
            <button type="button" className="button secondary" onClick={() => setStep(3)} disabled={sending}>
              {t('booking.change')}
            </button>
            <button
              type="button"
              className="button"
              onClick={confirm}
              disabled={sending}
              data-testid="booking-confirm"
            >
              {sending ? t('booking.sending') : t(deposit > 0 ? 'deposit.pay' : 'booking.confirm')}
            </button>
          </div>
        </>
      )}
    </section>
  );
};

const BookingLoader = ({ locale, salon }: { locale: Locale; salon: OnlineSalon }) => {
  const t = useT(locale);
  const name = nameIn(locale, salon);
  usePageMeta(locale, { page: 'booking', name }, onlinePageText(locale, 'description', name));
  const alias = encodeURIComponent(salon.alias);
  const menu = useLoaded<Menu>(`salons/${alias}/services`);
  const staff = useLoaded<Employee[]>(`salons/${alias}/employees`);
  if (!salon.online_booking)
    return (
      <section className="card message" data-testid="booking-closed">
        <h1>{t('booking.title')}</h1>
        <p>{t('online.closed')}</p>
        <a className="button" href={salonPath(locale, salon.alias, 'home')}>
          {t('nav.home')}
        </a>
      </section>
    );
  return (
    <Loadable locale={locale} state={menu.state} retry={menu.retry}>
      {(m) => (
        <Loadable locale={locale} state={staff.state} retry={staff.retry}>
          {(employees) => <Booking locale={locale} salon={salon} menu={m} employees={employees} />}
        </Loadable>
      )}
    </Loadable>
  );
};

/** `booking` (spec doc1 §1): services, employee and date, the customer's details, review, confirmation. */
export const BookingPage = ({ locale, alias }: { locale: Locale; alias: string }) => (
  <WithSalon locale={locale} alias={alias}>
    {(salon) => <BookingLoader locale={locale} salon={salon} />}
  </WithSalon>
);
