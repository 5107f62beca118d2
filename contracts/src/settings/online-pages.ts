import type { Locale } from '../coded-values/locale';

/**
 * What a salon's online page says of itself to a browser tab, a search engine and a chat's link
 * preview, in both languages: the same words whether the server writes them into the page before any
 * script runs, or the booking site sets them after.
 */
const TEXTS = {
  en: {
    home: '%{name}',
    booking: 'Book at %{name}',
    'price-list': 'Prices of %{name}',
    'terms-and-conditions': 'Terms and conditions of %{name}',
    'refund-policy': 'Refund policy of %{name}',
    offers: 'Offers of %{name}',
    'buy-gift-card': 'Gift cards of %{name}',
    description: 'Book your visit at %{name} online: choose the services, the employee and the time.',
    brand: 'Rawnaq',
    book: 'Book an appointment',
    prices: 'Price list',
    gift_card: 'Buy a gift card',
    welcome: 'Welcome to',
  },
  ar: {
    home: '%{name}',
    booking: 'الحجز في %{name}',
    'price-list': 'أسعار %{name}',
    'terms-and-conditions': 'الشروط والأحكام في %{name}',
    'refund-policy': 'سياسة الاسترداد في %{name}',
    offers: 'عروض %{name}',
    'buy-gift-card': 'بطاقات الإهداء من %{name}',
    description: 'حجز موعد في %{name} عبر الإنترنت: اختيار الخدمات والموظفة والوقت.',
    brand: 'رونق',
    book: 'حجز موعد',
    prices: 'قائمة الأسعار',
    gift_card: 'شراء بطاقة إهداء',
    welcome: 'أهلاً بكم في',
  },
} as const;

export type OnlinePageName =
  'home' | 'booking' | 'price-list' | 'terms-and-conditions' | 'refund-policy' | 'offers' | 'buy-gift-card';
type TextKey = keyof (typeof TEXTS)['en'];

export const onlinePageText = (locale: Locale, key: TextKey, name = ''): string =>
  TEXTS[locale][key].replace('%{name}', name);

/** A page's title: the page, then the brand ("Book at Demo Salon | Rawnaq"). */
export const onlinePageTitle = (locale: Locale, page: OnlinePageName | undefined, name: string): string =>
  `${page ? onlinePageText(locale, page, name) : name} | ${onlinePageText(locale, 'brand')}`;

/**
 * The words of the pages the server writes before any script runs (the price list and the offers),
 * shared with the booking site so both say the same: `%{n}`, `%{date}` are filled in by the caller.
 */
export const PUBLIC_PAGE_TEXTS = {
  en: {
    'price_list.title': 'Price list',
    'price_list.vat_included': 'Prices include VAT.',
    'price_list.empty': 'The salon has not published its services yet.',
    'duration.minutes': '%{n} min',
    'offers.title': 'Offers and packages',
    'offers.empty': 'The salon has no offers online at the moment.',
    'offers.kind_offer': 'Offer',
    'offers.kind_package': 'Package',
    'offers.includes': 'Includes',
    'offers.sessions': 'Sessions: %{n}',
    'offers.choose': 'Choose %{n} of these services',
    'offers.valid_until': 'Valid until %{date}',
    'offers.valid_days': 'Valid for %{n} days from purchase',
    'offers.worth': 'instead of',
    'offers.buy': 'Buy',
  },
  ar: {
    'price_list.title': 'قائمة الأسعار',
    'price_list.vat_included': 'الأسعار شاملة ضريبة القيمة المضافة.',
    'price_list.empty': 'لم ينشر الصالون خدماته بعد.',
    'duration.minutes': '%{n} دقيقة',
    'offers.title': 'العروض والباقات',
    'offers.empty': 'لا توجد لدى الصالون عروض عبر الإنترنت حاليًا.',
    'offers.kind_offer': 'عرض',
    'offers.kind_package': 'باقة',
    'offers.includes': 'يشمل',
    'offers.sessions': 'عدد الجلسات: %{n}',
    'offers.choose': 'اختاري %{n} من هذه الخدمات',
    'offers.valid_until': 'صالح حتى %{date}',
    'offers.valid_days': 'مدة الصلاحية بالأيام من تاريخ الشراء: %{n}',
    'offers.worth': 'بدلًا من',
    'offers.buy': 'شراء',
  },
} as const;

export type PublicPageTextKey = keyof (typeof PUBLIC_PAGE_TEXTS)['en'];

/** One of those words, its `%{…}` filled in. */
export const publicPageText = (
  locale: Locale,
  key: PublicPageTextKey,
  params: Record<string, string> = {},
): string =>
  Object.entries(params).reduce<string>(
    (text, [name, value]) => text.split(`%{${name}}`).join(value),
    PUBLIC_PAGE_TEXTS[locale][key],
  );
