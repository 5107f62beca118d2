import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import type { Language } from '../boot/routes';
import { lookup, type MessageTree } from './merge';

/** Only the page's language is downloaded: switching reloads the page (spec doc1 §1). */
export const loadMessages = async (language: Language): Promise<MessageTree> =>
  language === 'ar' ? (await import('./messages.ar')).messages : (await import('./messages.en')).messages;

/** The texts of the pages before sign-in alone (signIn.en.ts), a fraction of the whole catalogue. */
export const loadSignInMessages = async (language: Language): Promise<MessageTree> =>
  language === 'ar' ? (await import('./signIn.ar')).messages : (await import('./signIn.en')).messages;

let complete = (): Promise<void> => Promise.resolve();
let completing: Promise<void> | null = null;

/**
 * Resolves once the page's i18nProvider holds the whole catalogue of its language. A page opened on a
 * sign-in form starts with that form's texts alone and loads the rest here, once, when another screen
 * is about to be shown (`lazyPage` waits for it); any other page has it from the start.
 */
export const wholeCatalogue = (): Promise<void> =>
  (completing ??= complete().catch((error: unknown) => {
    completing = null;
    throw error;
  }));

/**
 * A list's name column reads `name_ar` on an Arabic screen and `name_en` on an English one
 * (`useNameField`): its heading is the resource's name heading under either key, so a resource that
 * labels only one of them does not show the other made readable ("Name ar").
 */
const NAME_FIELD = /^(resources\.[^.]+\.fields\.name_)(en|ar)$/;

export const createI18nProvider = (
  language: Language,
  messages: MessageTree,
  /** `messages` are only the sign-in texts: `wholeCatalogue` brings the others. */
  { signInOnly = false }: { signInOnly?: boolean } = {},
): I18nProvider => {
  let current = messages;
  const provider = polyglotI18nProvider(
    () => current as TranslationMessages,
    language,
    [
      { locale: 'en', name: 'English' },
      { locale: 'ar', name: 'العربية' },
    ],
    // A missing key shows its `_` default or the key itself instead of a console warning per render.
    { allowMissing: true },
  );
  completing = null;
  complete = signInOnly
    ? async () => {
        current = await loadMessages(language);
        // the same locale again: the provider takes the messages anew (screens shown later read them)
        await provider.changeLocale(language);
      }
    : () => Promise.resolve();
  const translate: I18nProvider['translate'] = (key, options) => {
    const name = NAME_FIELD.exec(key);
    if (name && lookup(current, key) === undefined) {
      const other = `${name[1]}${name[2] === 'en' ? 'ar' : 'en'}`;
      if (lookup(current, other) !== undefined) return provider.translate(other, options);
    }
    return provider.translate(key, options);
  };
  return { ...provider, translate };
};
