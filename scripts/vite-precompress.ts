import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * A Vite plugin for the storefront's and the console's builds: writes `name.br` (brotli, best) and `name.gz` (gzip,
 * best) beside every file of the build that matches `compressible` and is at least 1 KiB, once. The server sends
 * them as they are (@fastify/static `preCompressed`): smaller than what it could compress per request, and no CPU
 * spent on it per request. The hashed files of earlier builds stay in the folder (vite-keep-builds.ts): a file
 * whose copies are already newer than it is not compressed again.
 */
export function precompress(compressible: RegExp): Plugin {
  let outDir = 'dist';
  return {
    name: 'dx-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!compressible.test(file) || file.includes('/.vite/')) continue;
        const { size, mtimeMs } = statSync(file);
        if (size < 1024 || [`${file}.br`, `${file}.gz`].some((copy) => existsSync(copy) && statSync(copy).mtimeMs >= mtimeMs)) continue;
        const raw = readFileSync(file);
        const br = brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}
