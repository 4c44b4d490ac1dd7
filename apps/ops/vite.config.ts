import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { keepBuilds } from '../../scripts/vite-keep-builds.ts';
import { precompress } from '../../scripts/vite-precompress.ts';

const COMPRESSIBLE = /\.(js|css|json|svg|txt)$/;

const apiOrigin = `http://localhost:${process.env.PORT ?? '3000'}`;

export default defineConfig(({ command }) => ({
  // Served by the API under /ops on the brand's own host (apps/api/src/web/ops-console.ts).
  base: '/ops/',
  plugins: [
    react(),
    // The PO catalogues (src/locales/*.po) compiled at build time; a missing text fails the build (docs/decisions/016-lingui-translations.md).
    lingui({
      configPath: fileURLToPath(new URL('../../lingui.config.ts', import.meta.url)),
      failOnMissing: true,
      failOnCompileError: true,
    }),
    tailwindcss(),
    keepBuilds(),
    precompress(COMPRESSIBLE),
  ],
  resolve: {
    // As the storefront's build (apps/web/vite.config.ts): React Router's production build, without its development warnings.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)),
            },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    // The hashed files of the last builds stay (keepBuilds; docs/decisions/012-assets-across-deploys.md).
    emptyOutDir: false,
    // Desktops at the counter and couriers' phones of the last four years.
    target: ['es2022', 'chrome100', 'safari16.4', 'firefox100'],
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5174,
    // `npm run dev -w @dasturxon/ops` on tezkor.localhost:5174/ops talks to `npm run dev:api`; the Host header is kept, so
    // the brand resolves as it would on the API's port.
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
    },
  },
}));
