import { describe, expect, it } from 'vitest';
import { htmlLangOf } from '@dasturxon/domain';
import { defaultMerchantSettings } from '@dasturxon/domain/contracts';
import { switchableLanguages } from './languages.ts';

describe('switchableLanguages', () => {
  const settings = { ...defaultMerchantSettings(), arLangActive: true, zhLangActive: true };

  it('offers the enabled languages in a fixed order', () => {
    expect(switchableLanguages(settings, false)).toEqual(['uz', 'ru', 'eng', 'ar', 'zh']);
  });

  it('offers only uz, ru and eng inside Telegram', () => {
    expect(switchableLanguages(settings, true)).toEqual(['uz', 'ru', 'eng']);
  });

  it('offers nothing when the merchant forces a language', () => {
    expect(switchableLanguages({ ...settings, forcedLanguage: 'ru' }, false)).toEqual([]);
  });
});

describe('htmlLangOf', () => {
  it('maps interface languages to BCP 47 tags', () => {
    expect(htmlLangOf('eng')).toBe('en');
    expect(htmlLangOf('kz')).toBe('kk');
    expect(htmlLangOf('ar')).toBe('ar');
    expect(htmlLangOf('uz')).toBe('uz');
  });
});
