import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, UI_LANGUAGES } from '@dasturxon/domain';
import { catalogueProblems, readCatalogue } from '@dasturxon/i18n/tools';

/** The PO catalogues as the translators write them (the build compiles them; a missing text fails it too). */
const files = import.meta.glob<string>('./locales/*.po', { eager: true, query: '?raw', import: 'default' });
const catalogues = new Map(Object.entries(files).map(([path, text]) => [/([a-z]+)\.po$/.exec(path)![1]!, readCatalogue(text)]));
const catalogue = (lang: string) => catalogues.get(lang) ?? new Map<string, string>();
/** Every source file of the storefront (tests left out), to find the ids it asks for. */
const sources = new Map(
  Object.entries(import.meta.glob<string>('../**/*.{ts,tsx}', { eager: true, query: '?raw', import: 'default' })).filter(
    ([path]) => !path.endsWith('.test.ts'),
  ),
);

describe('the storefront catalogues', () => {
  it('exist for every interface language, hold the same ids, every text filled, parsed, with the same values; every id asked for and none more', () => {
    expect(sources.size).toBeGreaterThan(100);
    expect(catalogue('ru').size).toBeGreaterThan(500);
    expect(catalogueProblems(catalogues, sources, UI_LANGUAGES)).toEqual([]);
    // Every source file is parsed: seconds on a busy machine.
  }, 60_000);

  it("say every error of the catalogue in each language, in uz, ru and eng the server's words", () => {
    for (const lang of UI_LANGUAGES)
      for (const code of Object.keys(ERROR_CATALOGUE)) expect(catalogue(lang).get(`errors.${code}`), `${lang}:errors.${code}`).toBeTruthy();
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      for (const lang of ['uz', 'ru', 'eng'] as const)
        expect(catalogue(lang).get(`errors.${code}`), `${lang}:errors.${code}`).toBe(entry.description[lang]);
    }
  });

  it('carry the blocked-merchant texts the spec names, and plurals as ICU messages', () => {
    expect(catalogue('uz').get('blocked.title')).toBe("Tizim admin tomonidan o'chirilgan");
    expect(catalogue('eng').get('blocked.title')).toBe('System deleted by admin');
    expect(catalogue('ru').get('errors.generic')).toBe('Произошла ошибка, попробуйте позже');
    expect(catalogue('ru').get('basket.items')).toBe(
      '{count, plural, one {{count} товар} few {{count} товара} many {{count} товаров} other {{count} товара}}',
    );
  });
});
