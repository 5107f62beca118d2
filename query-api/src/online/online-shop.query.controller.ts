import { Controller, Get, Inject, Param } from '@nestjs/common';
import { inclusiveFromExclusive, toDecimalString } from '@rawnaq/contracts';
import { Public, TOKENS, type Doc, type ReadModels } from '@rawnaq/platform';
import { giftCardsOnline, salonOfAlias } from '@rawnaq/projections';
import { accountOf } from '../shared/account';
import { pricingOf } from '../shared/pricing';

/** An offer or package a customer may buy online: active, and an offer not past its last day. */
const onSale = (b: Doc, today: string) =>
  b.status === 'active' && (typeof b.expiry_date !== 'string' || b.expiry_date >= today);

/**
 * The salon's shop on its online pages (doc1 §1): the offers and packages it sells, and what it
 * allows of gift cards. No sign-in; only what a visitor may see.
 */
@Controller('api/public')
export class OnlineShopQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /** The offers and packages on sale, each with its services, price with VAT and validity. */
  @Get('salons/:alias/offers')
  @Public()
  async offers(@Param('alias') alias: string) {
    const salon = await salonOfAlias(this.models, alias);
    const [{ today }, pricing, offers, packages, services] = await Promise.all([
      accountOf(this.models, salon.id),
      pricingOf(this.models, salon.id),
      this.models.find('offers', { filter: { tenantId: salon.id, status: 'active' } }),
      this.models.find('packages', { filter: { tenantId: salon.id, status: 'active' } }),
      this.models.find('services', { filter: { tenantId: salon.id } }),
    ]);
    const service = (id: string) => services.find((s) => s.id === id);
    const money = (minor: number) => toDecimalString({ amount: minor, currency: pricing.currency });
    const priceOf = (b: Doc) => {
      const withVat = inclusiveFromExclusive(Number(b.price), pricing.vat);
      const worth = inclusiveFromExclusive(Number(b.items_total ?? 0), pricing.vat);
      return {
        price_with_vat: money(withVat),
        price_with_vat_minor: withVat,
        // what its services cost one by one, when that is more: the saving she sees
        ...(worth > withVat && { worth_with_vat: money(worth), worth_with_vat_minor: worth }),
      };
    };
    const names = (id: string) => ({
      name_en: service(id)?.name_en ?? '',
      name_ar: service(id)?.name_ar ?? '',
    });
    const common = (b: Doc) => ({
      id: b.id as string,
      name_en: b.name_en as string,
      name_ar: b.name_ar as string,
      description_en: (b.description_en as string | undefined) ?? null,
      description_ar: (b.description_ar as string | undefined) ?? null,
      ...priceOf(b),
    });
    const byName = (a: { name_en: string }, b: { name_en: string }) => a.name_en.localeCompare(b.name_en);
    const items = [
      ...offers
        .filter((o) => onSale(o, today))
        .map((o) => ({
          kind: 'offer' as const,
          ...common(o),
          services: (o.service_ids as string[]).map((id) => ({ service_id: id, ...names(id), sessions: 1 })),
          // a variable offer: she picks this many of its services
          choose: o.use_type === 2 ? ((o.max_services_to_use as number | undefined) ?? null) : null,
          valid_until: o.expiry_date as string,
          validity_days: null,
        }))
        .sort(byName),
      ...packages
        .filter((p) => onSale(p, today))
        .map((p) => ({
          kind: 'package' as const,
          ...common(p),
          services: (p.items as Array<{ service_id: string; sessions: number }>).map((i) => ({
            service_id: i.service_id,
            ...names(i.service_id),
            sessions: i.sessions,
          })),
          choose: null,
          valid_until: null,
          validity_days: p.validity_days as number,
        }))
        .sort(byName),
    ];
    return {
      currency: pricing.currency,
      online_booking: salon.online_booking === true,
      items,
      gift_cards: giftCardsOnline(salon),
    };
  }
}
