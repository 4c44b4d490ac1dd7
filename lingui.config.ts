import { fileURLToPath } from 'node:url';
import { defineConfig } from '@lingui/conf';
import { idExtractor, poFormat } from './packages/i18n/tools/catalogue.ts';

/*
 * The catalogues of both apps (docs/decisions/016-lingui-translations.md). `npx lingui extract` refreshes them from the
 * sources: new ids are added to every language with an empty text to fill in, ids no longer asked for are marked
 * obsolete (`--clean` drops them). The apps' builds compile them (@lingui/vite-plugin); nothing compiled is kept.
 */

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Each app's sources and its catalogues' folder. */
const APPS = [
  { sources: 'apps/web/src', catalogues: 'apps/web/src/i18n/locales' },
  { sources: 'apps/ops/src', catalogues: 'apps/ops/src/locales' },
];

export default defineConfig({
  // The domain's UI_LANGUAGES (checked by packages/i18n/test/config.test.ts). The files are named by them; plurals and
  // numbers use each one's BCP 47 tag (`eng` → en, `kz` → kk) at run time.
  locales: ['uz', 'ru', 'eng', 'ar', 'kz', 'tr', 'zh'],
  sourceLocale: 'ru',
  // A text missing in one language is an error (the build and the catalogue tests), never another language's text.
  fallbackLocales: false,
  catalogs: APPS.map(({ sources, catalogues }) => ({
    path: `<rootDir>/${catalogues}/{locale}`,
    include: [`<rootDir>/${sources}`],
    exclude: ['**/*.test.ts', '**/node_modules/**'],
  })),
  format: poFormat(),
  orderBy: 'messageId',
  extractors: [idExtractor(APPS.map(({ sources, catalogues }) => ({ sources: at(sources), reference: at(`${catalogues}/ru.po`) })))],
});
