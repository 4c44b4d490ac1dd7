import { describe, expect, it } from 'vitest';
import { CANCEL_REASONS, ERROR_CATALOGUE, UI_LANGUAGES } from '@dasturxon/domain';
import { catalogueProblems, readCatalogue } from '@dasturxon/i18n/tools';

const read = (files: Record<string, string>) =>
  new Map(Object.entries(files).map(([path, text]) => [/([a-z]+)\.po$/.exec(path)![1]!, readCatalogue(text)]));
const catalogues = read(import.meta.glob<string>('./locales/*.po', { eager: true, query: '?raw', import: 'default' }));
const storefront = read(import.meta.glob<string>('../../web/src/i18n/locales/*.po', { eager: true, query: '?raw', import: 'default' }));
const catalogue = (lang: string) => catalogues.get(lang) ?? new Map<string, string>();
/** Every source file of the console (tests left out), to find the ids it asks for. */
const sources = new Map(
  Object.entries(import.meta.glob<string>('./**/*.{ts,tsx}', { eager: true, query: '?raw', import: 'default' })).filter(
    ([path]) => !path.endsWith('.test.ts'),
  ),
);

describe('the console catalogues', () => {
  it('exist for every interface language, hold the same ids, every text filled, parsed, with the same values; every id asked for and none more', () => {
    expect(sources.size).toBeGreaterThan(10);
    expect(catalogue('ru').size).toBeGreaterThan(150);
    expect(catalogueProblems(catalogues, sources, UI_LANGUAGES)).toEqual([]);
    // Every source file is parsed: seconds on a busy machine.
  }, 60_000);

  it("say every error of the catalogue in each language, in the storefront's words", () => {
    for (const lang of UI_LANGUAGES) {
      for (const code of Object.keys(ERROR_CATALOGUE)) {
        const id = `errors.${code}`;
        expect(catalogue(lang).get(id), `${lang}:${id}`).toBeTruthy();
        expect(catalogue(lang).get(id), `${lang}:${id}`).toBe(storefront.get(lang)?.get(id));
      }
    }
  });

  it('name every order status, board column and staff role in each language', () => {
    for (const lang of UI_LANGUAGES) {
      for (const id of ['orderStatus.CANCELED', 'boardColumn.onTheWay', 'role.kitchen', 'serviceType.DINE_IN', 'cancelReason.OTHER'])
        expect(catalogue(lang).has(id), `${lang}:${id}`).toBe(true);
    }
    expect(catalogue('ar').get('orderStatus.ON_WAY')).toBe('في الطريق');
  });

  it("words every cancel reason code (the customer's, the staff's, the system's) in each language, as the storefront does", () => {
    for (const lang of UI_LANGUAGES) {
      for (const code of CANCEL_REASONS) {
        const id = `cancelReason.${code}`;
        expect(catalogue(lang).get(id), `${lang}:${id}`).toBeTruthy();
        expect(catalogue(lang).get(id), `${lang}:${id}`).toBe(storefront.get(lang)?.get(id));
      }
    }
    expect(catalogue('ru').get('cancelReason.UPDATE')).toBe('Хочу изменить заказ');
  });
});
