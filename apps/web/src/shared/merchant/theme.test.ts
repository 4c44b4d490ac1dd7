import { describe, expect, it } from 'vitest';
import { themeOf } from '@dasturxon/domain';
import { documentTitle, logoSrc } from './theme.ts';

describe('themeOf', () => {
  it('uses the main colour and the text colour that reads on it', () => {
    expect(themeOf({ mainColor: '#E4002B', isDark: true })).toEqual({ brand: '#E4002B', onBrand: '#FFFFFF', dark: true });
    expect(themeOf({ mainColor: '#F5C542', isDark: false })).toEqual({ brand: '#F5C542', onBrand: '#000000', dark: false });
  });

  it('falls back to the default yellow for a missing or broken colour', () => {
    expect(themeOf({ mainColor: '', isDark: false }).brand).toBe('#FCE000');
    expect(themeOf({ mainColor: 'url(javascript:x)', isDark: false }).brand).toBe('#FCE000');
  });
});

describe('documentTitle', () => {
  it('prefers the localized settings title, then the merchant name', () => {
    const merchant = { name: 'Tezkor Burger' };
    expect(documentTitle({ title: { ru: 'Тезкор', uz: 'Tezkor' } }, merchant, 'uz')).toBe('Tezkor');
    expect(documentTitle({ title: { ru: 'Тезкор' } }, merchant, 'ar')).toBe('Тезкор');
    expect(documentTitle({ title: {} }, merchant, 'ru')).toBe('Tezkor Burger');
    expect(documentTitle({ title: { ru: '  ' } }, null, 'ru')).toBe('');
  });
});

describe('logoSrc', () => {
  it('goes through the image service, settings first', () => {
    expect(logoSrc({ logo: 'demo/tezkor/logo.svg' }, { logo: 'x.png' })).toBe('/media/demo/tezkor/logo.svg?w=96&h=96');
    expect(logoSrc({ logo: '' }, { logo: 'https://cdn.example/logo.png' })).toBe('https://cdn.example/logo.png');
    expect(logoSrc({ logo: '' }, null)).toBeNull();
  });
});
