import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import type { Language } from '../boot/routes';
import type { MessageTree } from './merge';

/** Only the page's language is downloaded: switching reloads the page (spec doc1 §1). */
export const loadMessages = async (language: Language): Promise<MessageTree> =>
  language === 'ar' ? (await import('./messages.ar')).messages : (await import('./messages.en')).messages;

export const createI18nProvider = (language: Language, messages: MessageTree): I18nProvider =>
  polyglotI18nProvider(
    () => messages as TranslationMessages,
    language,
    [
      { locale: 'en', name: 'English' },
      { locale: 'ar', name: 'العربية' },
    ],
    // A missing key shows its `_` default or the key itself instead of a console warning per render.
    { allowMissing: true },
  );
