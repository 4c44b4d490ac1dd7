import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, type AdminSettings, type FeatureFlags } from '@dasturxon/domain/contracts';
import { previewColours, problemsOf } from './settings-form.ts';

const settings: AdminSettings = {
  version: 3,
  name: 'Tezkor Burger',
  title: { ru: 'Tezkor' },
  mainColor: '#E4002B',
  theme: 'LIGHT',
  mainColorType: 'DARK',
  logo: 'demo/tezkor/logo.svg',
  favicon: '',
  languages: ['uz', 'ru', 'eng'],
  mainLanguage: 'ru',
  forcedLanguage: null,
  flags: Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false])) as FeatureFlags,
  phone: '+998 71 200-01-01',
  contacts: ['+998712000199'],
  telegram: '@tezkor',
  instagram: 'https://instagram.com/tezkor',
  facebook: '',
  telegramBotLink: '',
  iosAppLink: '',
  androidAppLink: '',
  leftCopyWrite: {},
  rightCopyWrite: {},
  mapType: 'LEAFLET',
  yandexMapKey: '',
  groupView: 'GROUP',
  categoryView: 'ALL',
  basketPosition: 'NAVIGATION_BAR',
  modificationViewType: 'NAME_ONLY',
};

describe('the settings form', () => {
  it('finds nothing wrong with good settings, and names each bad field as the API would', () => {
    expect(problemsOf(settings)).toEqual({});
    expect(Object.keys(problemsOf({ ...settings, mainColor: '#E400' }))).toEqual(['mainColor']);
    expect(Object.keys(problemsOf({ ...settings, telegramBotLink: 'javascript:alert(1)', contacts: ['call us'] })).sort()).toEqual([
      'contacts',
      'telegramBotLink',
    ]);
    expect(Object.keys(problemsOf({ ...settings, languages: ['uz', 'eng'] }))).toEqual(['mainLanguage']);
    expect(Object.keys(problemsOf({ ...settings, languages: [] })).sort()).toEqual(['languages', 'mainLanguage']);
    expect(Object.keys(problemsOf({ ...settings, name: '  ' }))).toEqual(['name']);
  });

  it('paints the preview in the typed colour with readable text, keeping the default while the colour is half typed', () => {
    expect(previewColours({ mainColor: '#E4002B', theme: 'LIGHT' })).toMatchObject({ brand: '#E4002B', onBrand: '#FFFFFF' });
    expect(previewColours({ mainColor: '#FCE000', theme: 'DARK' })).toMatchObject({ onBrand: '#000000', card: '#1E2228' });
    expect(previewColours({ mainColor: '#12', theme: 'LIGHT' }).brand).toBe('#FCE000');
    // The brand says its red is a light colour: black on it, as the storefront's theme does (domain textOnBrand).
    expect(previewColours({ mainColor: '#E4002B', theme: 'LIGHT', mainColorType: 'LIGHT' }).onBrand).toBe('#000000');
  });
});
