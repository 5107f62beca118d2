import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { MIN_POSITION_HEADER } from '@rawnaq/contracts';
import { TOKENS, type ReadModels } from '@rawnaq/platform';

type Req = { headers: Record<string, string | string[] | undefined> };
type Res = {
  status: (n: number) => Res;
  json: (b: unknown) => void;
  setHeader: (k: string, v: string) => void;
};

export const READ_YOUR_WRITES_MS = 2000;
/** how long a read carrying X-Min-Position waits at most (READ_YOUR_WRITES_MS unless the app says) */
export const READ_YOUR_WRITES_WAIT = Symbol('READ_YOUR_WRITES_WAIT');

/**
 * Read-your-writes: a read carrying X-Min-Position waits (at most 2 s) until every projection has
 * applied that position, so a list asked for right after a save shows it; past that it answers what it
 * has, marked `X-Stale: true`.
 */
@Injectable()
export class MinPositionMiddleware implements NestMiddleware {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.projections) private readonly projections: string[],
    @Inject(READ_YOUR_WRITES_WAIT) private readonly waitMs: number,
  ) {}

  async use(req: Req, res: Res, next: () => void): Promise<void> {
    const raw = req.headers[MIN_POSITION_HEADER.toLowerCase()];
    const position = Array.isArray(raw) ? raw[0] : raw;
    if (position === undefined || position === '') return next();
    if (!/^\d{1,30}$/.test(position)) return void res.status(400).json({ message: 'errors.bad_position' });
    const caughtUp = await this.models.waitFor(
      this.projections,
      position.replace(/^0+(?=\d)/, ''),
      this.waitMs,
    );
    if (!caughtUp) res.setHeader('X-Stale', 'true');
    next();
  }
}
