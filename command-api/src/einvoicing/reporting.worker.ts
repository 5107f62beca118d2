import {
  Controller,
  HttpCode,
  Inject,
  Injectable,
  Param,
  Post,
  Req,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { notFound, Page, Permission, rejected } from '@rawnaq/contracts';
import {
  Auth,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Clock,
  type EventStore,
  type Logger,
  type ReadModels,
  type SealedSecrets,
} from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import { commandContext } from '../shared/http-context';
import { Aggregates } from '../shared/repository';
import { GATEWAY_TOKENS } from '../online/gateway-tokens';
import { EINVOICING_TOKENS, type FatooraFor } from './onboarding';
import { EInvoiceReporting } from './reporting';

/** How often the worker looks for documents due (and whether it runs at all: tests run it by hand). */
export const REPORTING_TOKENS = { everyMs: Symbol('EInvoiceReportingEveryMs') } as const;

/**
 * The background worker that reports and clears the signed documents: every few seconds, the ones
 * due, so a simplified invoice is with the authority within a minute of its issue when the
 * authority answers, and within the retries' back-off when it does not.
 */
@Injectable()
export class EInvoiceReportingWorker implements OnApplicationBootstrap, OnModuleDestroy {
  readonly reporting: EInvoiceReporting;
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    @Inject(Aggregates) aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.eventStore) private readonly store: EventStore,
    @Inject(EINVOICING_TOKENS.fatoora) fatoora: FatooraFor,
    @Inject(GATEWAY_TOKENS.secrets) secrets: SealedSecrets,
    @Inject(TOKENS.clock) private readonly clock: Clock,
    @Inject(TOKENS.logger) private readonly logger: Logger,
    @Inject(REPORTING_TOKENS.everyMs) private readonly everyMs: number,
  ) {
    this.reporting = new EInvoiceReporting(aggregates, models, store, fatoora, secrets, logger);
  }

  /**
   * One pass over the documents due (tests and "report now" call it), read once the read models show
   * everything stored so far (the last pass's answers too).
   */
  async runOnce(): Promise<number> {
    await this.models.settle(await this.store.headPosition());
    return this.reporting.runDue(this.clock.now());
  }

  onApplicationBootstrap() {
    if (this.everyMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runOnce()
        .catch((error: unknown) => this.logger.warn(`e-invoice reporting failed: ${String(error)}`))
        .finally(() => (this.running = undefined));
    }, this.everyMs);
    this.timer.unref();
  }

  async onModuleDestroy() {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}

type Request = { headers: Record<string, string | string[] | undefined> };

/** "Report now" on a failed or late document (doc2 §8.2 "failed to report"). */
@Controller('api/merchant/einvoicing/documents')
@Realm('merchant')
@RequirePermission(Page.pos, Permission.salesReports)
export class EInvoiceDocumentsController {
  constructor(@Inject(EInvoiceReportingWorker) private readonly worker: EInvoiceReportingWorker) {}

  @Post(':uuid/report')
  @HttpCode(200)
  async report(@Auth() auth: AuthContext, @Req() req: Request, @Param('uuid') uuid: string) {
    if (!/^[0-9a-f-]{36}$/.test(uuid)) throw notFound('not_found.record');
    const ctx = commandContext(auth, req);
    const event = await this.worker.reporting.reportNow(ctx, uuid);
    if (!event) throw rejected('einvoicing.already_accepted');
    return new Answer({ id: uuid, outcome: event.type, ...event.data });
  }
}

/** The manager's retry of any salon's failed document (dashboard/zatca-failed-transactions). */
@Controller('api/manager/einvoices')
@Realm('manager')
export class ManagerEInvoicesController {
  constructor(
    @Inject(EInvoiceReportingWorker) private readonly worker: EInvoiceReportingWorker,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  @Post(':uuid/report')
  @HttpCode(200)
  async report(@Auth() auth: AuthContext, @Req() req: Request, @Param('uuid') uuid: string) {
    if (!/^[0-9a-f-]{36}$/.test(uuid)) throw notFound('not_found.record');
    const doc = await this.models.get('einvoices', uuid);
    if (!doc) throw notFound('not_found.record');
    const ctx = { ...commandContext(auth, req), tenantId: String(doc.tenantId) };
    const event = await this.worker.reporting.reportNow(ctx, uuid);
    if (!event) throw rejected('einvoicing.already_accepted');
    return new Answer({ id: uuid, outcome: event.type, ...event.data });
  }
}
