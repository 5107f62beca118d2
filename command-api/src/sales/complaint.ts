import {
  conflict,
  notFound,
  type ComplaintEvent,
  type ComplaintOpened,
  type ComplaintState,
} from '@rawnaq/contracts';

/** A complaint as its commands see it. */
export type ComplaintAggregate = { opened: false } | { opened: true; state: ComplaintState };
export const initialComplaint: ComplaintAggregate = { opened: false };

export const evolveComplaint = (s: ComplaintAggregate, e: ComplaintEvent): ComplaintAggregate => {
  switch (e.type) {
    case 'ComplaintOpened':
      return { opened: true, state: 'new' };
    case 'ComplaintTakenUp':
      return s.opened ? { opened: true, state: 'in_progress' } : s;
    case 'ComplaintResolved':
      return s.opened ? { opened: true, state: 'resolved' } : s;
    default:
      return s;
  }
};

type Who = { complaintId: string; at: string; byName?: string };

export type ComplaintCommand =
  | ({ type: 'Open' } & Omit<ComplaintOpened['data'], 'complaint_id' | 'at' | 'by_name'> & Who)
  | ({ type: 'TakeUp'; note?: string } & Who)
  | ({ type: 'Note'; note: string } & Who)
  | ({ type: 'Resolve'; note: string } & Who);

/**
 * A complaint is opened once (a second opening of the same one, a retried rating, records nothing);
 * taken up once, while new; noted and resolved until it is resolved; a resolved one stays so (a new
 * complaint is opened if she complains again).
 */
export const decideComplaint = (c: ComplaintCommand, s: ComplaintAggregate): ComplaintEvent[] => {
  const who = { complaint_id: c.complaintId, at: c.at, ...(c.byName && { by_name: c.byName }) };
  if (c.type === 'Open') {
    if (s.opened) return [];
    const { type: _type, complaintId: _id, at: _at, byName: _by, ...opened } = c;
    return [{ type: 'ComplaintOpened', data: { ...who, ...opened } }];
  }
  if (!s.opened) throw notFound('not_found.complaint');
  if (s.state === 'resolved') throw conflict('complaint.already_resolved');
  switch (c.type) {
    case 'TakeUp':
      if (s.state === 'in_progress') throw conflict('complaint.already_taken_up');
      return [{ type: 'ComplaintTakenUp', data: { ...who, ...(c.note?.trim() && { note: c.note.trim() }) } }];
    case 'Note':
      return [{ type: 'ComplaintNoted', data: { ...who, note: c.note.trim() } }];
    case 'Resolve':
      return [{ type: 'ComplaintResolved', data: { ...who, note: c.note.trim() } }];
  }
};
