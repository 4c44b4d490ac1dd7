#!/usr/bin/env node
// Builds the API to JavaScript (issue 33): apps/api/src/server.ts and the workspace packages it imports bundled into
// apps/api/dist/server.mjs by esbuild; npm packages stay imports, read from node_modules at run time. Production
// starts it with `npm run start:prod` (`node apps/api/dist/server.mjs`), so no TypeScript is compiled at run time.
//
// A module that finds its files from its own place (`import.meta.url`: the migrations, the media, the builds beside
// the repo) keeps finding them: each such URL is rewritten to the source file's place seen from the bundle, so the
// bundle works wherever the repository's tree is (an image copies it whole).
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const outfile = resolve(root, 'apps/api/dist/server.mjs');

/** npm packages are left to node_modules; our own workspace packages (TypeScript sources) are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@dasturxon/') ? undefined : { path: args.path, external: true }));
  },
};

const sourcePlaces = {
  name: 'source-places',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const place = relative(dirname(outfile), args.path).split('\\').join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(place)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

const result = await build({
  entryPoints: [resolve(root, 'apps/api/src/server.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  plugins: [externalPackages, sourcePlaces],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + (o.bytes ?? 0), 0);
console.log(`api built: ${relative(root, outfile)} (${Math.round(bytes / 1024)} KB with its source map)`);
