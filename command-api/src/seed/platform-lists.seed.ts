import { platformListStream, type PlatformList, type PlatformListEntryAdded } from '@rawnaq/contracts';
import type { CommandContext } from '../shared/command-context';
import type { Aggregates } from '../shared/repository';

/** A fixed id per seeded entry, so every demo platform has the same ones. */
const id = (n: number) => `0193c000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const GROUPS = [
  { n: 1, name_en: 'Hair', name_ar: 'الشعر' },
  { n: 2, name_en: 'Nails', name_ar: 'الأظافر' },
  { n: 3, name_en: 'Skin care', name_ar: 'العناية بالبشرة' },
];
/** prices in minor units per currency: SAR/AED halalas and fils, KWD/OMR/BHD thousandths */
const SERVICES = [
  { n: 11, group: 1, name_en: 'Haircut', name_ar: 'قص الشعر', minutes: 45, sar: 8000 },
  { n: 12, group: 1, name_en: 'Blow dry', name_ar: 'سشوار', minutes: 30, sar: 6000 },
  { n: 13, group: 2, name_en: 'Manicure', name_ar: 'مانيكير', minutes: 45, sar: 7000 },
  { n: 14, group: 2, name_en: 'Pedicure', name_ar: 'باديكير', minutes: 60, sar: 9000 },
  { n: 15, group: 3, name_en: 'Classic facial', name_ar: 'تنظيف بشرة كلاسيكي', minutes: 60, sar: 15000 },
];
const prices = (sar: number) => ({
  SAR: sar,
  AED: sar,
  KWD: Math.round(sar * 0.82),
  OMR: Math.round(sar * 1.03),
  BHD: Math.round(sar * 1.0),
});

/**
 * The platform's lists as a new platform starts with them (the manager changes them in
 * `platform-setting/*`): Gulf cities, payment methods offered as defaults, and suggested groups,
 * services and products that a new salon's setup wizard and products screen offer.
 */
export const seedPlatformLists = async (aggregates: Aggregates, ctx: CommandContext) => {
  const add = (list: PlatformList, entryId: string, fields: Record<string, unknown>) => {
    const event: PlatformListEntryAdded = {
      type: 'PlatformListEntryAdded',
      data: { list, entry_id: entryId, fields },
    };
    return aggregates.create(platformListStream(list, entryId), ctx, [event]);
  };
  const cities: Array<[number, string, string]> = [
    [1, 'Riyadh', 'الرياض'],
    [1, 'Jeddah', 'جدة'],
    [2, 'Dubai', 'دبي'],
    [2, 'Abu Dhabi', 'أبوظبي'],
    [3, 'Kuwait City', 'مدينة الكويت'],
    [4, 'Muscat', 'مسقط'],
    [6, 'Manama', 'المنامة'],
  ];
  for (const [i, [country_id, name_en, name_ar]] of cities.entries())
    await add('cities', id(100 + i), { country_id, name_en, name_ar });
  const methods: Array<[string, string]> = [
    ['Cash', 'نقدًا'],
    ['Card', 'بطاقة'],
    ['Bank transfer', 'تحويل بنكي'],
  ];
  for (const [i, [name_en, name_ar]] of methods.entries())
    await add('payment-methods', id(200 + i), { name_en, name_ar });
  for (const g of GROUPS) await add('suggested-groups', id(g.n), { name_en: g.name_en, name_ar: g.name_ar });
  for (const s of SERVICES)
    await add('suggested-services', id(s.n), {
      group_id: id(s.group),
      name_en: s.name_en,
      name_ar: s.name_ar,
      duration_minutes: s.minutes,
      prices: prices(s.sar),
    });
  await add('suggested-products', id(301), {
    name_en: 'Argan hair oil',
    name_ar: 'زيت الأرغان للشعر',
    prices: prices(4500),
  });
  await add('suggested-products', id(302), {
    name_en: 'Nail polish',
    name_ar: 'طلاء أظافر',
    prices: prices(2500),
  });
};
