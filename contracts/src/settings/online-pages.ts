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
