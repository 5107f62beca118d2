import { Body, Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  notFound,
  suggestionAnswerInput,
  suggestionInput,
  suggestionStream,
  type DevelopmentSuggestionEvent,
} from '@rawnaq/contracts';
import { Auth, parseInput, Realm, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates, idFor } from '../shared/repository';
import {
  decideSuggestion,
  evolveSuggestion,
  initialSuggestion,
  type SuggestionCommand,
  type SuggestionState,
} from './development-suggestions';

const isId = (id: string) => /^[0-9a-f-]{36}$/.test(id);

export class SubmitSuggestion {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly body: unknown,
  ) {}
}

/** A salon's user sends the platform a suggestion (any user of the salon may). */
@CommandHandler(SubmitSuggestion)
export class SubmitSuggestionHandler implements ICommandHandler<SubmitSuggestion> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ ctx, auth, body }: SubmitSuggestion): Promise<Answer> {
    const input = parseInput(suggestionInput, body);
    const id = idFor(ctx, 'suggestion');
    const command: SuggestionCommand = {
      type: 'Submit',
      id,
      input,
      userId: auth.userId,
      userName: auth.name,
    };
    const outcome = await this.aggregates.handle<SuggestionState, DevelopmentSuggestionEvent>(
      suggestionStream(ctx.tenantId, id),
      ctx,
      { initial: initialSuggestion, evolve: evolveSuggestion, decide: (s) => decideSuggestion(command, s) },
    );
    return new Answer({ id, ...input, status: 1, reply: null }, outcome.position, 201);
  }
}

export class AnswerSuggestion {
  constructor(
    readonly ctx: CommandContext,
    readonly id: string,
    readonly body: unknown,
  ) {}
}

/** The manager answers a salon's suggestion: its status, and a reply the salon reads. */
@CommandHandler(AnswerSuggestion)
export class AnswerSuggestionHandler implements ICommandHandler<AnswerSuggestion> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, id, body }: AnswerSuggestion): Promise<Answer> {
    const suggestion = isId(id) ? await this.models.get('development_suggestions', id) : undefined;
    if (!suggestion) throw notFound('not_found.record');
    const input = parseInput(suggestionAnswerInput, body);
    const tenantId = suggestion.tenantId as string;
    const command: SuggestionCommand = { type: 'Answer', id, input };
    // the event belongs to the salon's stream (its suggestion), written by the platform's manager
    const outcome = await this.aggregates.handle<SuggestionState, DevelopmentSuggestionEvent>(
      suggestionStream(tenantId, id),
      { ...ctx, tenantId },
      { initial: initialSuggestion, evolve: evolveSuggestion, decide: (s) => decideSuggestion(command, s) },
    );
    const state = outcome.state as SuggestionState & { exists: true };
    return new Answer({ id, status: state.status, reply: state.reply }, outcome.position);
  }
}

type Request = { headers: Record<string, string | string[] | undefined> };

/** `development-suggestions` (merchant): the salon's back office sends a suggestion. */
@Controller('api/merchant/development-suggestions')
@Realm('merchant')
export class SalonSuggestionsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  submit(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new SubmitSuggestion(commandContext(auth, req), auth, body));
  }
}

/** `technical/development-suggestions` (manager): answer a salon's suggestion. */
@Controller('api/manager/development-suggestions')
@Realm('manager')
export class ManagerSuggestionsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post(':id/answer')
  @HttpCode(200)
  answer(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new AnswerSuggestion(commandContext(auth, req), id, body));
  }
}

export const suggestionHandlers = [SubmitSuggestionHandler, AnswerSuggestionHandler];
export const suggestionControllers = [SalonSuggestionsController, ManagerSuggestionsController];
