import { daysBetween, type BusinessDate } from '@rawnaq/contracts';

/** The papers a salon in the Gulf keeps dates of for each employee: her passport and her residency (iqama). */
export const EMPLOYEE_DOCUMENTS = ['passport_expiry', 'residency_expiry'] as const;
export type EmployeeDocument = (typeof EMPLOYEE_DOCUMENTS)[number];

/** How far ahead a renewal is worth a warning: renewing a residency takes weeks. */
export const EXPIRY_WARNING_DAYS = 60;

export type DocumentState =
  | { state: 'missing' }
  | { state: 'expired'; days: number }
  | { state: 'expiring'; days: number }
  | { state: 'valid'; days: number };

/** Where one paper stands on the salon's today: `days` until it expires (or since, when expired). */
export const documentState = (expiry: string | null | undefined, today: BusinessDate): DocumentState => {
  if (!expiry) return { state: 'missing' };
  const days = daysBetween(today, expiry as BusinessDate);
  if (days < 0) return { state: 'expired', days: -days };
  return { state: days <= EXPIRY_WARNING_DAYS ? 'expiring' : 'valid', days };
};

/** The paper of an employee that needs attention first (expired, then the soonest to expire), if any. */
export const firstExpiry = (
  employee: Partial<Record<EmployeeDocument, string | null>>,
  today: BusinessDate,
): { document: EmployeeDocument; expiry: string; state: DocumentState } | undefined =>
  EMPLOYEE_DOCUMENTS.filter((d) => employee[d])
    .map((d) => ({ document: d, expiry: employee[d] as string, state: documentState(employee[d], today) }))
    .sort((a, b) => a.expiry.localeCompare(b.expiry))[0];

/** Whole years and months from joining to today ({0, 0} before the first day). */
export const tenure = (joining: string | null | undefined, today: BusinessDate) => {
  if (!joining || joining > today) return undefined;
  const [y1, m1, d1] = joining.split('-').map(Number);
  const [y2, m2, d2] = today.split('-').map(Number);
  const months = (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
  return { years: Math.floor(months / 12), months: months % 12 };
};
