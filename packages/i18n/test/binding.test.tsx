import { PassThrough } from 'node:stream';
import { Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { UiLanguage } from '@dasturxon/domain';
import {
  applyDocumentLanguage,
  createTranslations,
  createTranslator,
  documentLanguage,
  serverTranslators,
  translateWith,
  type Messages,
} from '../src/index.ts';

/** A catalogue as the build compiles it. */
const compiled = (texts: Record<string, string>): Messages =>
  Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, compileMessageOrThrow(text)]));

const ITEMS_RU = '{count, plural, one {{count} товар} few {{count} товара} many {{count} товаров} other {{count} товара}}';
const CATALOGUES: Partial<Record<UiLanguage, Messages>> = {
  ru: compiled({ hello: 'Привет, {name}', 'basket.items': ITEMS_RU }),
  uz: compiled({ hello: 'Salom, {name}', 'basket.items': '{count, plural, one {{count} ta mahsulot} other {{count} ta mahsulot}}' }),
  ar: compiled({
    hello: 'مرحبا {name}',
    'basket.items':
      '{count, plural, zero {لا منتجات} one {منتج واحد} two {منتجان} few {{count} منتجات} many {{count} منتجًا} other {{count} منتج}}',
  }),
  eng: compiled({ hello: 'Hello, {name}', 'basket.items': '{count, plural, one {{count} item} other {{count} items}}' }),
  kz: compiled({ hello: 'Сәлем, {name}', 'basket.items': '{count, plural, one {{count} тауар (бір)} other {{count} тауар}}' }),
};

describe('createTranslator', () => {
  it('fills values and picks the plural form of the language', () => {
    const t = translateWith(createTranslator('ru', CATALOGUES.ru!));
    expect(t('hello', { name: 'Ali' })).toBe('Привет, Ali');
    expect([1, 3, 5, 21, 22, 25].map((count) => t('basket.items', { count }))).toEqual([
      '1 товар',
      '3 товара',
      '5 товаров',
      '21 товар',
      '22 товара',
      '25 товаров',
    ]);
  });

  it('takes plural rules from the BCP 47 tag: Arabic has six forms, eng and kz are read as en and kk', () => {
    const ar = translateWith(createTranslator('ar', CATALOGUES.ar!));
    expect([0, 1, 2, 3, 11, 100].map((count) => ar('basket.items', { count }))).toEqual([
      'لا منتجات',
      'منتج واحد',
      'منتجان',
      '3 منتجات',
      '11 منتجًا',
      '100 منتج',
    ]);
    expect(translateWith(createTranslator('eng', CATALOGUES.eng!))('basket.items', { count: 1 })).toBe('1 item');
    // Kazakh: `one` for 1 only; a tag the rules did not know would fall back to other rules.
    const kz = translateWith(createTranslator('kz', CATALOGUES.kz!));
    expect([kz('basket.items', { count: 1 }), kz('basket.items', { count: 2 })]).toEqual(['1 тауар (бір)', '2 тауар']);
  });

  it('reads a missing id as the id (the catalogue tests catch it first)', () => {
    expect(translateWith(createTranslator('ru', CATALOGUES.ru!))('nothing.here')).toBe('nothing.here');
    expect(translateWith(undefined)('hello')).toBe('hello');
  });
});

describe('document language', () => {
  it('is right to left for Arabic only, with the BCP 47 tag', () => {
    expect(documentLanguage('ar')).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(documentLanguage('kz')).toEqual({ lang: 'kk', dir: 'ltr' });
    const root = { lang: '', dir: '' };
    applyDocumentLanguage('ar', root);
    expect(root).toEqual({ lang: 'ar', dir: 'rtl' });
    applyDocumentLanguage('eng', root);
    expect(root).toEqual({ lang: 'en', dir: 'ltr' });
  });
});

describe('createTranslations', () => {
  const loaderOf = (failures = 0) => {
    let left = failures;
    return vi.fn(async (lang: UiLanguage) => {
      if (left-- > 0) throw new Error('dropped');
      const messages = CATALOGUES[lang];
      if (!messages) throw new Error(`no ${lang}`);
      return messages;
    });
  };

  it('loads only the current language, another one on a switch, each once', async () => {
    const load = loaderOf();
    const translations = createTranslations({ load, documentLanguage: false });
    await translations.start('uz');
    expect(load.mock.calls).toEqual([['uz']]);
    expect(translations.t('hello', { name: 'Ali' })).toBe('Salom, Ali');
    await translations.switchTo('ar');
    await translations.switchTo('uz');
    await translations.switchTo('ar');
    expect(load.mock.calls).toEqual([['uz'], ['ar']]);
    expect(translations.current()).toBe('ar');
    expect(translations.t('basket.items', { count: 2 })).toBe('منتجان');
  });

  it('tries a dropped request once more, and a failed language again on the next switch', async () => {
    const once = loaderOf(1);
    const translations = createTranslations({ load: once, documentLanguage: false });
    await translations.start('ru');
    expect(once).toHaveBeenCalledTimes(2);

    const twice = loaderOf(2);
    const other = createTranslations({ load: twice, documentLanguage: false });
    await expect(other.switchTo('ru')).rejects.toThrow('dropped');
    expect(other.current()).toBe('ru');
    await other.switchTo('ru');
    expect(twice).toHaveBeenCalledTimes(3);
    expect(other.t('hello', { name: 'A' })).toBe('Привет, A');
  });

  it('draws concurrent server renders each in its own language, whatever the module state', async () => {
    const translations = createTranslations({ load: loaderOf(), documentLanguage: false });
    await translations.start('eng');
    const translator = serverTranslators((lang) => CATALOGUES[lang]);
    const gates = new Map<UiLanguage, { promise: Promise<void>; open: () => void }>();
    for (const lang of ['ru', 'ar'] as const) {
      let open = () => {};
      const promise = new Promise<void>((resolve) => (open = resolve));
      gates.set(lang, { promise, open });
    }
    function Page({ gate }: { gate: Promise<void> }) {
      use(gate);
      const { t, language } = translations.useTranslation();
      return (
        <p>
          {language}: {t('hello', { name: 'N' })} / {t('basket.items', { count: 5 })}
        </p>
      );
    }
    const render = (lang: UiLanguage) =>
      new Promise<string>((resolve, reject) => {
        let html = '';
        const sink = new PassThrough();
        sink.on('data', (chunk: Buffer) => (html += chunk.toString()));
        sink.on('end', () => resolve(html.replace(/<!--.*?-->/g, '')));
        const stream = renderToPipeableStream(
          <translations.ServerTranslations lang={lang} i18n={translator(lang)}>
            <Suspense fallback="…">
              <Page gate={gates.get(lang)!.promise} />
            </Suspense>
          </translations.ServerTranslations>,
          { onAllReady: () => stream.pipe(sink), onShellError: reject },
        );
      });
    const ru = render('ru');
    const ar = render('ar');
    gates.get('ar')!.open();
    await new Promise((r) => setTimeout(r, 5));
    gates.get('ru')!.open();
    expect(await ru).toBe('<p>ru: Привет, N / 5 товаров</p>');
    expect(await ar).toBe('<p>ar: مرحبا N / 5 منتجات</p>');
    expect(translator('ru')).toBe(translator('ru'));
    expect(() => translator('zh')).toThrow('No translations for zh');
  });
});
