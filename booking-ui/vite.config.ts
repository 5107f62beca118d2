import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
// @ts-expect-error a plain ES module shared by the two UIs' builds
import { precompress } from '../scripts/precompress.mjs';
import { defineConfig, type Plugin } from 'vite';

const contractsDir = fileURLToPath(new URL('../contracts/src/', import.meta.url));

/**
 * `vite` (dev) serves the app only under /booking/; the screens live at /{en|ar}/salon/... as they do behind
 * the real server, so every other path that is not the API gets index.html.
 */
const screenPathsInDev = (): Plugin => ({
  name: 'booking-screen-paths-in-dev',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const path = (req.url ?? '/').split('?')[0];
      if (!path.startsWith('/booking/') && !path.startsWith('/api/')) req.url = '/booking/';
      next();
    });
  },
});

export default defineConfig({
  base: '/booking/',
  plugins: [react(), screenPathsInDev(), precompress()],
  resolve: {
    alias: { '@rawnaq/contracts': `${contractsDir}index.ts` },
  },
  server: {
    // The API of `npm start` at the repository root (PORT, default 3000).
    proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The site imports a few labels and rules from contracts' index, which also holds zod schemas,
        // dayjs set-up and the server's messages. Contracts modules only declare things and export what they
        // configure (dates/dayjs.ts exports its instance), so a module nothing here uses can go, and building
        // a zod schema nobody reads has no effect: this keeps zod and dayjs out of the bundle (~115 kB -> ~78 kB
        // gzip). A contracts module that must run for its side effects alone would break this assumption.
        moduleSideEffects: (id: string) => !id.startsWith(contractsDir),
        manualPureFunctions: ['z'],
      },
    },
  },
});
