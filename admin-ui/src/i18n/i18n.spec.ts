import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import englishMessages from 'ra-language-english';
import { createI18nProvider } from './index';
import { messages as enMessages } from './messages.en';
import { messages as arMessages } from './messages.ar';
import { messages as enSignIn } from './signIn.en';
import { messages as arSignIn } from './signIn.ar';
import { flatKeys, lookup, type MessageTree } from './merge';
import { raArabic } from './raArabic';

/** Keys as the code names them literally ('app.auth.sign_in'...), by the same rule for every check. */
const KEY = /['"`]((?:app|ra|resources|auth|errors|validation|codes|customers|not_found)\.[\w./-]+)['"`]/g;
const keysNamedIn = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(KEY)].map((m) => m[1]).filter((key) => !key.endsWith('.'));

/** The source files a module loads with it: its static imports of our own files, followed (no `import()`). */
const staticClosure = (entries: string[]): string[] => {
  const seen = new Set<string>();
  const resolve = (from: string, spec: string) =>
    ['.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ext) => join(dirname(from), spec) + ext)
      .find((path) => {
        try {
          return statSync(path).isFile();
        } catch {
          return false;
        }
      });
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/^import\s(?!type\s)[^;]*?\sfrom\s+'(\.[^']+)'/gm)) {
      const next = resolve(file, m[1]);
      if (next) visit(next);
    }
  };
  entries.forEach(visit);
  return [...seen];
};

const placeholders = (text: string) => new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]));
const forms = (text: string) => text.split('||||');

// Tokens that are the same in both languages: placeholders, an instant's ISO form, the acronym IP, the name of the
// other language on the switch button, and the X's of a sample mobile number.
// a campaign's placeholders ({name}, {salon}) are typed as they are, in any language
const ALLOWED_LATIN =
  /%\{\w+\}|\{(name|salon)\}|\bIP\b|\bEnglish\b|X{4,}|\d{4}-\d{2}-\d{2}T[\d:]+Z|\b(SAR|AED|KWD|OMR|BHD)\b|a-z|A-Z/g;

describe('catalogues', () => {
  const enKeys = flatKeys(enMessages).sort();
  const arKeys = flatKeys(arMessages).sort();

  it('have the same keys in English and Arabic', () => {
    expect(arKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !arKeys.includes(k))).toEqual([]);
  });

  it("translate every key of react-admin's English catalogue into Arabic", () => {
    const raKeys = flatKeys(englishMessages as MessageTree);
    expect(raKeys.length).toBeGreaterThan(150);
    const raArabicKeys = new Set(flatKeys(raArabic as MessageTree));
    expect(raKeys.filter((k) => !raArabicKeys.has(k))).toEqual([]);
    expect([...raArabicKeys].filter((k) => !raKeys.includes(k))).toEqual([]);
    for (const key of raKeys) {
      const arabic = lookup(raArabic as MessageTree, key)!;
      const english = lookup(englishMessages as MessageTree, key)!;
      // Texts made only of placeholders ('%{name} %{recordRepresentation}', ' ') are the same in both.
      const hasWords = /[A-Za-z]/.test(english.replace(/%\{\w+\}/g, ''));
      if (hasWords) expect([key, arabic.trim() !== '' && arabic !== english]).toEqual([key, true]);
    }
  });

  it('give Arabic the six plural forms wherever English has plural forms', () => {
    for (const key of enKeys) {
      const english = lookup(enMessages, key)!;
      const arabic = lookup(arMessages, key)!;
      const expected = forms(english).length > 1 ? 6 : 1;
      expect([key, forms(arabic).length]).toEqual([key, expected]);
    }
  });

  it('keep the same placeholders in both languages', () => {
    for (const key of enKeys) {
      const english = placeholders(lookup(enMessages, key)!);
      const arabic = placeholders(lookup(arMessages, key)!);
      english.delete('smart_count');
      arabic.delete('smart_count');
      expect([key, [...arabic].sort()]).toEqual([key, [...english].sort()]);
    }
  });

  it('write numbers one way in Arabic: Western digits and the % sign, as the shared formatters print them', () => {
    const mixed = arKeys.filter((key) => /[\u0660-\u0669\u06f0-\u06f9\u066a]/.test(lookup(arMessages, key)!));
    expect(mixed).toEqual([]);
  });

  it('leave no English in the Arabic texts', () => {
    const english = arKeys
      .map((key) => [key, lookup(arMessages, key)!.replace(ALLOWED_LATIN, '')] as const)
      .filter(([, text]) => /[A-Za-z]{2,}/.test(text));
    expect(english).toEqual([]);
  });

  it('pluralise Arabic with Polyglot’s six forms', () => {
    const { translate } = createI18nProvider('ar', arMessages);
    expect(translate('ra.notification.updated', { smart_count: 1 })).toBe('تم تحديث العنصر');
    expect(translate('ra.notification.updated', { smart_count: 2 })).toBe('تم تحديث عنصرين');
    expect(translate('ra.notification.updated', { smart_count: 5 })).toBe('تم تحديث 5 عناصر');
    expect(translate('ra.notification.updated', { smart_count: 11 })).toBe('تم تحديث 11 عنصرًا');
    expect(translate('ra.notification.updated', { smart_count: 100 })).toBe('تم تحديث 100 عنصر');
    // react-admin asks for count 2 when it means the plural label (menu entries).
    expect(translate('resources.customers.name', { smart_count: 2 })).toBe('العملاء');
    expect(translate('validation.is_required', { field: 'الاسم' })).toBe('حقل الاسم مطلوب');
  });

  describe('of a page opened on a sign-in form (the sign-in texts alone)', () => {
    const pairs = [
      ['en', enSignIn, enMessages],
      ['ar', arSignIn, arMessages],
    ] as const;
    const src = join(__dirname, '..');
    const files = staticClosure(
      ['App.tsx', 'merchant/auth/SignInPage.tsx', 'manager/ManagerSignInPage.tsx'].map((f) => join(src, f)),
    );
    const used = [...new Set(files.flatMap(keysNamedIn))];

    it('hold every key the sign-in pages and what they stand on name literally', () => {
      // the form, the page frame and the shell's dialogs are followed from those; the back office is not
      for (const f of ['auth-pages/SignInForm.tsx', 'shell/AuthLayout.tsx', 'shell/AppDialogs.tsx'])
        expect(files).toContain(join(src, f));
      expect(files.filter((f) => /MerchantAdmin|ManagerAdmin|react-admin/.test(f))).toEqual([]);
      expect(used.length).toBeGreaterThan(20);
      for (const [language, signIn] of pairs)
        expect([language, used.filter((key) => lookup(signIn, key) === undefined)]).toEqual([language, []]);
    });

    it('say what the whole catalogue says: those keys, and every message the API or a field rule answers with', () => {
      for (const [language, signIn, whole] of pairs) {
        // (a screen's catalogue may refine an app.* text of its own screen, which the sign-in pages never show)
        const keys = [...used, ...flatKeys(signIn).filter((key) => !/^(app|resources)\./.test(key))];
        expect(keys.length).toBeGreaterThan(100);
        for (const key of keys)
          expect([language, key, lookup(signIn, key)]).toEqual([language, key, lookup(whole, key)]);
      }
    });

    it("leave out the screens' catalogues, react-admin's texts and the coded values", () => {
      for (const [, signIn, whole] of pairs) {
        expect(flatKeys(signIn).length).toBeLessThan(flatKeys(whole).length / 2);
        expect(Object.keys(signIn)).not.toContain('ra');
        expect(Object.keys(signIn)).not.toContain('codes');
      }
    });
  });

  describe('every key the code names literally', () => {
    const sourceFiles = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return sourceFiles(path);
        return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) && !/^(en|ar|raArabic)\.ts$/.test(name)
          ? [path]
          : [];
      });
    const used = new Set<string>();
    for (const file of sourceFiles(join(__dirname, '..'))) for (const key of keysNamedIn(file)) used.add(key);

    it('exists in both catalogues', () => {
      expect(used.size).toBeGreaterThan(50);
      const missing = [...used].filter(
        (key) => lookup(enMessages, key) === undefined || lookup(arMessages, key) === undefined,
      );
      expect(missing).toEqual([]);
    });
  });
});

describe("a localized name column's heading", () => {
  const tree = {
    resources: {
      employees: { fields: { name_en: 'Name', mobile: 'Mobile' } },
      plans: { fields: { name_en: 'English name', name_ar: 'Arabic name' } },
    },
  };

  it("is the resource's name heading under either key", () => {
    const { translate } = createI18nProvider('en', tree);
    // as react-admin asks for a column's heading: its key, with the source made readable as the default
    expect(translate('resources.employees.fields.name_ar', { _: 'Name ar' })).toBe('Name');
    expect(translate('resources.employees.fields.name_en', { _: 'Name en' })).toBe('Name');
  });

  it('leaves a resource that names both, other fields and a resource with neither as they are', () => {
    const { translate } = createI18nProvider('en', tree);
    expect(translate('resources.plans.fields.name_ar', { _: 'Name ar' })).toBe('Arabic name');
    expect(translate('resources.employees.fields.mobile_ar', { _: 'Mobile ar' })).toBe('Mobile ar');
    expect(translate('resources.other.fields.name_ar', { _: 'Name ar' })).toBe('Name ar');
  });
});
