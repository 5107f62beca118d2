import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  COMPLAINT_CATEGORY,
  complaintNoteInput,
  notFound,
  openComplaintInput,
  rejected,
  resolveComplaintInput,
  streamName,
  takeUpComplaintInput,
  type ComplaintEvent,
} from '@rawnaq/contracts';
import { parseInput, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { Sequences } from '../shared/sequences';
import { tenantInfo } from '../shared/tenant';
import { currentCustomer } from '../customers/customer.commands';
import { decideComplaint, evolveComplaint, initialComplaint, type ComplaintCommand } from './complaint';

export const complaintStream = (tenantId: string, complaintId: string) =>
  streamName(COMPLAINT_CATEGORY, tenantId, complaintId);

/** Decides on one complaint's stream (inside the running command's unit, if any). */
export const handleComplaint = (aggregates: Aggregates, ctx: CommandContext, command: ComplaintCommand) =>
  aggregates.handle(complaintStream(ctx.tenantId, command.complaintId), ctx, {
    initial: initialComplaint,
    evolve: evolveComplaint,
    decide: (s) => decideComplaint(command, s),
  });

export class OpenComplaint {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly body: unknown,
  ) {}
}

/** `POST complaints`: a complaint the front desk heard, of a customer of the salon, maybe about an invoice. */
@CommandHandler(OpenComplaint)
export class OpenComplaintHandler implements ICommandHandler<OpenComplaint> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(Sequences) private readonly sequences: Sequences,
  ) {}

  async execute({ ctx, auth, body }: OpenComplaint): Promise<Answer> {
    const input = parseInput(openComplaintInput, body);
    const customer = input.customer_id
      ? await currentCustomer(this.aggregates, ctx, input.customer_id)
      : undefined;
    if (input.customer_id && !customer) throw rejected('not_found.customer', 'customer_id');
    const invoice = input.invoice_id ? await this.models.get('invoices', input.invoice_id) : undefined;
    if (input.invoice_id && (!invoice || invoice.tenantId !== ctx.tenantId))
      throw rejected('not_found.invoice', 'invoice_id');
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const complaintId = idFor(ctx, 'complaint');
    // in the command's unit: a refused or failed opening takes no number
    const number = await this.sequences.next(ctx, 'complaint');
    const outcome = await handleComplaint(this.aggregates, ctx, {
      type: 'Open',
      complaintId,
      at: ctx.now.toISOString(),
      byName: auth.name,
      source: 'staff',
      description: input.description.trim(),
      customer_id: customer?.id ?? (invoice?.customer_id as string | null | undefined) ?? null,
      customer_name:
        customer?.state.details.name ?? (invoice?.customer_name as string | null | undefined) ?? null,
      ...(invoice && { invoice_id: invoice.id, invoice_number: invoice.number as number }),
      number,
      business_date: tenant.today,
    });
    return new Answer({ id: complaintId, number, state: 'new' }, outcome.position, 201);
  }
}

export class ActOnComplaint {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly complaintId: string,
    readonly act: 'take-up' | 'note' | 'resolve',
    readonly body: unknown,
  ) {}
}

/** `POST complaints/{id}/take-up | notes | resolve`: someone deals with it, says what was done, resolves it. */
@CommandHandler(ActOnComplaint)
export class ActOnComplaintHandler implements ICommandHandler<ActOnComplaint> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ ctx, auth, complaintId, act, body }: ActOnComplaint): Promise<Answer> {
    if (!/^[A-Za-z0-9-]{1,60}$/.test(complaintId)) throw notFound('not_found.complaint');
    const who = { complaintId, at: ctx.now.toISOString(), byName: auth.name };
    let command: ComplaintCommand;
    if (act === 'take-up')
      command = { type: 'TakeUp', ...who, note: parseInput(takeUpComplaintInput, body).note };
    else if (act === 'note')
      command = { type: 'Note', ...who, note: parseInput(complaintNoteInput, body).note };
    else command = { type: 'Resolve', ...who, note: parseInput(resolveComplaintInput, body).note };
    const outcome = await handleComplaint(this.aggregates, ctx, command);
    const state = (outcome.events as ComplaintEvent[]).some((e) => e.type === 'ComplaintResolved')
      ? 'resolved'
      : 'in_progress';
    return new Answer({ id: complaintId, state }, outcome.position, 201);
  }
}
