import { streamName, type EInvoiceSigned, type EventEnvelope } from '@rawnaq/contracts';
import type { EventStore } from '@rawnaq/platform';
import type { CommandContext } from '../shared/command-context';
import { KeyedLocks, unitOf } from '../shared/unit-of-work';

export const chainStream = (tenantId: string, deviceId: string) =>
  streamName('einvoicechain', tenantId, deviceId);

/** Where a device's chain stands: its stream's revision, the last ICV and the hash the next PIH is. */
export type ChainLink = { revision: number; icv: number; lastHash: string };

export const foldLink = (
  link: ChainLink,
  event: { type: string; data: unknown; revision: number },
): ChainLink =>
  event.type === 'EInvoiceSigned'
    ? {
        revision: event.revision,
        icv: (event.data as EInvoiceSigned['data']).icv,
        lastHash: (event.data as EInvoiceSigned['data']).hash,
      }
    : { ...link, revision: event.revision };

/**
 * The devices' chains, each an aggregate on its own stream with optimistic concurrency: a document
 * is appended at the revision the chain was read at, so of two documents signed at the same instant
 * (two tills, two processes) one is stored and the other's command runs again on the new link: the
 * ICV never skips or repeats, the PIH never forks. In this process, the commands signing on one
 * device also queue for it, so they rarely even conflict.
 *
 * Only the link is kept in memory, not the documents (a chain of 100,000 signed XMLs would not fit
 * in a cache): each signing reads what was appended since the link it knows, usually nothing.
 */
export class Chains {
  private readonly links = new Map<string, ChainLink>();
  private readonly locks = new KeyedLocks();
  private discarded?: number;

  constructor(private readonly store: EventStore) {}

  /** The link to sign after, with the device held until the command of `ctx` ends. */
  async next(ctx: CommandContext, deviceId: string, seed: string): Promise<ChainLink & { stream: string }> {
    const stream = chainStream(ctx.tenantId, deviceId);
    await unitOf(ctx)?.hold(this.locks, stream);
    if (this.store.discardedGroups !== this.discarded) {
      // the store rolled back appends it had shown (a failed group commit): a link may follow them
      this.links.clear();
      this.discarded = this.store.discardedGroups;
    }
    let link = this.links.get(stream) ?? { revision: -1, icv: 0, lastHash: seed };
    // documents signed by the previous commands of this process count, committed or not yet
    const fresh = await this.store.readStream(stream, { fromRevision: link.revision + 1, pending: true });
    for (const e of fresh) link = foldLink(link, e);
    this.links.set(stream, link);
    return Object.assign({ stream }, link); // not a spread first: see README, hot paths
  }

  /**
   * Records the signed document in the command's unit, at the revision its link was read at. Once the
   * unit is stored, the link it makes is kept: the next signature then reads only what others appended
   * since (usually nothing), instead of reading back and parsing this document (its XML is ~12 KB of
   * JSON) to learn the ICV and hash it already knew.
   */
  append(ctx: CommandContext, link: ChainLink & { stream: string }, envelope: EventEnvelope) {
    const unit = unitOf(ctx);
    if (!unit) throw new Error('a document is signed inside a command');
    // a second document of the same unit on this chain would not sit right after the link: read back then
    const alone = !unit.pending(link.stream);
    unit.add(link.stream, link.revision, [envelope]);
    if (!alone) return;
    const { stream } = link;
    const made = foldLink(link, { type: envelope.type, data: envelope.data, revision: link.revision + 1 });
    const discarded = this.store.discardedGroups;
    unit.afterStored(() => {
      // a rolled-back group since (its links were dropped), or a later signature already kept: leave it
      if (this.store.discardedGroups !== discarded) return;
      const known = this.links.get(stream);
      if (!known || known.revision < made.revision) this.links.set(stream, made);
    });
  }
}
