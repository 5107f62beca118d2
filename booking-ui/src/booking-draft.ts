/**
 * What she chose on the booking page (services, employee, time, her details), kept in this browser tab
 * while she pays the deposit on the gateway's page: a declined card brings her back to the booking's
 * review with everything as she left it, to pay again (issue 24). Only this tab keeps it (session
 * storage), for two hours at most, and it is dropped once the deposit is paid.
 */
export type BookingDraft = {
  chosen: string[];
  employee: string;
  start: string;
  details: { name: string; mobile: string; email: string; notes: string };
};

const KEEP_MS = 2 * 3_600_000;
const keyOf = (alias: string) => `rawnaq.booking-draft.${alias}`;

/** `?again=1`: the booking page opened to pay again after a failed payment. */
export const AGAIN = 'again=1';

export const saveDraft = (alias: string, draft: BookingDraft): void => {
  try {
    sessionStorage.setItem(keyOf(alias), JSON.stringify({ ...draft, saved_at: Date.now() }));
  } catch {
    // storage refused (private mode, full): she chooses again, as before
  }
};

export const loadDraft = (alias: string): BookingDraft | undefined => {
  try {
    const raw = sessionStorage.getItem(keyOf(alias));
    if (!raw) return undefined;
    const draft = JSON.parse(raw) as BookingDraft & { saved_at?: number };
    const fresh = typeof draft.saved_at === 'number' && Date.now() - draft.saved_at < KEEP_MS;
    const whole =
      Array.isArray(draft.chosen) &&
      draft.chosen.every((id) => typeof id === 'string') &&
      typeof draft.employee === 'string' &&
      typeof draft.start === 'string' &&
      typeof draft.details?.name === 'string' &&
      typeof draft.details?.mobile === 'string';
    if (!fresh || !whole) return undefined;
    return {
      chosen: draft.chosen,
      employee: draft.employee,
      start: draft.start,
      details: {
        name: draft.details.name,
        mobile: draft.details.mobile,
        email: typeof draft.details.email === 'string' ? draft.details.email : '',
        notes: typeof draft.details.notes === 'string' ? draft.details.notes : '',
      },
    };
  } catch {
    return undefined;
  }
};

export const clearDraft = (alias: string): void => {
  try {
    sessionStorage.removeItem(keyOf(alias));
  } catch {
    // nothing kept
  }
};
