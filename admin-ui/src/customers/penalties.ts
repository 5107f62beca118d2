/** The screen's address; the API's list is `customers-penalties`. */
export const PENALTIES = 'accounting/customers-penalties';

/** A penalty as `GET customers-penalties` lists it. */
export type Penalty = {
  id: string;
  customer_id: string;
  customer_name: string | null;
  customer_mobile: string | null;
  penalty_type: 1 | 2;
  appointment_id: string | null;
  appointment: { booking_no: number | null; date: string; start: string | null } | null;
  notes: string | null;
  at: string;
};
