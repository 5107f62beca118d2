import { Controller, Get, Inject, Injectable, Param, Res } from '@nestjs/common';
import type { Writable } from 'node:stream';
import {
  DomainError,
  newId,
  notFound,
  salonBackupStream,
  type SalonBackupDownloaded,
} from '@rawnaq/contracts';
import {
  Auth,
  Realm,
  TOKENS,
  writeSalonBackup,
  type AuthContext,
  type EventStore,
  type FileStore,
  type Logger,
  type ReadModels,
} from '@rawnaq/platform';

/** The product's version written in every backup's manifest. */
export const PRODUCT_VERSION = '0.1.0';

type Response = Writable & {
  setHeader: (k: string, v: string) => void;
  headersSent: boolean;
  destroy: (e?: Error) => void;
};

/** Records the download, then streams the archive (events up to the download itself included). */
@Injectable()
export class SalonBackups {
  constructor(
    @Inject(TOKENS.eventStore) private readonly store: EventStore,
    @Inject(TOKENS.fileStore) private readonly files: FileStore,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.logger) private readonly logger: Logger,
  ) {}

  async download(auth: AuthContext, tenantId: string, res: Response) {
    const account = await this.models.get('accounts', tenantId);
    if (!account) throw notFound('not_found.account');
    const now = new Date();
    const accountId = Number(account.account_id ?? tenantId);
    const correlationId = newId();
    const downloaded: SalonBackupDownloaded = {
      type: 'SalonBackupDownloaded',
      data: { account_id: accountId, realm: auth.realm as 'merchant' | 'manager' },
    };
    // a fact of its own (nothing to decide): who took the salon's history, and when
    await this.store.append(
      salonBackupStream(tenantId),
      [
        {
          id: newId(),
          ...downloaded,
          metadata: {
            tenantId,
            actor: { kind: auth.realm === 'manager' ? 'manager' : 'user', id: auth.userId },
            correlationId,
            causationId: correlationId,
            occurredAt: now.toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      'any',
    );
    const date = now.toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'application/gzip');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="rawnaq-backup-${accountId}-${date}.jsonl.gz"`,
    );
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      await writeSalonBackup(
        this.store,
        this.files,
        tenantId,
        {
          accountId,
          nameEn: (account.name_en as string | undefined) ?? null,
          nameAr: (account.name_ar as string | undefined) ?? null,
          productVersion: PRODUCT_VERSION,
          exportedAt: now,
        },
        res,
      );
    } catch (error) {
      // the headers are gone: the client sees a cut archive (no manifest), which the import refuses
      this.logger.error('salon backup failed', { tenantId, error: String(error) });
      res.destroy(error as Error);
    }
  }
}

/** The salon's owner (or a role that administers the salon): its whole history. */
@Controller('api/merchant/backups')
@Realm('merchant')
export class SalonBackupsController {
  constructor(@Inject(SalonBackups) private readonly backups: SalonBackups) {}

  @Get('download')
  async download(@Auth() auth: AuthContext, @Res() res: Response) {
    if (!auth.isAdmin) throw new DomainError('auth.no_permission', 403);
    await this.backups.download(auth, auth.tenantId, res);
  }
}

/** `dashboard/download-accounts-backups`: the platform's manager downloads one salon's backup. */
@Controller('api/manager/dashboard/download-accounts-backups')
@Realm('manager')
export class ManagerSalonBackupsController {
  constructor(@Inject(SalonBackups) private readonly backups: SalonBackups) {}

  @Get(':accountId')
  async download(@Auth() auth: AuthContext, @Param('accountId') accountId: string, @Res() res: Response) {
    if (!/^\d{1,9}$/.test(accountId)) throw notFound('not_found.account');
    await this.backups.download(auth, accountId, res);
  }
}
