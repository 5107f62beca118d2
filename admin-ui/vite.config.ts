import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// @ts-expect-error a plain ES module shared by the two UIs' builds
import { precompress } from '../scripts/precompress.mjs';

const contracts = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));

/** In development, screen addresses (/en/merchant/..., /manager, /404...) get the app's index.html. */
const screenPathsServeIndex = (): Plugin => ({
  name: 'rawnaq-screen-paths',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const url = req.url ?? '/';
      if (
        !url.startsWith('/admin/') &&
        !url.startsWith('/api/') &&
        !url.startsWith('/@') &&
        !/\.\w+($|\?)/.test(url)
      )
        req.url = '/admin/index.html';
      next();
    });
  },
});

/**
 * MUI's locale texts (theme.ts: pagination labels and the like) build their number formatter as their
 * module loads, and a page's first Intl.NumberFormat starts ICU: 100 to 300 ms of a busy phone's
 * time before the first screen shows, for a formatter only the back office's tables use. The same
 * formatter, made on its first use instead.
 */
const lazyMuiNumberFormat = (): Plugin => ({
  name: 'rawnaq-lazy-mui-number-format',
  enforce: 'pre',
  load(id) {
    if (!id.endsWith('/@mui/material/locale/utils/buildFormatNumber.mjs')) return null;
    // A new MUI that formats numbers otherwise is looked at again rather than silently replaced.
    if (!readFileSync(id, 'utf8').includes('formatter = new Intl.NumberFormat(locale);'))
      throw new Error(`rawnaq-lazy-mui-number-format: ${id} changed`);
    return `export default (locale) => {
  let formatter;
  let made = false;
  return (value) => {
    if (!Number.isFinite(value)) return String(value);
    if (!made) {
      made = true;
      try {
        if (typeof Intl !== 'undefined' && Intl.NumberFormat) formatter = new Intl.NumberFormat(locale);
      } catch {
        // String() below
      }
    }
    return formatter ? formatter.format(value) : String(value);
  };
};`;
  },
});

/** What a sign-in form's page needs beyond the entry: per area, its page; per language, its texts. */
const SIGN_IN_MODULES: Record<string, string> = {
  merchant: '/src/merchant/auth/SignInPage.tsx',
  manager: '/src/manager/ManagerSignInPage.tsx',
  en: '/src/i18n/signIn.en.ts',
  ar: '/src/i18n/signIn.ar.ts',
};

/**
 * Fills index.html's `signInPreloads` with the files each sign-in page imports dynamically (its page
 * chunk, its texts and what they import), so its inline script preloads them beside the entry:
 * otherwise each is asked for only once the one before it ran, three round trips in a row.
 */
const signInPreloads = (): Plugin => {
  let base = '/';
  return {
    name: 'rawnaq-sign-in-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        // the entry's static imports are preloaded by Vite already
        const loaded = new Set<string>();
        const visit = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          for (const next of byName.get(fileName)?.imports ?? []) visit(next, into);
        };
        visit(entry.fileName, loaded);
        const files = Object.fromEntries(
          Object.entries(SIGN_IN_MODULES).map(([key, module]) => {
            const found = chunks.find((c) => c.facadeModuleId?.endsWith(module));
            if (!found) throw new Error(`rawnaq-sign-in-preloads: no chunk for ${module}`);
            const needed = new Set<string>();
            visit(found.fileName, needed);
            return [key, [...needed].filter((f) => !loaded.has(f)).map((f) => `${base}${f}`)];
          }),
        );
        const marker = 'var signInPreloads = {};';
        if (!html.includes(marker)) throw new Error(`rawnaq-sign-in-preloads: index.html lacks ${marker}`);
        return html.replace(marker, `var signInPreloads = ${JSON.stringify(files)};`);
      },
    },
  };
};

export default defineConfig({
  base: '/admin/',
  plugins: [react(), screenPathsServeIndex(), lazyMuiNumberFormat(), signInPreloads(), precompress()],
  // The contracts are TypeScript sources shared with the services; bundling them directly means no
  // build step for the contracts package.
  resolve: {
    alias: {
      '@rawnaq/contracts': contracts,
      'object.entries': fileURLToPath(new URL('./shims/object-entries.cjs', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: {
        // The contracts' modules only declare things (no module registers itself anywhere), so a
        // screen that needs message texts or a validator does not drag zod and every schema along.
        // dates/dayjs.ts is the exception: it extends dayjs with its plugins when loaded.
        moduleSideEffects: (id: string) => !id.includes('/contracts/src/') || id.endsWith('/dates/dayjs.ts'),
      },
      output: {
        // What the entry imports statically is loaded by every page before anything shows: one chunk
        // of it, rather than the fifteen rolldown made of the modules it shares with the lazy screens
        // (fewer requests before the first screen, and one file compresses better).
        codeSplitting: { groups: [{ name: 'boot', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: { proxy: { '/api': 'http://localhost:3000' } },
});
