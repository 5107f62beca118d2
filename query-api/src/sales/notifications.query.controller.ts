import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import {
  DomainError,
  mayReadNotificationKind,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@rawnaq/contracts';
import {
  Auth,
  hasRight,
  Realm,
  TOKENS,
  userScope,
  type AuthContext,
  type Doc,
  type ReadModels,
} from '@rawnaq/platform';

const LISTED = ['stocks', 'surveys', 'complaints', 'orders', 'checks'] as const;
type Listed = (typeof LISTED)[number];
/** How many of each kind the menu lists (newest first). */
const PER_KIND = 50;
/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** Without a runner in this process, how often a stream looks again. */
const POLL_MS = 5_000;

type StreamRequest = {
  headers: { accept?: string };
  on: (event: 'close', listener: () => void) => void;
};
type StreamResponse = {
  setHeader: (k: string, v: string) => void;
  flushHeaders: () => void;
  write: (chunk: string) => boolean;
  end: (chunk?: string) => void;
  writableEnded: boolean;
  statusCode: number;
};

/**
 * The notification menu (doc1 §2, doc2 §6-7): stocks, surveys, complaints, orders and the platform's
 * checks, each kind for
 * who may see it, newest first, with the unread counts; and the same counts pushed live to an open
 * back office as Server-Sent Events whenever a notification is added or read.
 */
@Controller('api/merchant')
@Realm('merchant')
export class NotificationsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  private async kinds(auth: AuthContext): Promise<Listed[]> {
    const holds = hasRight(await userScope(this.models, auth), 'hold_invoice');
    return LISTED.filter((k) => mayReadNotificationKind(auth.permissions, k, holds));
  }

  private async recordsOf(tenantId: string, kind: Listed): Promise<Doc[]> {
    if (kind === 'stocks')
      return (
        await this.models.find('notifications', {
          filter: { tenantId, type: 'stocks' },
          sort: [['created_at', 'desc']],
          limit: PER_KIND,
        })
      ).map((r) => ({ ...r, kind: 'stocks' }));
    return this.models.find('notices', {
      filter: { tenantId, kind },
      sort: [['created_at', 'desc']],
      limit: PER_KIND,
    });
  }

  /** The platform's updates in force, newest first, each with whether this user has seen it. */
  private async systemUpdates(auth: AuthContext) {
    const [updates, seen] = await Promise.all([
      this.models.find('platform_updates', {
        filter: { status: 'published' },
        sort: [['published_at', 'desc']],
        limit: 20,
      }),
      this.models.get('platform_updates_seen', `${auth.tenantId}|${auth.userId}`),
    ]);
    const saw = new Set((seen?.seen as string[] | undefined) ?? []);
    return updates.map((u) => ({
      id: u.id,
      english_title: u.english_title,
      arabic_title: u.arabic_title,
      english_description: u.english_description,
      arabic_description: u.arabic_description,
      shown_as_popup: u.shown_as_popup === true,
      published_at: u.published_at,
      seen: saw.has(u.id),
    }));
  }

  /** The unread counts by kind, and the platform's updates this user has not seen (read once, given or not). */
  private async unread(
    auth: AuthContext,
    kinds: Listed[],
    known?: Awaited<ReturnType<NotificationsQueryController['systemUpdates']>>,
  ): Promise<Record<string, number>> {
    const tenantId = auth.tenantId;
    const updates = known ?? this.systemUpdates(auth);
    const counts = await Promise.all(
      kinds.map((k) =>
        k === 'stocks'
          ? this.models.count('notifications', { tenantId, type: 'stocks', read: { $ne: true } })
          : this.models.count('notices', { tenantId, kind: k, read: { $ne: true } }),
      ),
    );
    return {
      ...Object.fromEntries(kinds.map((k, i) => [k, counts[i]])),
      systemUpdates: (await updates).filter((u) => !u.seen).length,
    };
  }

  /** `notifications/get_records[?type=]`: one kind, or every kind the user may see. */
  @Get('notifications/get_records')
  async records(@Auth() auth: AuthContext, @Query('type') type: string | undefined) {
    if (type !== undefined && !(NOTIFICATION_KINDS as readonly string[]).includes(type))
      throw new DomainError('not_found.record', 404);
    const allowed = await this.kinds(auth);
    const kinds = type === undefined ? allowed : allowed.filter((k) => k === (type as NotificationKind));
    const lists = await Promise.all(kinds.map((k) => this.recordsOf(auth.tenantId, k)));
    const records = lists
      .flat()
      .map(({ tenantId: _t, ...r }) => r)
      .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
    const updates = await this.systemUpdates(auth);
    return {
      records,
      unread: await this.unread(auth, kinds, updates),
      system_updates: updates,
      // shown once as a popup after sign-in: the newest this user has not seen
      popup: updates.find((u) => u.shown_as_popup && !u.seen) ?? null,
    };
  }

  /**
   * `notifications/live` (Accept: text/event-stream): `event: unread` with the counts by kind at once,
   * then each time they change; a comment line every 25 s while nothing does. Asked without that
   * Accept, the counts now, as JSON.
   */
  @Get('notifications/live')
  async live(@Auth() auth: AuthContext, @Req() req: StreamRequest, @Res() res: StreamResponse) {
    const kinds = await this.kinds(auth);
    res.statusCode = 200;
    if (req.headers.accept !== 'text/event-stream') {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ unread: await this.unread(auth, kinds) }));
      return;
    }
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    let last = '';
    let pending = false;
    let closed = false;
    const send = async () => {
      if (closed || pending) return;
      pending = true;
      try {
        const counts = JSON.stringify(await this.unread(auth, kinds));
        if (!closed && counts !== last) {
          last = counts;
          res.write(`event: unread\ndata: ${counts}\n\n`);
        }
      } catch {
        // the next change (or poll) tries again
      } finally {
        pending = false;
      }
    };
    await send();
    const stop = this.models.onChanged(
      ['notifications', 'notices', 'platform_updates', 'platform_updates_seen'],
      () => void send(),
    );
    const poll = stop ? undefined : setInterval(() => void send(), POLL_MS);
    const heartbeat = setInterval(() => !closed && res.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    poll?.unref();
    req.on('close', () => {
      closed = true;
      stop?.();
      if (poll) clearInterval(poll);
      clearInterval(heartbeat);
      if (!res.writableEnded) res.end();
    });
  }
}
