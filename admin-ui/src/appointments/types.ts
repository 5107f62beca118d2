import type { AppointmentLine } from '@rawnaq/contracts';

export const APPOINTMENTS = 'appointments';

/** The label a visit shows first (query-api's stateOf, doc1 §4 label states). */
export type VisitState = 'scheduled' | 'confirmed' | 'checked_in' | 'missed' | 'cancelled' | 'no_show';

/** A visit as `GET appointments` answers it (docs/api.md). */
export type Visit = {
  id: string;
  booking_no: number;
  customer_id: string;
  customer_name: string | null;
  customer_mobile: string | null;
  customer_no_shows: number;
  date: string;
  start: string;
  end: string;
  lines: AppointmentLine[];
  employee_ids: string[];
  total: number;
  status: 0 | 1 | 2;
  payment_status?: number;
  /** the invoice that paid the visit at the till */
  invoice_id?: string | null;
  invoice_number?: number | null;
  source: number;
  notes?: string | null;
  confirmed?: boolean;
  reminded?: boolean;
  no_show?: boolean;
  labels: string[];
  state: VisitState;
};

/** Colours by state, readable as text on white and as a block's fill. */
export const STATE_COLOURS: Record<VisitState, { fill: string; text: string }> = {
  scheduled: { fill: '#1565c0', text: '#ffffff' },
  confirmed: { fill: '#2e7d32', text: '#ffffff' },
  checked_in: { fill: '#6a2c91', text: '#ffffff' },
  missed: { fill: '#ef6c00', text: '#ffffff' },
  cancelled: { fill: '#bdbdbd', text: '#424242' },
  no_show: { fill: '#c62828', text: '#ffffff' },
};

export const VISIT_STATES = Object.keys(STATE_COLOURS) as VisitState[];
