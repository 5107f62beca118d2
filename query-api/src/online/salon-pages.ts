import { inclusiveFromExclusive, toDecimalString } from '@rawnaq/contracts';
import type { Doc, ReadModels } from '@rawnaq/platform';
import { giftCardsOnline, withheldOf } from '@rawnaq/projections';
import { accountOf } from '../shared/account';
import { priced, pricingOf } from '../shared/pricing';

/** A service as a customer sees it: names, description, price with VAT, how long it takes. */
export const shownToCustomers = (s: Doc) => s.status !== 0 && s.show_to_customer !== false;

/** An offer or package a customer may buy online: active, and an offer not past its last day. */
const onSale = (b: Doc, today: string) =>
  b.status === 'active' && (typeof b.expiry_date !== 'string' || b.expiry_date >= today);

/**
 * What a salon's public pages show (doc1 §1), read once for the API and for the pages the server
 * writes before any script runs: its menu as customers see it, by group in the salon's order, each
 * price with VAT.
 */
export const publicMenu = async (models: ReadModels, salon: Doc) => {
  const [groups, services, pricing, held] = await Promise.all([
    models.find('service_groups', { filter: { tenantId: salon.id } }),
    models.find('services', { filter: { tenantId: salon.id } }),
    pricingOf(models, salon.id),
    withheldOf(models, salon.id),
  ]);
  const byOrder = (a: Doc, b: Doc) =>
    Number(a.order ?? 1e9) - Number(b.order ?? 1e9) || String(a.name_en).localeCompare(String(b.name_en));
  const shown = services.filter((s) => shownToCustomers(s) && !held('service', s.id, 'item')).sort(byOrder);
  return {
    currency: pricing.currency,
    groups: groups
      .filter((g) => g.status !== 0 && !held('group', g.id, 'item'))
      .sort(byOrder)
      .map((g) => ({
        id: g.id,
        name_en: g.name_en,
        name_ar: g.name_ar,
        services: shown
          .filter((s) => s.group_id === g.id)
          .map((s) => {
            const p = priced(s, pricing);
            return {
              id: s.id,
              name_en: s.name_en,
              name_ar: s.name_ar,
              description_en: s.description_en ?? null,
              description_ar: s.description_ar ?? null,
              duration: Number(s.job_time),
              price_with_vat: p.price_with_vat,
              price_with_vat_minor: p.price_with_vat_minor,
              image_url:
                typeof s.image_file_id === 'string' && !held('service', s.id, 'image')
                  ? `/api/public/salons/${encodeURIComponent(salon.alias as string)}/images/${s.image_file_id}`
                  : null,
            };
          }),
      }))
      .filter((g) => g.services.length > 0),
  };
};

/** The salon's shop: the offers and packages on sale, each with its services, price with VAT and validity. */
export const publicShop = async (models: ReadModels, salon: Doc) => {
  const [{ today }, pricing, offers, packages, services, held] = await Promise.all([
    accountOf(models, salon.id),
    pricingOf(models, salon.id),
    models.find('offers', { filter: { tenantId: salon.id, status: 'active' } }),
    models.find('packages', { filter: { tenantId: salon.id, status: 'active' } }),
    models.find('services', { filter: { tenantId: salon.id } }),
    withheldOf(models, salon.id),
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
  const common = (b: Doc, kind: 'offer' | 'package') => {
    const withheld = held(kind, b.id, 'description');
    return {
      id: b.id as string,
      name_en: b.name_en as string,
      name_ar: b.name_ar as string,
      description_en: withheld ? null : ((b.description_en as string | undefined) ?? null),
      description_ar: withheld ? null : ((b.description_ar as string | undefined) ?? null),
      ...priceOf(b),
    };
  };
  const byName = (a: { name_en: string }, b: { name_en: string }) => a.name_en.localeCompare(b.name_en);
  const items = [
    ...offers
      .filter((o) => onSale(o, today))
      .map((o) => ({
        kind: 'offer' as const,
        ...common(o, 'offer'),
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
        ...common(p, 'package'),
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
};

export type PublicMenu = Awaited<ReturnType<typeof publicMenu>>;
export type PublicShop = Awaited<ReturnType<typeof publicShop>>;
