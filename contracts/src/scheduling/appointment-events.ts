import type { BookingSource } from '../coded-values/enumerations';
import type { BusinessDate, Instant } from '../dates/instants';

/** Streams: a visit `appointment-<tenant>.<id>`; each employee's and customer's day of bookings. */
export const APPOINTMENT_CATEGORY = 'appointment';
export const EMPLOYEE_DAY_CATEGORY = 'employeeday';
export const CUSTOMER_DAY_CATEGORY = 'customerday';
export const CANCELLATION_REASONS_CATEGORY = 'cancelreasons';

/** One service of a visit as booked; names are kept as they were then (the menu may change later). */
export type AppointmentLine = {
  line_id: string;
  service_id: string;
  service_name_en: string;
  service_name_ar: string;
  employee_id: string;
  start: Instant;
  end: Instant;
  /** minutes */
  duration: number;
  /** minor units of the salon's currency, before VAT, as the menu keeps prices */
  price: number;
};

export type AppointmentBooked = {
  type: 'AppointmentBooked';
  data: {
    appointment_id: string;
    /** the salon's booking number: 1, 2, 3... */
    booking_no: number;
    customer_id: string;
    /** the business date of the first line */
    date: BusinessDate;
    lines: AppointmentLine[];
    source: BookingSource;
    notes?: string;
    /** booked over another visit of the same employee, as the overbooking setting allows */
    overbooked?: boolean;
    /** the no-show visit this one books again */
    rebook_of?: string;
    /** the customer's link to her booking (`e-booking/{uniqueId}`), for a visit booked online */
    unique_id?: string;
  };
};
export type AppointmentConfirmed = { type: 'AppointmentConfirmed'; data: { appointment_id: string } };
export type AppointmentCheckedIn = { type: 'AppointmentCheckedIn'; data: { appointment_id: string } };
export type AppointmentCancelled = {
  type: 'AppointmentCancelled';
  data: {
    appointment_id: string;
    reason_id?: string;
    reason_en?: string;
    reason_ar?: string;
    reason?: string;
  };
};
export type AppointmentNoShowMarked = { type: 'AppointmentNoShowMarked'; data: { appointment_id: string } };
/** The same services at other times (label "rescheduled"). */
export type AppointmentRescheduled = {
  type: 'AppointmentRescheduled';
  data: { appointment_id: string; date: BusinessDate; lines: AppointmentLine[]; previous: AppointmentLine[] };
};
/** Another employee for one line (label "employee changed"). */
export type AppointmentEmployeeChanged = {
  type: 'AppointmentEmployeeChanged';
  data: { appointment_id: string; line_id: string; employee_id: string; previous_employee_id: string };
};
/** Services, durations or prices changed (label "edited"). */
export type AppointmentEdited = {
  type: 'AppointmentEdited';
  data: {
    appointment_id: string;
    date: BusinessDate;
    lines: AppointmentLine[];
    previous: AppointmentLine[];
    notes?: string | null;
    overbooked?: boolean;
  };
};
export type AppointmentReminded = { type: 'AppointmentReminded'; data: { appointment_id: string } };
/** The checked-in visit paid at the till: it is achieved (doc1 §4), with the invoice that settled it. */
export type AppointmentPaid = {
  type: 'AppointmentPaid';
  data: { appointment_id: string; invoice_id: string; invoice_number: number };
};

/**
 * The invoice that settled the visit was cancelled: the visit is checked in and unpaid again, to be
 * checked out with the right invoice (the service was done; the cancelled invoice was the mistake).
 */
export type AppointmentPaymentCancelled = {
  type: 'AppointmentPaymentCancelled';
  data: { appointment_id: string; invoice_id: string };
};

export type AppointmentEvent =
  | AppointmentBooked
  | AppointmentConfirmed
  | AppointmentCheckedIn
  | AppointmentCancelled
  | AppointmentNoShowMarked
  | AppointmentRescheduled
  | AppointmentEmployeeChanged
  | AppointmentEdited
  | AppointmentReminded
  | AppointmentPaid
  | AppointmentPaymentCancelled;

export const APPOINTMENT_EVENT_TYPES = [
  'AppointmentBooked',
  'AppointmentConfirmed',
  'AppointmentCheckedIn',
  'AppointmentCancelled',
  'AppointmentNoShowMarked',
  'AppointmentRescheduled',
  'AppointmentEmployeeChanged',
  'AppointmentEdited',
  'AppointmentReminded',
  'AppointmentPaid',
  'AppointmentPaymentCancelled',
] as const;

/**
 * An employee's or a customer's day of bookings: what each visit holds of it. Two desks booking the
 * same quarter both read the day at one revision; the second append fails and its command runs again,
 * now seeing the first visit (no double booking, ever).
 */
export type TimeReserved = {
  type: 'TimeReserved';
  data: { appointment_id: string; line_id: string; from: Instant; to: Instant };
};
export type TimeFreed = { type: 'TimeFreed'; data: { appointment_id: string; line_id: string } };
export type DayBookEvent = TimeReserved | TimeFreed;

export type CancellationReasonEvent =
  | { type: 'CancellationReasonAdded'; data: { reason_id: string; name_en: string; name_ar: string } }
  | { type: 'CancellationReasonChanged'; data: { reason_id: string; name_en: string; name_ar: string } }
  | { type: 'CancellationReasonRemoved'; data: { reason_id: string } };

/** A salon starts with these reasons; it may change or remove them. */
export const DEFAULT_CANCELLATION_REASONS = [
  { name_en: 'Customer asked to cancel', name_ar: 'طلب العميل الإلغاء' },
  { name_en: 'Customer is unwell', name_ar: 'العميل مريض' },
  { name_en: 'Employee unavailable', name_ar: 'الموظفة غير متاحة' },
  { name_en: 'Booked by mistake', name_ar: 'حُجز بالخطأ' },
] as const;
