import { describe, expect, it } from 'vitest';
import { enabledLanguages, isSafeInternalPath, normalizeLanguage, resolveLanguage, rewritePath } from '../src/routing.ts';

describe('rewritePath', () => {
  it('strips a leading language segment and remembers it', () => {
    expect(rewritePath('/uz/anything')).toEqual({ redirectTo: '/anything', lang: 'uz', page: null });
    expect(rewritePath('/ru/product/42')).toEqual({ redirectTo: '/product/42', lang: 'ru', page: null });
  });

  it('strips a language and a page segment, keeping the query and the hash', () => {
    expect(rewritePath('/ru/1/basket', '?x=1')).toEqual({ redirectTo: '/basket?x=1', lang: 'ru', page: '1' });
    expect(rewritePath('/1/uz/basket', '', '#top')).toEqual({ redirectTo: '/basket#top', lang: 'uz', page: '1' });
  });

  it('sends a bare segment to the home page', () => {
    expect(rewritePath('/2')).toEqual({ redirectTo: '/', lang: null, page: '2' });
    expect(rewritePath('/uz')).toEqual({ redirectTo: '/', lang: 'uz', page: null });
    expect(rewritePath('/ru/')).toEqual({ redirectTo: '/', lang: 'ru', page: null });
  });

  it('leaves other paths alone', () => {
    expect(rewritePath('/nope')).toEqual({ redirectTo: null, lang: null, page: null });
    expect(rewritePath('/')).toEqual({ redirectTo: null, lang: null, page: null });
    expect(rewritePath('/russia')).toEqual({ redirectTo: null, lang: null, page: null });
    expect(rewritePath('/3/basket')).toEqual({ redirectTo: null, lang: null, page: null });
    expect(rewritePath('/eng/basket')).toEqual({ redirectTo: null, lang: null, page: null });
  });

  it('strips only the leading segments, once each', () => {
    expect(rewritePath('/basket/ru')).toEqual({ redirectTo: null, lang: null, page: null });
    expect(rewritePath('/ru/ru/x')).toEqual({ redirectTo: '/ru/x', lang: 'ru', page: null });
  });
});

describe('isSafeInternalPath', () => {
  it('allows same-origin paths', () => {
    expect(isSafeInternalPath('/')).toBe(true);
    expect(isSafeInternalPath('/basket?x=1#top')).toBe(true);
    expect(isSafeInternalPath('  /profile  ')).toBe(true);
  });

  it('refuses script addresses, other sites and protocol-relative addresses', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      '//evil.com',
      'https://x',
      'http://evil.com/a',
      '/\\evil.com',
      '\\\\evil.com',
      'data:text/html,x',
      '',
      'basket',
    ]) {
      expect(isSafeInternalPath(bad), bad).toBe(false);
    }
  });

  it('refuses control characters a browser would drop', () => {
    expect(isSafeInternalPath('/\t/evil.com')).toBe(false);
    expect(isSafeInternalPath('/a\nb')).toBe(false);
  });
});

describe('normalizeLanguage', () => {
  it('maps common spellings to interface languages', () => {
    expect(normalizeLanguage('en')).toBe('eng');
    expect(normalizeLanguage('RU')).toBe('ru');
    expect(normalizeLanguage(' uz-Latn ')).toBe('uz');
    expect(normalizeLanguage('kk')).toBe('kz');
    expect(normalizeLanguage('zh-CN')).toBe('zh');
  });

  it('gives null for anything else', () => {
    expect(normalizeLanguage('fr')).toBeNull();
    expect(normalizeLanguage('')).toBeNull();
    expect(normalizeLanguage(null)).toBeNull();
  });
});

describe('resolveLanguage', () => {
  const all = ['uz', 'ru', 'eng', 'ar', 'kz', 'tr', 'zh'] as const;

  it('lets a forced language win over everything', () => {
    expect(resolveLanguage({ forcedLanguage: 'ru', chosen: 'uz', mainLanguage: 'uz', enabled: all })).toBe('ru');
  });

  it('takes the visitor choice when the merchant offers it', () => {
    expect(resolveLanguage({ chosen: 'uz', mainLanguage: 'ru', enabled: all })).toBe('uz');
    expect(resolveLanguage({ chosen: 'en', mainLanguage: 'ru', enabled: all })).toBe('eng');
  });

  it('falls back to the main language when the choice is not offered or unknown', () => {
    expect(resolveLanguage({ chosen: 'ar', mainLanguage: 'uz', enabled: ['uz', 'ru'] })).toBe('uz');
    expect(resolveLanguage({ chosen: 'fr', mainLanguage: 'eng', enabled: all })).toBe('eng');
  });

  it('falls back to ru last', () => {
    expect(resolveLanguage({ enabled: all })).toBe('ru');
    expect(resolveLanguage({ chosen: null, mainLanguage: null, enabled: [] })).toBe('ru');
  });

  it('treats an empty list of enabled languages as all offered', () => {
    expect(resolveLanguage({ chosen: 'tr', enabled: [] })).toBe('tr');
  });

  it('speaks only uz, ru or eng inside Telegram', () => {
    expect(resolveLanguage({ chosen: 'ar', enabled: all, inTelegram: true })).toBe('ru');
    expect(resolveLanguage({ chosen: 'zh', mainLanguage: 'uz', enabled: all, inTelegram: true })).toBe('ru');
    expect(resolveLanguage({ chosen: 'uz', enabled: all, inTelegram: true })).toBe('uz');
    expect(resolveLanguage({ chosen: 'eng', enabled: all, inTelegram: true })).toBe('eng');
    expect(resolveLanguage({ forcedLanguage: 'uz', chosen: 'ru', enabled: all, inTelegram: true })).toBe('uz');
  });
});

describe('enabledLanguages', () => {
  it('lists the languages whose flag is on, in a fixed order', () => {
    expect(
      enabledLanguages({
        uzLangActive: true,
        ruLangActive: true,
        engLangActive: false,
        arLangActive: true,
        kzLangActive: false,
        trLangActive: false,
        zhLangActive: true,
      }),
    ).toEqual(['uz', 'ru', 'ar', 'zh']);
  });
});
