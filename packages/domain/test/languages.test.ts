import { describe, expect, it } from 'vitest';
import { LocalizedText } from '../src/contracts/languages.ts';
import { contentFallbackOf, contentLanguageOf, isRtl, pickText, textFallbackOf, UI_LANGUAGES } from '../src/languages.ts';

describe('pickText', () => {
  const full = { ru: 'Плов', uz: 'Osh', eng: 'Pilaf' };

  it('takes the text of the language', () => {
    expect(pickText(full, 'ru')).toBe('Плов');
    expect(pickText(full, 'uz')).toBe('Osh');
    expect(pickText(full, 'eng')).toBe('Pilaf');
  });

  it('falls back ru, then uz, then eng', () => {
    expect(pickText({ ru: 'Плов', eng: 'Pilaf' }, 'uz')).toBe('Плов');
    expect(pickText({ uz: 'Osh', eng: 'Pilaf' }, 'ru')).toBe('Osh');
    expect(pickText({ eng: 'Pilaf' }, 'uz')).toBe('Pilaf');
    expect(pickText({ ru: '', uz: 'Osh' }, 'ru')).toBe('Osh');
    expect(pickText({ ru: '   ', uz: '', eng: 'Pilaf' }, 'ru')).toBe('Pilaf');
  });

  it('gives an empty string when no language has text', () => {
    expect(pickText({}, 'ru')).toBe('');
    expect(pickText(null, 'uz')).toBe('');
    expect(pickText(undefined, 'eng')).toBe('');
  });

  it('reads English before Russian for the interface languages without content of their own', () => {
    for (const lang of ['ar', 'kz', 'tr', 'zh'] as const) {
      expect(contentLanguageOf(lang)).toBe('eng');
      expect(contentFallbackOf(lang)).toEqual(['eng', 'ru', 'uz']);
      expect(pickText(full, lang)).toBe('Pilaf');
      expect(pickText({ ru: 'Плов', uz: 'Osh' }, lang)).toBe('Плов');
      expect(pickText({ uz: 'Osh' }, lang)).toBe('Osh');
    }
  });

  it('reads uz and ru before each other, then English', () => {
    expect(contentFallbackOf('uz')).toEqual(['uz', 'ru', 'eng']);
    expect(contentFallbackOf('ru')).toEqual(['ru', 'uz', 'eng']);
    expect(contentFallbackOf('eng')).toEqual(['eng', 'ru', 'uz']);
  });

  // Each language's whole order, checked by taking away one text after another: the next one in the order shows.
  const ORDERS = {
    uz: ['uz', 'ru', 'eng'],
    ru: ['ru', 'uz', 'eng'],
    eng: ['eng', 'ru', 'uz'],
    ar: ['ar', 'eng', 'ru', 'uz'],
    zh: ['zh', 'eng', 'ru', 'uz'],
    tr: ['tr', 'eng', 'ru', 'uz'],
    kz: ['kz', 'eng', 'ru', 'uz'],
  } as const;
  const every = { uz: 'Osh', ru: 'Плов', eng: 'Pilaf', ar: 'بلوف', zh: '抓饭', tr: 'Pilav', kz: 'Палау' };
  for (const [lang, order] of Object.entries(ORDERS) as [keyof typeof ORDERS, readonly (keyof typeof every)[]][]) {
    it(`${lang} reads ${order.join(', ')}`, () => {
      expect(textFallbackOf(lang)).toEqual(order);
      const text: Partial<Record<keyof typeof every, string>> = { ...every };
      for (const l of order) {
        expect(pickText(text, lang)).toBe(every[l]);
        delete text[l];
      }
      // Only languages outside the order are left: nothing to read.
      expect(pickText(text, lang)).toBe('');
    });
  }

  it('reads the interface language itself where the data has it, not the other interface languages', () => {
    const gazetteer = { uz: "Chilonzor ko'chasi", ru: 'улица Чиланзарская', ar: 'شارع تشيلانزار' };
    expect(pickText(gazetteer, 'ar')).toBe('شارع تشيلانزار');
    expect(pickText(gazetteer, 'tr')).toBe('улица Чиланзарская');
    expect(pickText(gazetteer, 'uz')).toBe("Chilonzor ko'chasi");
    expect(pickText(gazetteer, 'eng')).toBe('улица Чиланзарская');
  });
});

describe('languages', () => {
  it('has seven interface languages, ar written right to left', () => {
    expect(UI_LANGUAGES).toEqual(['uz', 'ru', 'eng', 'ar', 'kz', 'tr', 'zh']);
    expect(UI_LANGUAGES.filter(isRtl)).toEqual(['ar']);
  });

  it('LocalizedText accepts partial text', () => {
    expect(LocalizedText.parse({ ru: 'a' })).toEqual({ ru: 'a' });
    expect(LocalizedText.safeParse({ ru: 1 }).success).toBe(false);
  });
});
