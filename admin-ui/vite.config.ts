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

export default defineConfig({
  base: '/admin/',
  plugins: [react(), screenPathsServeIndex(), precompress()],
  // The contracts are TypeScript sources shared with the services; bundling them directly means no
  // build step for the contracts package.
  resolve: { alias: { '@rawnaq/contracts': contracts } },
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
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: { proxy: { '/api': 'http://localhost:3000' } },
});
