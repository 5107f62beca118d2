import type { EInvoiceSigned } from '@rawnaq/contracts';

/**
 * The fields of events no projection reads, left out of what the projections' thread reads of the log
 * (`SqliteEventStore`'s `leaveOut`): the body of each stored reply, and the signed XML of each
 * e-invoice, ~15 KB an invoice (a document's
 * XML is read from its chain's stream when someone downloads it: `signedXmlOf`). Parsed in that thread
 * for nothing, the XML was also most of what its young generation promoted to the old one (~6.5 MB/s at
 * the till's 200 invoices/s, ~1 MB/s without it: its heap after a scavenge grew 26 -> 144 MB in 18 s,
 * and 46 -> 75 MB in 28 s without it), and so a full collection every ~18 s of the till. A
 * projection gives the same changes with these fields as without them (left-out.spec.ts): one that
 * came to need a field must take it off this list.
 */
export const LEFT_OUT_OF_PROJECTIONS = {
  EInvoiceSigned: ['xml'],
  // a stored first reply (an Idempotency-Key's: every command the back office sends): the reply's
  // body, ~2 KB a sale, read back only by a retry of the same request (from its own stream)
  CommandAnswered: ['body'],
} as const satisfies {
  EInvoiceSigned: ReadonlyArray<keyof EInvoiceSigned['data']>;
  CommandAnswered: ReadonlyArray<'status' | 'body'>;
};
