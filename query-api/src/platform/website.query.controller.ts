import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  CURRENCY_INFO,
  DomainError,
  isWebsitePage,
  seoReport,
  WEBSITE_PAGE_PATHS,
  WEBSITE_PAGES,
  WEBSITE_SECTIONS,
  websiteOf,
  websiteSectionKeys,
  type WebsiteSection,
  type WebsiteSettings,
} from '@rawnaq/contracts';
import { header, Realm, TOKENS, type ReadModels } from '@rawnaq/platform';
import { page, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

const SEO_KEYS = [
  'title_en',
  'title_ar',
  'description_en',
  'description_ar',
  'og_title_en',
  'og_title_ar',
  'og_description_en',
  'og_description_ar',
  'og_image',
] as const;

/** A plan's price as the manager types it: 199.00 (minor units in the events and read model). */
const priceText = (minor: number, currency: keyof typeof CURRENCY_INFO) => {
  const d = CURRENCY_INFO[currency]?.decimals ?? 2;
  return (minor / 10 ** d).toFixed(d);
};

/**
 * The website's settings as the manager console edits them (`website-setting/*`, `seo-setting/*`):
 * each section a record (what is shown: the manager's values over the defaults), each page's SEO,
 * the SEO report, and the visitors' messages.
 */
@Controller('api/manager/website')
@Realm('manager')
export class WebsiteQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  private async saved() {
    return (await this.models.get('website_settings', 'website')) as WebsiteSettings | undefined;
  }

  @Get('settings/:id')
  async section(@Param('id') id: string) {
    if (!(WEBSITE_SECTIONS as readonly string[]).includes(id)) throw new DomainError('not_found.record', 404);
    const shown = websiteOf(await this.saved()) as Record<string, unknown>;
    const out: Record<string, unknown> = { id };
    for (const key of websiteSectionKeys(id as WebsiteSection)) out[key] = shown[key] ?? '';
    if (Array.isArray(out.plans))
      out.plans = (shown.plans as Array<{ price: number; currency: keyof typeof CURRENCY_INFO }>).map(
        (p) => ({
          ...p,
          price: priceText(p.price, p.currency),
        }),
      );
    return out;
  }

  @Get('seo-pages')
  async seoPages(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: [],
      defaultSort: ['id', 'asc'],
    });
    const saved = await this.saved();
    const rows = WEBSITE_PAGES.map((p) => this.seoRow(saved, p));
    return page(res, 'seo-pages', q, rows.slice(q.skip, q.skip + q.limit), rows.length);
  }

  @Get('seo-pages/:id')
  async seoPage(@Param('id') id: string) {
    if (!isWebsitePage(id)) throw new DomainError('not_found.record', 404);
    return this.seoRow(await this.saved(), id);
  }

  private seoRow(saved: WebsiteSettings | undefined, p: (typeof WEBSITE_PAGES)[number]) {
    const own = saved?.seo_pages?.[p] ?? {};
    const row: Record<string, unknown> = { id: p, path: `/${WEBSITE_PAGE_PATHS[p]}` };
    for (const k of SEO_KEYS) row[k] = own[k] ?? '';
    return row as { id: string };
  }

  @Get('seo-report')
  async report(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: [],
      defaultSort: ['id', 'asc'],
    });
    const rows = seoReport(await this.saved());
    return page(res, 'seo-report', q, rows.slice(q.skip, q.skip + q.limit), rows.length);
  }

  @Get('contact-messages')
  async contactMessages(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['received_at'],
      defaultSort: ['received_at', 'desc'],
    });
    const [docs, total] = await Promise.all([
      this.models.find('contact_messages', { sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('contact_messages', {}),
    ]);
    return page(res, 'contact-messages', q, docs, total);
  }
}
