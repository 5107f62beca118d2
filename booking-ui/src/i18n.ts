import type { Locale } from '@rawnaq/contracts';

/** Every text of the booking site; `ar` must have exactly the keys of `en` (the type and a test check it). */
const en = {
  'app.name': 'Rawnaq',
  'app.powered_by': 'Online salon pages by Rawnaq',
  'language.switch_to': 'العربية',
  'language.switch_label': 'عرض الصفحة بالعربية',
  'loading.salon': 'Loading the salon…',
  'error.title': 'We could not load this page',
  'error.body': 'Check your internet connection, then try again.',
  'error.retry': 'Try again',
  'not_found.title': 'Page not found',
  'not_found.salon': 'There is no salon at this address. Please check the link you were given.',
  'not_found.page': 'The page you are looking for does not exist.',
  'salon.welcome': 'Welcome to',
  'salon.details': 'About the salon',
  'salon.type': 'Salon type',
  'salon.country': 'Country',
  'salon.currency': 'Currency',
  'salon.title': '%{name} | Rawnaq',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;

const ar: Messages = {
  'app.name': 'رونق',
  'app.powered_by': 'صفحات الصالونات الإلكترونية من رونق',
  'language.switch_to': 'English',
  'language.switch_label': 'View this page in English',
  'loading.salon': 'جارٍ تحميل الصالون…',
  'error.title': 'تعذّر تحميل هذه الصفحة',
  'error.body': 'تحقّق من اتصالك بالإنترنت، ثم حاول مرة أخرى.',
  'error.retry': 'إعادة المحاولة',
  'not_found.title': 'الصفحة غير موجودة',
  'not_found.salon': 'لا يوجد صالون بهذا العنوان. يُرجى التحقق من الرابط الذي وصلك.',
  'not_found.page': 'الصفحة التي تبحث عنها غير موجودة.',
  'salon.welcome': 'أهلاً بكم في',
  'salon.details': 'عن الصالون',
  'salon.type': 'نوع الصالون',
  'salon.country': 'الدولة',
  'salon.currency': 'العملة',
  'salon.title': '%{name} | رونق',
};

export const messages: Record<Locale, Messages> = { en, ar };

/** The language each switch leads to, and the language a page's texts are written in. */
export const otherLocale = (locale: Locale): Locale => (locale === 'en' ? 'ar' : 'en');

export const translate = (locale: Locale, key: MessageKey, params: Record<string, string> = {}): string =>
  messages[locale][key].replace(/%\{(\w+)\}/g, (m, name: string) => params[name] ?? m);
