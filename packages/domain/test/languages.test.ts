import { describe, expect, it } from 'vitest';
import { LocalizedText } from '../src/contracts/languages.ts';
import { contentFallbackOf, contentLanguageOf, isRtl, pickText, UI_LANGUAGES } from '../src/languages.ts';

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
