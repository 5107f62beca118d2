import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  COMPLAINT_FROM_RATING,
  conflict,
  DomainError,
  INVOICE_SURVEY_CATEGORY,
  newId,
  notFound,
  rateInvoiceInput,
  codeName,
  streamName,
  type InvoiceRated,
} from '@rawnaq/contracts';
import { parseInput, TOKENS, type ReadModels } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import { type CommandContext, UNIT } from '../shared/command-context';
import { Aggregates } from '../shared/repository';
import { Sequences } from '../shared/sequences';
import { tenantInfo } from '../shared/tenant';
import { handleComplaint } from './complaints.commands';
import type { UnitOfWork } from '../shared/unit-of-work';

export class RateInvoice {
  constructor(
    readonly uniqueId: string,
    readonly body: unknown,
    readonly now: Date,
    /** the request's unit of work (see `RequestUnit`) */
    readonly unit?: UnitOfWork,
  ) {}
}

/** An invoice's survey as its command sees it: rated or not. */
export type SurveyState = { rated: false } | { rated: true; rating: number };
export const initialSurveyState: SurveyState = { rated: false };
export const evolveSurvey = (_state: SurveyState, event: InvoiceRated): SurveyState =>
  event.type === 'InvoiceRated' ? { rated: true, rating: event.data.rating } : _state;

/** The e-survey (issue 11): an invoice is rated once; a second rating answers 409. */
export const decideRating = (
  command: {
    invoiceId: string;
    invoiceNumber: number;
    rating: number;
    comment?: string;
    at: string;
    visit?: Pick<
      InvoiceRated['data'],
      'rated_on' | 'customer_id' | 'customer_name' | 'business_date' | 'lines'
    >;
  },
  state: SurveyState,
): InvoiceRated[] => {
  if (state.rated) throw conflict('survey.already_rated');
  return [
    {
      type: 'InvoiceRated',
      data: {
        invoice_id: command.invoiceId,
        invoice_number: command.invoiceNumber,
        rating: command.rating,
        ...(command.comment?.trim() && { comment: command.comment.trim() }),
        rated_at: command.at,
        ...command.visit,
      },
    },
  ];
};

/** What the public link looks like: the invoice's unique id (`e-invoice/{uniqueId}`). */
export const UNIQUE_ID = /^[A-Za-z0-9_-]{10,64}$/;

/**
 * `POST /api/public/e-survey/{uniqueId}`: the customer rates her visit from the invoice's link,
 * without signing in (the link is the capability); the salon is the invoice's.
 */
@CommandHandler(RateInvoice)
export class RateInvoiceHandler implements ICommandHandler<RateInvoice> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(Sequences) private readonly sequences: Sequences,
  ) {}

  async execute({ uniqueId, body, now, unit }: RateInvoice): Promise<Answer> {
    if (!UNIQUE_ID.test(uniqueId)) throw notFound('not_found.invoice');
    const [invoice] = await this.models.find('invoices', { filter: { unique_id: uniqueId }, limit: 1 });
    if (!invoice) throw notFound('not_found.invoice');
    const input = parseInput(rateInvoiceInput, body);
    const ctx: CommandContext = {
      tenantId: invoice.tenantId as string,
      actor: { kind: 'customer', id: `e-survey:${uniqueId}` },
      correlationId: newId(),
      now,
      [UNIT]: unit,
    };
    const rating = Number(input.rating);
    type Line = {
      kind: string;
      item_id?: string;
      name_en: string;
      name_ar: string;
      employee_id?: string | null;
    };
    const tenant = await tenantInfo(this.models, ctx.tenantId, now);
    const visit = {
      rated_on: tenant.today,
      customer_id: (invoice.customer_id as string | null | undefined) ?? null,
      customer_name: (invoice.customer_name as string | null | undefined) ?? null,
      business_date: invoice.business_date as string,
      lines: ((invoice.lines as Line[] | undefined) ?? []).map((l) => ({
        kind: l.kind,
        item_id: l.item_id ?? '',
        name_en: l.name_en,
        name_ar: l.name_ar,
        employee_id: l.employee_id ?? null,
      })),
    };
    // the rating and, when it is weak or very weak, the complaint it opens: together or not at all
    const { position } = await this.aggregates.transaction(ctx, async (ctx) => {
      const rated = await this.aggregates.handle<SurveyState, InvoiceRated>(
        streamName(INVOICE_SURVEY_CATEGORY, ctx.tenantId, invoice.id),
        ctx,
        {
          initial: initialSurveyState,
          evolve: evolveSurvey,
          decide: (s) =>
            decideRating(
              {
                invoiceId: invoice.id,
                invoiceNumber: invoice.number as number,
                rating,
                comment: input.comment,
                at: now.toISOString(),
                visit,
              },
              s,
            ),
        },
      );
      if (rated.events.length && rating <= COMPLAINT_FROM_RATING) {
        await handleComplaint(this.aggregates, ctx, {
          type: 'Open',
          complaintId: newId(),
          at: now.toISOString(),
          source: 'rating',
          description: input.comment?.trim() || '',
          customer_id: visit.customer_id,
          customer_name: visit.customer_name,
          invoice_id: invoice.id,
          invoice_number: invoice.number as number,
          rating,
          number: await this.sequences.next(ctx, 'complaint'),
          business_date: tenant.today,
        });
      }
    });
    return new Answer({ unique_id: uniqueId, rating, label: codeName('rating', rating) }, position, 201);
  }
}

/**
 * A small per-address limit on a public write (the e-survey): a link-guessing or flooding client is
 * told to wait (429) after `max` requests within `windowMs`; one process's memory is enough for that.
 */
export class PublicRateLimit {
  private readonly seen = new Map<string, number[]>();

  constructor(
    private readonly max = 10,
    private readonly windowMs = 60_000,
  ) {}

  check(key: string, now = Date.now()) {
    const recent = (this.seen.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.max) {
      this.seen.set(key, recent);
      throw new DomainError('errors.too_many_requests', 429);
    }
    recent.push(now);
    this.seen.set(key, recent);
    if (this.seen.size > 10_000)
      for (const [k, times] of this.seen)
        if (!times.some((t) => now - t < this.windowMs)) this.seen.delete(k);
  }
}
