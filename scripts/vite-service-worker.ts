import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

interface Output {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * A Vite plugin for the storefront's client build: bundles the service worker (`entry`, using Workbox's modules) into
 * `sw.js` at the top of the build, with the files its install keeps written in: the first screen (the entry, the app it
 * imports and their imports), the stylesheets, every language's messages and the offline page's own code
 * (`offlinePage`, a source path ending). docs/decisions/018-offline-app.md.
 */
export function serviceWorker({ entry, offlinePage, buildId }: { entry: string; offlinePage: string; buildId: string }): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'dx-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    async writeBundle(_options, bundle) {
      const outputs = Object.values(bundle) as unknown as Output[];
      const chunks = new Map(outputs.filter((o) => o.type === 'chunk').map((o) => [o.fileName, o]));
      const kept = new Set<string>();
      const keep = (file: string, withLazy: boolean) => {
        const chunk = chunks.get(file);
        if (!chunk || kept.has(file)) return;
        kept.add(file);
        for (const f of chunk.imports ?? []) keep(f, false);
        if (withLazy) for (const f of chunk.dynamicImports ?? []) keep(f, false);
      };
      for (const chunk of chunks.values()) {
        const source = chunk.facadeModuleId ?? '';
        if (chunk.isEntry) keep(chunk.fileName, true);
        if (source.endsWith(offlinePage) || /\/locales\/[a-z]+\.po$/.test(source)) keep(chunk.fileName, false);
      }
      for (const o of outputs) if (o.type === 'asset' && o.fileName.endsWith('.css')) kept.add(o.fileName);
      await build({
        entryPoints: [resolve(root, entry)],
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2022',
        outfile: join(resolve(root, outDir), 'sw.js'),
        define: {
          __SHELL_FILES__: JSON.stringify([...kept].sort().map((f) => `/${f}`)),
          __BUILD_ID__: JSON.stringify(buildId),
          'process.env.NODE_ENV': '"production"',
        },
        logLevel: 'warning',
      });
    },
  };
}
