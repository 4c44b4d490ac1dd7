import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { keepBuilds } from '../../scripts/vite-keep-builds.ts';
import { precompress } from '../../scripts/vite-precompress.ts';
import { serviceWorker } from '../../scripts/vite-service-worker.ts';
// The config runs in plain Node, which cannot load the domain's TypeScript; the package version equals
// the domain's APP_VERSION (checked by src/lib/app-version.test.ts).
import webPackage from './package.json' with { type: 'json' };

/** One id per build: the running page compares it with /version.json to notice a newer deployment. */
const BUILD_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Writes `dist/version.json`, which the storefront polls (docs/spec-index.md section 4, "Version"). */
function versionFile(): Plugin {
  return {
    name: 'dx-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ version: webPackage.version, build: BUILD_ID })}\n`,
      });
    },
  };
}

/** Files worth compressing; index.html is not served as a file (the server fills it in per brand). */
const COMPRESSIBLE = /\.(js|css|json|svg|txt|webmanifest)$/;

/**
 * Imports of the PO catalogues (src/i18n/locales/*.po) become their compiled messages: no message parser ships. A text
 * missing in a language, or one that does not parse, fails the build (docs/decisions/016-lingui-translations.md).
 */
const translations = () =>
  lingui({ configPath: fileURLToPath(new URL('../../lingui.config.ts', import.meta.url)), failOnMissing: true, failOnCompileError: true });

const apiOrigin = `http://localhost:${process.env.PORT ?? '3000'}`;

export default defineConfig(({ command, isSsrBuild }) => ({
  // The client build writes dist/ (served as files); `vite build --ssr` writes dist-ssr/, the renderer the
  // server imports to render guests' pages with React (apps/api/src/web/render.ts).
  plugins: isSsrBuild
    ? [react(), translations(), keepBuilds()]
    : [
        react(),
        translations(),
        tailwindcss(),
        versionFile(),
        keepBuilds(),
        // dist/sw.js, the offline app's worker (docs/decisions/018-offline-app.md); compressed with the rest below.
        serviceWorker({ entry: 'sw/sw.ts', offlinePage: 'src/app/pages/offline-page.tsx', buildId: BUILD_ID }),
        precompress(COMPRESSIBLE),
      ],
  // The renderer needs no copy of public/.
  publicDir: isSsrBuild ? false : 'public',
  define: {
    __BUILD_ID__: JSON.stringify(BUILD_ID),
  },
  resolve: {
    // React Router's package points every bundler at its development build (its warnings included); the browser's
    // build gets the production build it ships beside it (the same code with ENABLE_DEV_WARNINGS off: 0.5 KB less
    // gzipped). `vite` in development keeps the warnings; the renderer on the server keeps Node's resolution.
    alias:
      command !== 'build' || isSsrBuild
        ? []
        : [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)),
            },
          ],
  },
  ssr: {
    // Bundled into the renderer rather than loaded by Node at run time: they ship ESM that imports CSS or
    // expects a bundler.
    noExternal: ['vaul', 'sonner'],
  },
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    // The hashed files of the last builds stay: pages of the previous version still find theirs, and a running
    // server's renderer its lazily imported chunks (keepBuilds; docs/decisions/012-assets-across-deploys.md).
    emptyOutDir: false,
    // Phones' browsers of the last four years (Chrome 100 and Android WebView, Safari 16.4, which Telegram's
    // in-app browser follows): class fields stay as they are instead of helpers (about 1 KB less to load).
    target: isSsrBuild ? 'node20' : ['es2022', 'chrome100', 'safari16.4', 'firefox100'],
    // dist/.vite/manifest.json: the server reads the hashed name of each language's compiled catalogue from it, to preload it.
    manifest: !isSsrBuild,
    // Every browser that runs this code knows <link rel=modulepreload>. The page itself preloads none of the
    // app's code: main.tsx asks for it once the server's page is painted (the app's own lazy parts still
    // fetch their files together).
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
    rolldownOptions: {
      onLog(level, log, handler) {
        // "use client" marks React server components' client files; this app renders on the client only.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
      output: isSsrBuild
        ? {}
        : {
            codeSplitting: {
              // Everything the first screen needs travels in one file (a phone on a slow network pays per
              // request); pages and layouts other than the home page stay in their own small files.
              groups: [
                { name: 'shell', test: /apps[\\/]web[\\/]src[\\/]app[\\/]start\.tsx$/ },
                // The entry's own import of the app needs Vite's preload helper: kept out of the app's file, or the
                // entry would import that file up front (main.tsx asks for it only after the first paint).
                { name: 'preload', test: /vite[\\/]preload-helper/, priority: 10 },
              ],
            },
          },
    },
  },
  server: {
    // `npm run dev:web` on localhost:5173 (or {sub}.localhost:5173) talks to `npm run dev:api` on PORT (3000 unless
    // set, as the API's own default); the Host header is kept, so the brand resolves as it would on the API's port.
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/media': { target: apiOrigin, changeOrigin: false },
    },
  },
}));
