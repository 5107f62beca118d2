import {
  einvoiceStateOf,
  notFound,
  retryDelayMs,
  streamName,
  type DocumentEInvoicing,
  type EInvoiceMessage,
  type EInvoiceState,
  type EInvoiceSubmissionEvent,
} from '@rawnaq/contracts';
import type { Doc, EventStore, Logger, ReadModels, SealedSecrets, SubmissionAnswer } from '@rawnaq/platform';
import { signedXmlOf } from '@rawnaq/projections';
import { type CommandContext, type TenantScope, UNIT } from '../shared/command-context';
import { Answer } from '../shared/answer';
import { Aggregates } from '../shared/repository';
import type { SignedEInvoice } from './signing';
import { devicesStream, evolveDevices, initialDevices } from './device';
import type { FatooraFor } from './onboarding';

export const einvoiceStream = (tenantId: string, uuid: string) => streamName('einvoice', tenantId, uuid);

type Submissions = { attempts: number; settled: boolean; accepted: boolean; state: EInvoiceState };
const NONE: Submissions = { attempts: 0, settled: false, accepted: false, state: 'pending' };
const evolveSubmissions = (s: Submissions, e: EInvoiceSubmissionEvent): Submissions => {
  switch (e.type) {
    case 'EInvoiceSubmissionFailed':
      return { ...s, attempts: e.data.attempt, settled: false };
    case 'EInvoiceAccepted':
      return {
        attempts: e.data.attempt,
        settled: true,
        accepted: true,
        state: einvoiceStateOf(e.type, { status: e.data.status, warnings: e.data.warnings.length }),
      };
    case 'EInvoiceRejected':
      return { ...s, attempts: e.data.attempt, settled: true, state: 'rejected' };
    case 'EInvoiceResubmissionAsked':
      return { ...s, settled: false, state: 'pending' };
  }
};

/**
 * Where a sales document stands with the authority, from its own stream (the read model's
 * `einvoicing` follows the same events): accepted (reported, with warnings or not, or cleared),
 * rejected, or not yet (`not_reported`: still on its way, or never signed). A note needs it (doc2 §8.2).
 */
export const einvoiceStateIn = async (
  aggregates: Aggregates,
  at: TenantScope,
  uuid: string,
): Promise<DocumentEInvoicing> => {
  const { state } = await aggregates.load(at, einvoiceStream(at.tenantId, uuid), NONE, evolveSubmissions);
  return state.accepted || state.state === 'rejected' ? state.state : 'not_reported';
};

const brief = (m: Array<{ code: string; message: string }>): EInvoiceMessage[] =>
  m.map(({ code, message }) => ({ code, message }));

/** The worker's identity in the events it records. */
const WORKER = { kind: 'system', id: 'einvoice-reporting' } as const;

/**
 * Submits the signed documents to the authority: simplified ones reported, standard ones cleared,
 * in the order of their ICV per device. The document is sent exactly as it was signed, never signed
 * again: "try again later" answers (no answer, 413, 429, 5xx) are retried with a growing delay, a
 * refusal is kept with its reasons until someone asks to report it again. Each attempt and answer is
 * an event on the document's stream; two workers cannot both record the same attempt.
 */
export class EInvoiceReporting {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly models: ReadModels,
    /** where a document's signed XML is read (its `EInvoiceSigned` event; the read model says where) */
    private readonly events: Pick<EventStore, 'readStream'>,
    private readonly fatooraFor: FatooraFor,
    private readonly secrets: SealedSecrets,
    private readonly logger?: Logger,
  ) {}

  /** The documents due now, oldest first per device: at most `limit` of them. */
  async due(now: Date, limit = 50): Promise<Doc[]> {
    const docs = await this.models.find('einvoices', {
      filter: { state: 'pending', next_attempt_at: { $lte: now.toISOString() } },
      sort: [['next_attempt_at', 'asc']],
      limit,
    });
    return docs.sort((a, b) =>
      a.device_id === b.device_id
        ? Number(a.icv) - Number(b.icv)
        : String(a.device_id) < String(b.device_id)
          ? -1
          : 1,
    );
  }

  async runDue(now: Date): Promise<number> {
    let done = 0;
    for (const doc of await this.due(now)) {
      try {
        await this.submit(doc, now);
        done++;
      } catch (error) {
        this.logger?.warn(`e-invoice ${String(doc.id)} not submitted: ${String(error)}`);
      }
    }
    return done;
  }

  private ctx(tenantId: string, now: Date, uuid: string, attempt: number): CommandContext {
    return {
      tenantId,
      actor: WORKER,
      correlationId: `einvoice-${uuid}-${attempt}`,
      idempotencyKey: `einvoice-${uuid}-${attempt}`,
      now,
    };
  }

  /** Sends one document and records the answer; answers the event recorded. */
  async submit(doc: Doc, now: Date, within?: CommandContext): Promise<EInvoiceSubmissionEvent | undefined> {
    return (await this.send(doc, now, within))?.event;
  }

  /** `submit`, with the position of the answer it recorded. */
  private async send(
    doc: Doc,
    now: Date,
    /** the command it is sent in ("report now"), whose unit of work records the answer; none for the worker */
    within?: CommandContext,
  ): Promise<{ event: EInvoiceSubmissionEvent; position?: string } | undefined> {
    const tenantId = String(doc.tenantId);
    const uuid = String(doc.id);
    const devices = (
      await this.aggregates.load(within, devicesStream(tenantId), initialDevices, evolveDevices)
    ).state;
    const device = devices.devices[String(doc.device_id)];
    const stream = einvoiceStream(tenantId, uuid);
    const before = (await this.aggregates.load(within, stream, NONE, evolveSubmissions)).state;
    if (before.settled) return undefined;
    const attempt = before.attempts + 1;
    let answer: SubmissionAnswer;
    if (!device?.production) {
      answer = {
        outcome: 'unauthorized',
        httpStatus: 0,
        warnings: [],
        errors: [
          { type: 'ERROR', code: 'einvoicing.not_connected', message: 'the device has no production CSID' },
        ],
      };
    } else {
      const fatoora = this.fatooraFor(device.opened.environment);
      const credentials = {
        binarySecurityToken: device.production.token,
        secret: this.secrets.open(device.production.secret_sealed),
      };
      const xml = await signedXmlOf(this.events, doc);
      if (xml === undefined) throw new Error(`the signed XML of e-invoice ${uuid} is not in its event`);
      const submission = {
        invoiceHash: String(doc.hash),
        uuid,
        invoice: Buffer.from(xml, 'utf8').toString('base64'),
      };
      answer = doc.standard
        ? await fatoora.clear(credentials, submission)
        : await fatoora.report(credentials, submission);
      // clearance switched off by the authority: a standard document is then reported
      if (answer.outcome === 'clearance_off') answer = await fatoora.report(credentials, submission);
    }
    const event = this.outcome(uuid, attempt, answer, now, !!doc.standard);
    const { position } = await this.aggregates.handle<Submissions, EInvoiceSubmissionEvent>(
      stream,
      Object.assign(this.ctx(tenantId, now, uuid, attempt), { [UNIT]: within?.[UNIT] }),
      {
        initial: NONE,
        evolve: evolveSubmissions,
        decide: (state) => (state.settled || state.attempts >= attempt ? [] : [event]),
      },
    );
    return { event, position };
  }

  /**
   * A standard (B2B) document is cleared before it is shown or printed (ZATCA): right after the
   * command that signed it is stored, it goes to the authority, and the till's reply says how it
   * went. When the authority cannot be reached the worker keeps trying, and until it is cleared the
   * invoice says it awaits clearance. The document is the one just signed, so the read model need not
   * have caught up.
   */
  async clearSigned(
    tenantId: string,
    signed: { uuid: string; device_id: string; hash: string; xml: string },
    now: Date,
  ): Promise<{ state: 'cleared' | 'rejected' | 'pending'; position?: string }> {
    const sent = await this.send(
      {
        id: signed.uuid,
        tenantId,
        device_id: signed.device_id,
        hash: signed.hash,
        xml: signed.xml,
        standard: true,
      },
      now,
    );
    const type = sent?.event.type;
    const state =
      type === 'EInvoiceAccepted' ? 'cleared' : type === 'EInvoiceRejected' ? 'rejected' : 'pending';
    return { state, position: sent?.position };
  }

  private outcome(
    uuid: string,
    attempt: number,
    answer: SubmissionAnswer,
    now: Date,
    standard: boolean,
  ): EInvoiceSubmissionEvent {
    switch (answer.outcome) {
      case 'accepted':
      case 'accepted_with_warnings':
      case 'duplicate':
        return {
          type: 'EInvoiceAccepted',
          data: {
            uuid,
            attempt,
            http_status: answer.httpStatus,
            status:
              answer.status === 'CLEARED' || (standard && answer.status !== 'REPORTED')
                ? 'CLEARED'
                : 'REPORTED',
            warnings: brief(answer.warnings),
            ...(answer.clearedInvoice && { cleared_xml: answer.clearedInvoice }),
          },
        };
      case 'rejected':
        return {
          type: 'EInvoiceRejected',
          data: {
            uuid,
            attempt,
            http_status: answer.httpStatus,
            errors: brief(answer.errors),
            warnings: brief(answer.warnings),
          },
        };
      default:
        return {
          type: 'EInvoiceSubmissionFailed',
          data: {
            uuid,
            attempt,
            http_status: answer.httpStatus,
            retry_at: new Date(now.getTime() + retryDelayMs(attempt)).toISOString(),
            errors: brief(answer.errors),
          },
        };
    }
  }

  /** One document sent now, as the worker would send it when due (the demo's seed uses it). */
  async submitNow(tenantId: string, uuid: string, now: Date): Promise<EInvoiceSubmissionEvent | undefined> {
    const doc = await this.models.get('einvoices', uuid);
    if (!doc || doc.tenantId !== tenantId) throw notFound('not_found.record');
    return this.submit(doc, now);
  }

  /** "Report now": a refused or late document is sent again at once (never signed again). */
  async reportNow(ctx: CommandContext, uuid: string): Promise<EInvoiceSubmissionEvent | undefined> {
    const doc = await this.models.get('einvoices', uuid);
    if (!doc || doc.tenantId !== ctx.tenantId) throw notFound('not_found.record');
    if (doc.state === 'reported' || doc.state === 'cleared' || doc.state === 'reported_with_warnings')
      return undefined;
    await this.aggregates.handle<Submissions, EInvoiceSubmissionEvent>(
      einvoiceStream(ctx.tenantId, uuid),
      ctx,
      {
        initial: NONE,
        evolve: evolveSubmissions,
        decide: () => [{ type: 'EInvoiceResubmissionAsked', data: { uuid } }],
      },
    );
    return this.submit(doc, ctx.now, ctx);
  }
}

/**
 * A sales document's reply, with its standard e-invoice cleared once the document is stored: the
 * reply then tells the clearance's outcome (`einvoice.state`) and waits for it to be readable.
 */
export const clearedAfterCommit = <T extends { einvoice: unknown }>(
  answer: Answer<T>,
  reporting: EInvoiceReporting,
  tenantId: string,
  signed: SignedEInvoice | undefined,
  now: Date,
): Answer<T> => {
  if (!signed?.clearance) return answer;
  const clearance = signed.clearance;
  return new Answer(answer.body, answer.position, answer.status, false, async (position) => {
    const cleared = await reporting.clearSigned(
      tenantId,
      { uuid: signed.uuid, hash: signed.hash, ...clearance },
      now,
    );
    const einvoice = { ...(answer.body.einvoice as object), state: cleared.state };
    return new Answer(
      { ...answer.body, einvoicing: cleared.state, einvoice },
      cleared.position ?? position,
      answer.status,
    );
  });
};
