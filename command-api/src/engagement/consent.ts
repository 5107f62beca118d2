import type { MessageKind } from '@rawnaq/contracts';

/** What the consent rule looks at: the customer's "WhatsApp contact allowed" and whether she is served. */
export type Reachable = { whatsappAllowed: boolean; active: boolean; phone?: string };

/**
 * Who may be sent what on WhatsApp (issue 26), the same for both kinds of message:
 *
 * - A customer is written to only while "WhatsApp contact allowed" is on. It is opt-in (Saudi PDPL,
 *   and WhatsApp's Business policy): a customer registered without it gets nothing, not even a reminder.
 * - Service messages (the reminder of a visit she booked) and marketing (a campaign) are told apart for
 *   what differs between them (a campaign's pacing, its audience, the reports), not for consent: both
 *   need it on.
 * - A STOP reply turns it off at once, for every kind: she asked the salon's number to stop writing, and
 *   a reminder after a STOP reads as the spam WhatsApp blocks numbers for. Messages already queued are
 *   withheld when their turn comes. A START reply, or the front desk at her request, turns it on again.
 * - A disabled customer is written to no more.
 */
export const mayMessage = (customer: Reachable | undefined, _kind: MessageKind): boolean =>
  !!customer && customer.active && customer.whatsappAllowed;
