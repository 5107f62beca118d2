// A Vite plugin shared by the two UIs: after a build, every text asset also gets its brotli (.br) and
// gzip (.gz) copy beside it, compressed once at their best levels, so the server sends the small copy
// the browser accepts (express-static-gzip) without compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this size compression does not pay for its header and the extra lookup. */
const MIN_BYTES = 1024;

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });

export const precompress = () => ({
  name: 'rawnaq-precompress',
  apply: 'build',
  closeBundle() {
    const outDir = this.environment?.config?.build?.outDir ?? 'dist';
    for (const file of files(outDir)) {
      if (!TEXT.test(file)) continue;
      const content = readFileSync(file);
      if (content.length < MIN_BYTES) continue;
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      );
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  },
});
